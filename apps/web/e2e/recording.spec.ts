import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, startRecordVisit } from './support';

// Chromium runs with a fake microphone (playwright.config.ts: --use-fake-device-for-media-stream,
// --use-fake-ui-for-media-stream). The e2e server has no speech-to-text service configured, so a
// recording is transcribed offline by pocketsphinx (the default) and labelled as a draft.
const DRAFT_TRANSCRIPT = 'Draft transcript (offline, low accuracy)';

test('record a visit in the browser and watch it complete', async ({ page }) => {
  // Offline transcription shares the runner's two cores with two browsers and the other tests'
  // CRM syncs: on a slow runner it alone took over a minute, and the whole test 1.9 min in a
  // passing run (28 s when it runs alone).
  test.setTimeout(240_000);
  await logIn(page, DEMO_ACCOUNTS.tech, { landOn: '/customers' });
  const customers = page.getByRole('table', { name: 'Customers' });
  await customers.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  const customerUrl = page.url();

  await startRecordVisit(page);
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
      { timeout: 180_000, intervals: [1000, 2000, 3000] },
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

/** Logs the technician in and opens the first of their customers. */
async function openFirstCustomer(page: Page) {
  await logIn(page, DEMO_ACCOUNTS.tech, { landOn: '/customers' });
  const customers = page.getByRole('table', { name: 'Customers' });
  await customers.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
}

/** The chunk uploads (PUTs to the pre-signed upload URLs) fail like a dropped connection. */
async function failChunkUploads(page: Page) {
  await page.route('**/api/uploads/**', (route) =>
    route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
  );
}

/**
 * Records until a chunk exists, stops, and lets the bounded retries give up: the page's clock
 * (installed by the test before it loads) jumps ahead instead of the test waiting out the 20 s.
 */
async function recordThroughOutage(page: Page) {
  await startRecordVisit(page);
  const dialog = page.getByRole('dialog', { name: 'Record Visit' });
  await expect(dialog.getByText('Recording', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('upload-status')).toContainText('of 1 parts uploaded', {
    timeout: 15_000,
  });
  await dialog.getByRole('button', { name: 'Stop & Save' }).click();
  const failed = dialog.getByTestId('upload-failed');
  await expect(async () => {
    await page.clock.fastForward(5_000);
    await expect(failed).toContainText('Upload failed. Please try again.', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(failed).toContainText('Your recording is saved on this device');
  return dialog;
}

test('a failed upload says so with Retry, and Retry saves the recording once the line is back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await openFirstCustomer(page);
  await failChunkUploads(page);
  const dialog = await recordThroughOutage(page);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Recording saved.')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Interactions' }).locator('tbody tr').first(),
  ).toContainText(/R-\d{6,}/);
});

test('a recording kept on the device is offered again after a reload and finishes uploading', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await openFirstCustomer(page);
  const interactions = page.getByRole('table', { name: 'Interactions' });
  await expect(interactions.locator('tbody tr').first()).toBeVisible();
  const newestBefore = await interactions.locator('tbody tr').first().textContent();
  await failChunkUploads(page);
  await recordThroughOutage(page);

  // The tab is reloaded (or closed and opened again) with the line still down.
  await page.reload();
  const offer = page.getByRole('region', { name: 'Recording not uploaded yet' });
  await expect(offer).toContainText('Your recording is saved on this device');

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await offer.getByRole('button', { name: 'Finish uploading' }).click();
  await expect(page.getByText('Recording saved.')).toBeVisible({ timeout: 20_000 });
  await expect(offer).toBeHidden();
  await expect(interactions.locator('tbody tr').first()).not.toHaveText(newestBefore ?? '');
  await expect(interactions.locator('tbody tr').first()).toContainText(/R-\d{6,}/);

  // Saved: nothing is offered any more.
  await page.reload();
  await expect(interactions.locator('tbody tr').first()).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test('a recording of a customer with several open jobs is linked to the job the technician picks', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.tech);
  let target: { customerId: string; jobNumber: string } | null = null;
  // The demo's big customer has two open jobs per technician; find it on whichever page it is.
  for (let pageNumber = 1; pageNumber <= 5 && !target; pageNumber++) {
    const list = await page.request.get(`/api/company/customers?page=${pageNumber}`);
    const customers = ((await list.json()) as { data: { items: { id: string }[] } }).data.items;
    for (const customer of customers) {
      const answer = await page.request.get(`/api/company/customer/${customer.id}/open-jobs`);
      expect(answer.status()).toBe(200);
      const jobs = ((await answer.json()) as { data: { job_number: string }[] }).data;
      if (jobs.length > 1) {
        target = { customerId: customer.id, jobNumber: jobs[1]!.job_number };
        break;
      }
    }
  }
  expect(target, 'a demo customer of the technician with several open jobs').not.toBeNull();

  await page.goto(`/customers/${target!.customerId}`);
  await startRecordVisit(page);
  const dialog = page.getByRole('dialog', { name: 'Record Visit' });
  await expect(dialog.getByTestId('upload-status')).toHaveText('1 of 1 parts uploaded', {
    timeout: 15_000,
  });
  const stop = dialog.getByRole('button', { name: 'Stop & Save' });
  await expect(stop).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: target!.jobNumber, exact: true }).click();
  await stop.click();
  await expect(page.getByText('Recording saved.')).toBeVisible({ timeout: 20_000 });
  const newest = page.getByRole('table', { name: 'Interactions' }).locator('tbody tr').first();
  await expect(newest.locator('td[data-label="Job ID"]')).toHaveText(target!.jobNumber);
});
