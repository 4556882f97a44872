import { BILLING_MESSAGES } from '@fieldbot/shared';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support';

// Needs the billing server routes (payment method, sandbox confirm-setup, invoices,
// transactions, capacity) and the built-in sandbox provider (no STRIPE_* keys set).

const NEXT_YEAR_YY = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function openCardForm(page: Page) {
  await page.goto('/settings/billing/invoice-history');
  await page.getByRole('button', { name: /^(Add|Change) card$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(BILLING_MESSAGES.sandboxNotice)).toBeVisible();
  return dialog;
}

async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name on card').fill('Ada Admin');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill(`12${NEXT_YEAR_YY}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
}

test('the sandbox card 4242 is added and shown as the saved card', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  const dialog = await openCardForm(page);
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(BILLING_MESSAGES.cardAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Visa •••• 4242')).toBeVisible();
  await expect(page.getByText(`Expires 12/20${NEXT_YEAR_YY}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change card' })).toBeVisible();
});

test('the sandbox card 0002 is declined on the form and nothing is kept', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  const dialog = await openCardForm(page);
  await fillCard(page, '4000 0000 0000 0002');
  await expect(dialog.getByRole('alert')).toContainText(BILLING_MESSAGES.cardDeclined);
  await expect(dialog.getByLabel('Card number')).toHaveValue('');
  await expect(dialog.getByLabel('CVC')).toHaveValue('');
});

test('capacity follows the spec rules and saves', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/billing/capacity' });
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Capacity' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(/In US dollars per billing month/)).toBeVisible();

  const soft = page.getByRole('spinbutton', { name: /Soft Capacity/ });
  const hard = page.getByRole('spinbutton', { name: /Hard Capacity/ });
  const save = page.getByRole('button', { name: 'Save' });
  const before = { soft: await soft.inputValue(), hard: await hard.inputValue() };

  // +, - and e never reach the input.
  await soft.fill('');
  await soft.pressSequentially('1e-+5');
  await expect(soft).toHaveValue('15');

  await soft.fill('');
  await hard.fill('');
  await save.click();
  await expect(page.getByText('Required')).toBeVisible();

  await soft.fill('500');
  await hard.fill('500');
  await expect(page.getByText(BILLING_MESSAGES.hardGreaterThanSoft)).toBeVisible();
  await expect(save).toBeDisabled();

  await hard.fill('');
  await soft.fill('90000');
  await save.click();
  await expect(page.getByText(BILLING_MESSAGES.limitUpdated)).toBeVisible();
  await page.reload();
  await expect(soft).toHaveValue('90000');
  await expect(hard).toHaveValue('');

  // Put the demo company's limits back for the other specs.
  await soft.fill(before.soft || '90000');
  await hard.fill(before.hard);
  await save.click();
  await expect(page.getByText(BILLING_MESSAGES.limitUpdated).first()).toBeVisible();
});

test('invoice and transaction history are reachable as Billing sub-tabs', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  await page.goto('/settings/billing');
  await expect(page).toHaveURL((url) => url.pathname === '/settings/billing/invoice-history');
  await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible();
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/settings/billing/transaction-history');
  await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
});
