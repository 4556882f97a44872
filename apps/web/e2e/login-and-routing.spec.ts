import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logInThroughForm, sidebar, sidebarEntries } from './support';

test.describe('each demo account lands on its home and sees its sidebar', () => {
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
    test(`${key} (${account.roleTitle}) lands on ${account.home}`, async ({ page }) => {
      await logInThroughForm(page, account);

      await expect(sidebarEntries(page)).toHaveText(account.sidebar);
      // Until onboarding is complete only Settings leads anywhere (spec §2 Sidebar).
      const open = key === 'newadmin' ? ['Settings'] : account.sidebar;
      await expect(sidebar(page).getByRole('link')).toHaveText(open);
    });
  }
});

test('a company admin without a company can use only the settings while onboarding', async ({
  page,
}) => {
  await logInThroughForm(page, DEMO_ACCOUNTS.newadmin);

  for (const label of ['Dashboard', 'Teams', 'Customers', 'Search', 'Marketplace']) {
    await expect(sidebar(page).getByRole('button', { name: label })).toBeDisabled();
  }

  // Set-up gating (spec §4): every other page sends a company admin who is not set up back to settings.
  await page.goto('/company/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/settings/company-info');
});

test('a logged-out visitor on a private page goes to the login page', async ({ page }) => {
  await page.goto('/customers');

  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByLabel(/^email/i)).toBeVisible();
});

test('a forbidden route goes to /no-access, titled, naming the role title', async ({ page }) => {
  await logInThroughForm(page, DEMO_ACCOUNTS.tech);

  await page.goto('/users');

  await expect(page).toHaveURL((url) => url.pathname === '/no-access');
  await expect(page.getByRole('heading', { level: 1, name: 'No Access' })).toBeVisible();
  await expect(page.getByText('We are Sorry...')).toBeVisible();
  await expect(
    page.getByText(
      'Access is restricted to this page as this is being accessed by Field Technician',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === DEMO_ACCOUNTS.tech.home);
});

test('a publisher on a company route goes to the no-access page', async ({ page }) => {
  await logInThroughForm(page, DEMO_ACCOUNTS.publisher);

  await page.goto('/customers');

  await expect(page).toHaveURL((url) => url.pathname === '/no-access');
  await expect(page.getByRole('heading', { level: 1, name: 'No Access' })).toBeVisible();
  await expect(page.getByText('We are Sorry...')).toBeVisible();
  await expect(
    page.getByText(
      'Access is restricted to this page as this is being accessed by Publisher Admin',
    ),
  ).toBeVisible();
});

test('an unknown route shows the not-found page whose button leads home', async ({ page }) => {
  await logInThroughForm(page, DEMO_ACCOUNTS.manager);

  await page.goto('/no-such-page/anywhere');

  const takeMeHome = page.getByRole('link', { name: 'Take me home' });
  await expect(takeMeHome).toBeVisible();
  await takeMeHome.click();
  await expect(page).toHaveURL((url) => url.pathname === DEMO_ACCOUNTS.manager.home);
});

test('bare /settings opens the settings tab of the role', async ({ page }) => {
  await logInThroughForm(page, DEMO_ACCOUNTS.publisher);

  await page.goto('/settings');

  await expect(page).toHaveURL((url) => url.pathname === '/settings/publisher-info');
});
