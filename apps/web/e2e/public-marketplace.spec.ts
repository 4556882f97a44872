import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PUBLIC_MARKETPLACE_PATH, submitLogin } from './support';

test('the public marketplace page names the publisher and leads to sign in with the referer', async ({
  page,
}) => {
  await page.goto(DEMO_PUBLIC_MARKETPLACE_PATH);

  await expect(page.getByRole('heading', { name: 'Northwind Bots' })).toBeVisible();
  await expect(page.getByText('has shared access to its bot marketplace with you')).toBeVisible();
  const referer = `referer=${encodeURIComponent(DEMO_PUBLIC_MARKETPLACE_PATH)}`;
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    `/signup?${referer}`,
  );
  // The referral code is kept in this browser for after sign-in.
  expect(await page.evaluate(() => localStorage.getItem('fieldbot.referralCode'))).toContain(
    'NWBOTS01',
  );

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`/login?${referer}`);
  await submitLogin(page, DEMO_ACCOUNTS.admin.email);
  await expect(page).not.toHaveURL(/\/login/);
});

test('an unknown publisher code says the link is not valid and keeps no referral code', async ({
  page,
}) => {
  await page.goto('/public/marketplace/NOPE0000-Nobody%20Bots');

  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByText('Nobody Bots')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('fieldbot.referralCode'))).toBeNull();
});
