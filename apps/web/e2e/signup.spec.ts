import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, linkPath, submitLogin, waitForMail } from './support';

test('sign up, open the verification link from the outbox, then log in', async ({ page }) => {
  const email = `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'Tangerine#Kiwi2026e2e';

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Casey Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Account created. Please check your email to verify your address.'),
  ).toBeVisible();

  const mail = await waitForMail(email, /verif/i);
  const verifyPath = linkPath(mail, '/verify/');
  const verified = page.waitForResponse(
    (r) => r.url().includes('/api/user/verify/') && r.request().method() === 'GET',
  );
  await page.goto(verifyPath);
  expect((await verified).status()).toBe(200);
  await expect(
    page.getByText('Your email address has been verified. You can now log in.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await submitLogin(page, email, password);
  // A new account is a company admin without a company: onboarding starts on the company settings.
  await expect(page).toHaveURL((url) => url.pathname === '/settings/company-info');
});

test('forgot password gives the same confirmation for any address and mails a reset link', async ({
  page,
}) => {
  const confirmation =
    'If an account exists for that email address, we have sent a password reset link.';
  for (const email of ['nobody-here@example.test', DEMO_ACCOUNTS.manager.email]) {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(confirmation)).toBeVisible();
  }

  const mail = await waitForMail(DEMO_ACCOUNTS.manager.email, /reset/i);
  expect(linkPath(mail, '/reset-password/')).toMatch(/^\/reset-password\/\S+/);
});
