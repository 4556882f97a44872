import { CONSENT_MESSAGES, CONSENT_METHOD_LABELS } from '@fieldbot/shared';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support';

// Chromium records from a fake microphone (playwright.config.ts). The demo company takes consent
// by the technician's confirmation (the default method).

test('a technician cannot start a recording without confirming the customer agreed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, DEMO_ACCOUNTS.tech, { landOn: '/customers' });
  const customers = page.getByRole('table', { name: 'Customers' });
  await customers.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  const customerId = new URL(page.url()).pathname.split('/').pop()!;

  await page.getByRole('button', { name: 'Record Visit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Visit' });
  const consent = dialog.getByRole('checkbox', { name: CONSENT_MESSAGES.checkboxLabel });
  await expect(consent).not.toBeChecked();

  // Start without the check: the message, and no recording.
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await expect(dialog.getByText(CONSENT_MESSAGES.confirmationRequired)).toBeVisible();
  await expect(dialog.getByText('Recording', { exact: true })).toHaveCount(0);
  await expect(dialog.getByTestId('upload-status')).toHaveCount(0);

  // Confirmed: the recording starts, uploads and saves with its consent record.
  await consent.check();
  await expect(dialog.getByText(CONSENT_MESSAGES.confirmationRequired)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  const recording = page.getByRole('dialog', { name: 'Record Visit' });
  await expect(recording.getByText('Recording', { exact: true })).toBeVisible();
  await expect(recording.getByTestId('upload-status')).toHaveText('1 of 1 parts uploaded', {
    timeout: 15_000,
  });
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/company/recordings') && res.request().method() === 'POST',
  );
  await recording.getByRole('button', { name: 'Stop & Save' }).click();
  const response = await created;
  expect(response.status()).toBe(200);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
    consent: { customer_agreed: true },
  });
  await expect(page.getByText('Recording saved.')).toBeVisible({ timeout: 20_000 });
  const { data } = (await response.json()) as { data: { id: string } };

  // The interaction page shows the consent record.
  await page.goto(`/customers/${customerId}/interaction/${data.id}/field-recording`);
  const details = page.getByRole('region', { name: 'Interaction details' });
  const entry = details.getByTestId('consent-record');
  await expect(entry).toContainText(CONSENT_METHOD_LABELS.confirmation);
  await expect(entry).toContainText('Confirmed by');
});
