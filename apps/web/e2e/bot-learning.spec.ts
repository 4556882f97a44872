import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, openPlanOfferInteraction, runBotOnInteraction } from './support';

// Bots that learn from reviewers: a company reviewer marks words a bot missed, the publisher sees
// the (shared, redacted) sentence on the bot's detail, teaches the bot, test-runs and publishes
// with the before/after on its labelled examples. In the furnace tune-up clip the technician
// offers the plan twice; the demo bot finds "The plan covers…" but not "I can add it today."
const PLAN_BOT = 'Maintenance plan offered';
const MISSED = 'I can add it today.';

/** Selects `text` inside the transcript region as a reader would with the mouse. */
async function selectInTranscript(page: Page, text: string) {
  const transcript = page.getByRole('region', { name: /Transcript/ });
  await expect(transcript).toContainText(text);
  await transcript.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const selection = document.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`"${wanted}" is not one text run of the transcript`);
  }, text);
}

test('a reviewer marks a miss; the publisher sees it, teaches the bot and publishes with the before/after', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const company = await browser.newPage();
  await logIn(company, DEMO_ACCOUNTS.admin, { landOn: null });

  // The company lets its marks reach publishers (off by default).
  await company.goto('/settings/company-info');
  const share = company.getByRole('switch', { name: "Share reviewers' marks with bot publishers" });
  await expect(share).not.toBeChecked();
  await share.click();
  await expect(share).toBeChecked();

  await openPlanOfferInteraction(company, 3);
  await runBotOnInteraction(company, PLAN_BOT);
  const panel = company.getByRole('tabpanel', { name: PLAN_BOT });
  await expect(panel.getByText('Plan offered', { exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });

  await selectInTranscript(company, MISSED);
  const toolbar = company.getByRole('group', { name: 'Selected words' });
  await expect(toolbar).toContainText(MISSED);
  await toolbar.getByRole('button', { name: 'Mark as missed' }).click();
  await company.getByRole('menuitem', { name: 'Missed: Plan offered' }).click();
  await expect(company.getByText('Marked as missed.')).toBeVisible();
  await expect(
    company.getByRole('button', { name: `Remove “${MISSED}” (Missed: Plan offered)` }),
  ).toBeVisible();
  await company.close();

  // The publisher sees the miss and its effect on the tag's figures.
  const publisher = await browser.newPage();
  await logIn(publisher, DEMO_ACCOUNTS.publisher, { landOn: '/bot/list' });
  await publisher.getByRole('link', { name: PLAN_BOT }).first().click();
  await expect(publisher).toHaveURL(/\/bot\/detail\/[0-9a-f-]{36}$/);
  const misses = publisher.getByRole('region', { name: 'Worst misses' });
  await expect(misses).toContainText(MISSED);
  await expect(misses).toContainText('Plan offered');
  await expect(publisher.getByRole('region', { name: 'Accuracy by tag' })).toContainText(
    '1 missed',
  );

  // Teach the bot the missed words and try it on the same sample.
  await publisher.getByRole('link', { name: 'Edit' }).click();
  await expect(publisher).toHaveURL(/\/bot\/create\/[0-9a-f-]{36}$/);
  const tag = publisher.getByRole('group', { name: 'Output tag 0' });
  const phrases = tag.getByRole('combobox', { name: 'Phrases' });
  await phrases.fill('add it today');
  await phrases.press('Enter');
  const testRun = publisher.getByRole('region', { name: 'Test run' });
  await testRun.getByRole('combobox', { name: 'Sample transcript' }).click();
  await publisher.getByRole('option', { name: 'Furnace tune-up before winter' }).click();
  await testRun.getByRole('button', { name: 'Run test' }).click();
  await expect(testRun.getByRole('table', { name: 'Evidence' })).toContainText(
    'Phrase: add it today',
    { timeout: 20_000 },
  );
  await publisher.getByRole('button', { name: 'Save draft' }).click();
  await expect(publisher.getByText('Draft saved.')).toBeVisible();

  // Publishing compares the draft with version 1 on the labelled examples: the miss is now found.
  await publisher.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = publisher.getByRole('dialog', { name: /Publish version 2/ });
  const comparison = dialog.getByRole('table', { name: 'Before and after, per tag' });
  const row = comparison.getByRole('row', { name: /Plan offered/ });
  await expect(row).toContainText('0% → 100%');
  await expect(row).not.toContainText('Dropped');
  await dialog.getByRole('textbox', { name: 'Changelog' }).fill('Also finds "I can add it today."');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(publisher).toHaveURL(/\/bot\/detail\/[0-9a-f-]{36}$/);
  const versions = publisher.getByRole('table', { name: 'Versions' });
  await expect(versions.locator('tbody tr').first()).toContainText('v2');
  await publisher.close();
});
