import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logInThroughForm, sidebar } from './support';

test('logout through the user menu shows "Logging out..." and ends on the login page', async ({
  page,
}) => {
  await logInThroughForm(page, DEMO_ACCOUNTS.manager);
  // The real logout request, held back until the modal shown while it runs has been seen: a fixed
  // delay could end between two of the assertion's polls on a busy machine.
  let releaseLogout = () => {};
  const logoutReleased = new Promise<void>((resolve) => (releaseLogout = resolve));
  await page.route('**/api/user/logout', async (route) => {
    await logoutReleased;
    await route.continue();
  });

  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page.getByText('Logging out...')).toBeVisible();
  releaseLogout();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  // The login page is a document of its own (ADR 020): its form shows once that has loaded.
  await expect(page.getByLabel(/^email/i)).toBeVisible();

  // The server ended the session: a private page is no longer reachable.
  await page.goto('/company/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('an expired session shows the Session Expired modal and "Login again" returns to login', async ({
  page,
  context,
}) => {
  await logInThroughForm(page, DEMO_ACCOUNTS.tech);

  // The server no longer knows this browser: the next call to the API answers 401.
  await context.clearCookies({ name: 'fieldbot_session' });
  await page.reload();

  const dialog = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Login again' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByLabel(/^email/i)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Session Expired' })).toHaveCount(0);
});

test("a page's failed call under the Session Expired modal shows no raw server text", async ({
  page,
  context,
}) => {
  await logInThroughForm(page, DEMO_ACCOUNTS.tech);
  await sidebar(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible();

  // The session ends on the server side; the next list request answers 401 'Unauthenticated.'.
  await context.clearCookies({ name: 'fieldbot_session' });
  await page.getByRole('textbox', { name: /search/i }).fill('zzz');

  const dialog = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveText(/^\s*Session Expired\s*Login again\s*$/);
  await expect(page.getByText('Unauthenticated.')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Customers' })).toHaveCount(0);
});
