import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, submitLogin } from './support';

test('a set-up company admin is sent to the stored redirectTo after login', async ({ page }) => {
  await page.goto('/login?redirectTo=%2Fcustomers');
  await submitLogin(page, DEMO_ACCOUNTS.admin.email);

  await expect(page).toHaveURL((url) => url.pathname === '/customers');
});

test('another role with a redirectTo goes to its home instead', async ({ page }) => {
  await page.goto('/login?redirectTo=%2Fusers');
  await submitLogin(page, DEMO_ACCOUNTS.tech.email);

  await expect(page).toHaveURL((url) => url.pathname === DEMO_ACCOUNTS.tech.home);
});

test('a logged-in visitor on the login page is sent home', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.publisherUser, { landOn: null });
  await page.goto('/login');

  await expect(page).toHaveURL((url) => url.pathname === DEMO_ACCOUNTS.publisherUser.home);
});

test('a login link with an invalid invitation token leads to /invitation-token-expire', async ({
  page,
}) => {
  await page.goto('/login/not-a-real-invitation-token');

  await expect(page).toHaveURL((url) => url.pathname === '/invitation-token-expire');
});

test('the login form works from the keyboard alone', async ({ page }) => {
  await page.goto('/login');

  await page.getByLabel(/^email/i).focus();
  await page.keyboard.type(DEMO_ACCOUNTS.manager.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^password/i)).toBeFocused();
  await page.keyboard.type('Demo@12345');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL((url) => url.pathname === DEMO_ACCOUNTS.manager.home);
});
