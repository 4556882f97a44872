import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support';

// Chromium runs with a fake microphone (playwright.config.ts: --use-fake-device-for-media-stream,
// --use-fake-ui-for-media-stream). The e2e server has no speech-to-text service configured, so a
// recording is transcribed offline by pocketsphinx (the default) and labelled as a draft.
const DRAFT_TRANSCRIPT = 'Draft transcript (offline, low accuracy)';

test('record a visit in the browser and watch it complete', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.tech);
  await page.goto('/customers');
  const customers = page.getByRole('table', { name: 'Customers' });
  await customers.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  const customerUrl = page.url();

  await page.getByRole('button', { name: 'Record Visit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Visit' });
  await expect(dialog.getByText('Recording', { exact: true })).toBeVisible();
  // The first chunk goes up while recording continues.
  await expect(dialog.getByTestId('upload-status')).toHaveText('1 of 1 parts uploaded', {
    timeout: 15_000,
  });
  await expect(dialog.getByTestId('recording-elapsed')).not.toHaveText('00:00');
  await dialog.getByRole('button', { name: 'Stop & Save' }).click();
  await expect(page.getByText('Recording saved.')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();

  // The newest row is the new recording; the pipeline merges it and it completes.
  const interactions = page.getByRole('table', { name: 'Interactions' });
  const newest = interactions.locator('tbody tr').first();
  await expect(newest).toContainText(/R-\d{6,}/);
  const number = /R-\d{6,}/.exec((await newest.textContent()) ?? '')![0];
  await expect
    .poll(
      async () => {
        await page.goto(customerUrl);
        const row = interactions.locator('tbody tr', { hasText: number });
        await expect(row).toBeVisible();
        return (await row.getByRole('cell').last().textContent())?.trim();
      },
      { timeout: 60_000, intervals: [1000, 2000, 3000] },
    )
    .toMatch(/Completed/i);

  await interactions.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(/\/interaction\/[0-9a-f-]{36}\/field-recording$/);
  await expect(
    page.getByRole('region', { name: /Transcript/ }).getByText(DRAFT_TRANSCRIPT),
  ).toBeVisible();
  const details = page.getByRole('region', { name: 'Interaction details' });
  await expect(details).toContainText(number);
  await expect(details).toContainText('Completed');

  // The merged audio plays.
  const player = page.getByRole('group', { name: 'Audio player' });
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const total = (await page.getByTestId('player-total').textContent()) ?? '';
  expect(total).toMatch(/^00:(0[5-9]|[1-5]\d)$/);
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('player-elapsed')).not.toHaveText('00:00', { timeout: 15_000 });
});
