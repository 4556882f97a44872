import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  logIn,
  openPlanOfferInteraction,
  runBotOnInteraction,
  startRecordVisit,
} from './support';

// Bots end to end. Demo data (apps/server/src/seed/demo-bots.ts): Northwind publishes five
// rules bots; Acme subscribes to 'Maintenance plan offered' and 'Price quoted'
// (recording-complete) and 'Booking outcome' (call-complete). Only the furnace tune-up clip offers
// a maintenance plan.
const PLAN_BOT = 'Maintenance plan offered';
const RECORDING_BOTS = [PLAN_BOT, 'Price quoted'];

/** mm:ss or hh:mm:ss → seconds. */
function seconds(text: string): number {
  return text
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

test('the publisher builds a rules bot, test-runs it on a sample, saves and publishes it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = `Plan spotter ${Date.now()}`;
  await logIn(page, DEMO_ACCOUNTS.publisher, { landOn: '/bot/create' });
  const form = page.getByRole('form', { name: 'New bot' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  // A new bot starts as a recording-complete bot on every recording, with the rules engine.
  await expect(form.getByRole('combobox', { name: 'Trigger', exact: true })).toHaveValue(
    'Recording Complete',
  );
  await expect(form.getByRole('combobox', { name: 'Trigger event' })).toHaveValue('Every');
  await expect(form.getByRole('radio', { name: 'Rules' })).toBeChecked();
  const tag = form.getByRole('group', { name: 'Output tag 0' });
  await tag.getByRole('textbox', { name: 'Label' }).fill('Plan mentioned');
  const phrases = tag.getByRole('combobox', { name: 'Phrases' });
  await phrases.fill('maintenance plan');
  await phrases.press('Enter');

  const testRun = page.getByRole('region', { name: 'Test run' });
  await testRun.getByRole('combobox', { name: 'Sample transcript' }).click();
  await page.getByRole('option', { name: 'Furnace tune-up before winter' }).click();
  await testRun.getByRole('button', { name: 'Run test' }).click();
  const evidence = testRun.getByTestId('test-run-transcript');
  await expect(evidence.locator('mark', { hasText: /maintenance plan/i })).toBeVisible({
    timeout: 20_000,
  });
  await expect(testRun.getByRole('table', { name: 'Output tags' })).toContainText('Plan mentioned');

  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/bot\/create\/[0-9a-f-]{36}$/);
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeEnabled();
  await publish.click();
  const dialog = page.getByRole('dialog', { name: 'Publish version 1' });
  await dialog
    .getByRole('textbox', { name: 'Changelog' })
    .fill('First version: spots plan offers.');
  await dialog.getByRole('button', { name: 'Publish' }).click();

  await expect(page).toHaveURL(/\/bot\/detail\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.locator('tbody tr')).toHaveCount(1);
  await expect(versions.locator('tbody tr').first()).toContainText('v1');
  await expect(versions.locator('tbody tr').first()).toContainText(
    'First version: spots plan offers.',
  );
});

test('the company admin runs a bot on an interaction, sees the highlight, and it plays', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  await openPlanOfferInteraction(page);
  const player = page.getByRole('group', { name: 'Audio player' });
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  await runBotOnInteraction(page, PLAN_BOT);

  const tab = page.getByRole('tab', { name: PLAN_BOT });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: PLAN_BOT });
  await expect(panel.getByText('Plan offered', { exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });

  // The transcript highlights the bot's quotes; a highlight plays from its moment.
  const transcript = page.getByRole('region', { name: /Transcript/ });
  // The technician's offer starts at 00:26 of the clip (demo-audio/clips.json).
  const offer = transcript
    .locator('[data-segment]', { hasText: 'The plan covers' })
    .locator('mark[role="button"]')
    .first();
  await expect(offer).toBeVisible();
  const stamp = /play from (\d{2}:\d{2})/.exec((await offer.getAttribute('title')) ?? '')![1]!;
  expect(seconds(stamp)).toBeGreaterThanOrEqual(26);
  await expect(page.getByTestId('player-elapsed')).toHaveText('00:00');
  await offer.click();
  await expect(page.getByTestId('player-elapsed')).toHaveText(stamp);
});

