import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, sidebar } from './support';

test('profile shows the validation messages and saves a valid change', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.publisherUser, { landOn: '/profile' });

  const name = page.getByLabel('User Name');
  const phone = page.getByLabel('Phone Number');
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_ACCOUNTS.publisherUser.email);

  await name.fill('Pat @ Northwind!');
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid name')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();

  await name.fill('Pat   Northwind');
  await phone.fill('5551234567');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User profile updated successfully')).toBeVisible();

  // Saved on the server: a reload shows the collapsed name and the masked phone number.
  await page.reload();
  await expect(page.getByLabel('User Name')).toHaveValue('Pat Northwind');
  await expect(page.getByLabel('Phone Number')).toHaveValue('(555) 123-4567');
});

test('change password refuses a confirmation that does not match', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.tech, { landOn: '/change-password' });

  await page.getByLabel('Current Password').fill('Demo@12345');
  await page.getByLabel('New Password').fill('Fresh#Pass2026');
  await page.getByLabel('Confirm Password').fill('Fresh#Pass2027');
  await page.getByRole('button', { name: 'Change Password', exact: true }).click();

  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/change-password');
});

test('Cancel on a page opened in a fresh tab goes to the parent route, not out of the app', async ({
  page,
  context,
}) => {
  // Two tabs and four page loads, each landing on a dashboard: more than the default 30 s when the
  // runner is busy.
  test.setTimeout(60_000);
  await logIn(page, DEMO_ACCOUNTS.manager);

  // A new tab with no history of its own (the session cookie is shared).
  const tab = await context.newPage();
  await tab.goto('/profile');
  await expect(tab.getByLabel('User Name')).toBeVisible();
  await tab.getByRole('button', { name: 'Cancel' }).click();
  // The parent of /profile is '/', which sends the manager to the dashboard.
  await expect(tab).toHaveURL((url) => url.pathname === DEMO_ACCOUNTS.manager.home);

  // The header's back button does the same: a user's detail page goes up to the team list.
  await tab.goto('/users/1/detail/general');
  await tab.getByRole('button', { name: 'Go back' }).click();
  await expect(tab).toHaveURL((url) => url.pathname === '/users');
  await tab.close();
});

test('Cancel after moving inside the app goes back to the previous page', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.manager);
  await sidebar(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/customers');

  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/change-password');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/customers');
});
