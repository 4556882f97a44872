import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, linkPath, signUpAndLogIn, waitForMail } from './support';

test('sign up, open the verification link from the outbox, then log in', async ({ page }) => {
  // The helper asserts each step: the sign-up notice, the verified page, the login to onboarding.
  const { email } = await signUpAndLogIn(page);
  const me = await page.request.get('/api/user/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);
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
