import { BILLING_MESSAGES } from '@fieldbot/shared';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, choose, logIn, saveSandboxCard } from './support';

test('a new company admin creates the company with the offline address look-up, adds the sandbox card, reaches the integrations step, then updates only what changed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Onboarding step 1: the admin without a company lands on company information.
  await logIn(page, DEMO_ACCOUNTS.newadmin);
  await expect(page.getByRole('heading', { name: 'Company Information' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Billing' })).toBeDisabled();

  // Required fields say so, and nothing is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Company Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText('Required').first()).toBeVisible();
  expect(await page.getByText('Required', { exact: true }).count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByLabel('Company Name')).toBeFocused();

  await page.getByLabel('Company Name').fill('Nora Heating & Air');

  // A street line and a US ZIP: the offline look-up fills the location and the timezone.
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.fill('350 5th Ave 10001');
  const suggestion = page.getByRole('option', {
    name: '350 5th Ave, New York, NY 10001, United States',
  });
  await suggestion.click();
  await expect(page.getByLabel('City')).toHaveValue('New York');
  await expect(page.getByLabel('State')).toHaveValue('NY');
  await expect(page.getByLabel('Zipcode')).toHaveValue('10001');
  await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue(
    'Eastern Time (US & Canada)',
  );

  // The cascade: trades wait for industry and type, and list the industry's own.
  const trades = page.getByRole('combobox', { name: 'Trades' });
  await expect(trades).toBeDisabled();
  await choose(page, 'Industry', 'HVAC');
  await choose(page, 'Type', 'Residential');
  await expect(trades).toBeEnabled();
  await trades.click();
  await page.getByRole('option', { name: 'Repair', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Drain Cleaning' })).toHaveCount(0);
  await page.getByRole('heading', { name: 'Company Information' }).click();

  await page.getByLabel('Description').fill('Heating and cooling for Manhattan homes.');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/company/create') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);

  // Step 2: billing, now enabled in the settings tabs.
  await expect(page).toHaveURL((url) => url.pathname === '/settings/billing/invoice-history');
  await expect(page.getByRole('tab', { name: 'Billing' })).toBeEnabled();
  await expect(page.getByRole('tab', { name: 'Integration' })).toBeDisabled();

  // A declined card shows the error on the form, keeps nothing and leaves the admin on billing.
  await page.getByRole('button', { name: 'Add card' }).click();
  await saveSandboxCard(page, '4000 0000 0000 0002');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toContainText(BILLING_MESSAGES.cardDeclined);
  await expect(dialog.getByLabel('Card number')).toHaveValue('');
  await expect(dialog.getByLabel('CVC')).toHaveValue('');
  await expect(page).toHaveURL((url) => url.pathname === '/settings/billing/invoice-history');

  // The sandbox card 4242 is saved, and onboarding moves on to step 3: integrations.
  await saveSandboxCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(BILLING_MESSAGES.cardAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/settings/integrations');
  await expect(page.getByRole('tab', { name: 'Integration' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page.getByText('Visa •••• 4242')).toBeVisible();

  // Back on company information the saved company is shown, and an edit sends only its field.
  await page.getByRole('tab', { name: 'Company Information' }).click();
  await expect(page.getByLabel('Company Name')).toHaveValue('Nora Heating & Air');
  await expect(page.getByLabel('City')).toHaveValue('New York');
  await expect(page.getByRole('combobox', { name: 'Industry' })).toHaveValue('HVAC');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.getByLabel('Phone Process').fill('Answer within three rings.');
  const updated = page.waitForRequest(
    (r) => r.url().endsWith('/api/company/update') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await updated).postDataJSON()).toEqual({ phone_process: 'Answer within three rings.' });
  await expect(page.getByText('Company updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  // Saved on the server.
  await page.reload();
  await expect(page.getByLabel('Phone Process')).toHaveValue('Answer within three rings.');
});