/** Records a few seconds of the fake microphone for the technician's first customer. */
async function recordVisit(page: Page): Promise<{ customerId: string; number: string }> {
  await logIn(page, DEMO_ACCOUNTS.tech, { landOn: '/customers' });
  const customers = page.getByRole('table', { name: 'Customers' });
  await customers.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  const customerId = new URL(page.url()).pathname.split('/').pop()!;

  await startRecordVisit(page);
  const dialog = page.getByRole('dialog', { name: 'Record Visit' });
  await expect(dialog.getByTestId('upload-status')).toHaveText('1 of 1 parts uploaded', {
    timeout: 15_000,
  });
  await dialog.getByRole('button', { name: 'Stop & Save' }).click();
  await expect(page.getByText('Recording saved.')).toBeVisible({ timeout: 20_000 });
  const newest = page.getByRole('table', { name: 'Interactions' }).locator('tbody tr').first();
  await expect(newest).toContainText(/R-\d{6,}/);
  const number = /R-\d{6,}/.exec((await newest.textContent()) ?? '')![0];
  return { customerId, number };
}

test('a recorded visit completes and its automatic bot result appears without a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { customerId, number } = await recordVisit(page);
  const answer = await page.request.get(`/api/company/interactions/${customerId}`, {
    params: { keyword: number },
  });
  const { items } = (
    (await answer.json()) as {
      data: { items: { id: string; interaction_id: string; status: string }[] };
    }
  ).data;
  const recorded = items.find((i) => i.interaction_id === number);
  expect(recorded, `the new recording ${number}`).toBeDefined();

  // Opened while the pipeline still works on it (the list only links it once completed).
  let reloads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads++;
  });
  await page.goto(`/customers/${customerId}/interaction/${recorded!.id}/field-recording`);
  const details = page.getByRole('region', { name: 'Interaction details' });
  await expect(details).toContainText(number);
  await expect(details).toContainText('In Progress');
  const navigationsBefore = reloads;

  await expect(details).toContainText('Completed', { timeout: 60_000 });
  const tabs = page.getByRole('tablist', { name: 'Bots' });
  await expect(tabs).toBeVisible({ timeout: 30_000 });
  for (const bot of RECORDING_BOTS)
    await expect(tabs.getByRole('tab', { name: bot })).toBeVisible();
  // Run By: the automation, not a person.
  await expect(page.getByText('Automation', { exact: true })).toBeVisible();
  expect(reloads, 'no reload or navigation').toBe(navigationsBefore);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function expectNoSidewaysScroll(page: Page, what: string) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => {
      const root = document.scrollingElement!;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    expect(scrollWidth, `${what}: document scrollWidth`).toBeLessThanOrEqual(clientWidth);
  }

  test('the bot list and the builder fit the screen', async ({ page }) => {
    // Four pages and a test run: over 30 s on a busy 2-core runner.
    test.setTimeout(90_000);
    await logIn(page, DEMO_ACCOUNTS.publisher, { landOn: '/bot/list' });
    await expect(page.getByRole('link', { name: PLAN_BOT })).toBeVisible();
    await expectNoSidewaysScroll(page, 'bot list');

    await page.getByRole('link', { name: PLAN_BOT }).click();
    await expect(page).toHaveURL(/\/bot\/detail\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('table', { name: 'Versions' }).locator('tbody tr')).not.toHaveCount(
      0,
    );
    await expectNoSidewaysScroll(page, 'bot detail');

    await page.goto(`/bot/create/${id}`);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(PLAN_BOT);
    await expectNoSidewaysScroll(page, 'bot builder');
    const testRun = page.getByRole('region', { name: 'Test run' });
    await testRun.getByRole('combobox', { name: 'Sample transcript' }).click();
    await page.getByRole('option', { name: 'Furnace tune-up before winter' }).click();
    await testRun.getByRole('button', { name: 'Run test' }).click();
    await expect(testRun.getByTestId('test-run-transcript').locator('mark').first()).toBeVisible({
      timeout: 20_000,
    });
    await expectNoSidewaysScroll(page, 'bot builder with a test run');
    await page.goto('/bot/create');
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'new bot builder');
  });

  test('an interaction with a bot result fits the screen', async ({ page }) => {
    test.setTimeout(60_000);
    await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
    await openPlanOfferInteraction(page, 1);
    await runBotOnInteraction(page, PLAN_BOT);
    await expect(
      page.getByRole('tabpanel', { name: PLAN_BOT }).getByText('Response tags'),
    ).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, 'interaction with a bot result');
  });
});
