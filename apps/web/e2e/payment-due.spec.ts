import { AUTH_MESSAGES, BILLING_MESSAGES } from '@fieldbot/shared';
import { expect, test, type Page } from '@playwright/test';
import { submitLogin } from './support';

// Demo data: Initech (due@demo.fieldbot.test) is payment-due: its saved sandbox card 4000 0000 0000
// 0341 fails every charge, so last month's invoice failed. This spec alone owns that company.

const NEXT_YEAR_YY = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function payNow(page: Page) {
  const failedRow = page
    .getByRole('table', { name: 'Transactions' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Pay Now for invoice/ }) })
    .first();
  await failedRow.getByRole('button', { name: /^Pay Now for invoice/ }).click();
}

test('a payment-due admin is held on billing until Pay Now with a good card unlocks the company', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await submitLogin(page, 'due@demo.fieldbot.test');

  // Held on billing: the payment-due message once, on the invoice history.
  await expect(page).toHaveURL((url) => url.pathname === '/settings/billing/invoice-history');
  await expect(page.getByText(AUTH_MESSAGES.paymentDue)).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Integration' })).toBeDisabled();
  await expect(page.getByText('Visa •••• 0341')).toBeVisible();
  await page.goto('/customers');
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/settings/'));

  // Pay Now with the saved 0341 card: the charge is declined.
  await page.goto('/settings/billing/transaction-history');
  await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible();
  await payNow(page);
  await expect(page.getByText(BILLING_MESSAGES.paymentFailed)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/settings/billing/transaction-history');

  // Change the card to 4242 (not onboarding: the admin stays on billing).
  await page.getByRole('button', { name: 'Change card' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(BILLING_MESSAGES.sandboxNotice)).toBeVisible();
  await dialog.getByLabel('Name on card').fill('Dana Due');
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill(`12${NEXT_YEAR_YY}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText(BILLING_MESSAGES.cardAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Visa •••• 4242')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/settings/billing/transaction-history');

  // Pay Now succeeds: the loading toast, then the success message. The charge answers in
  // milliseconds, so its answer is held until the loading toast has been seen.
  let releaseCharge!: () => void;
  const chargeHeld = new Promise<void>((resolve) => (releaseCharge = resolve));
  await page.route('**/api/company/pay-now/*', async (route) => {
    await chargeHeld;
    await route.continue();
  });
  const charge = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/api/company/pay-now/'),
  );
  await payNow(page);
  await expect(page.getByText(BILLING_MESSAGES.processingPayment)).toBeVisible();
  releaseCharge();
  expect((await charge).status()).toBe(200);
  await page.unroute('**/api/company/pay-now/*');
  await expect(page.getByText(BILLING_MESSAGES.paymentSucceeded)).toBeVisible({ timeout: 20_000 });

  // The paid row reads Paid (disabled) and the app is unlocked.
  const paid = page
    .getByRole('table', { name: 'Transactions' })
    .getByRole('button', { name: 'Paid' });
  await expect(paid.first()).toBeVisible();
  await expect(paid.first()).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Integration' })).toBeEnabled();
  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
});
