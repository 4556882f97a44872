import { expect, test } from '@playwright/test';
import { axeFindings } from './axe';
import { DEMO_ACCOUNTS, linkPath, logIn, searchUserRow, waitForMail } from './support';

const PASSWORD = 'Tangerine#Kiwi2026e2e';

test('the company admin invites a technician who accepts from the mailed link and turns Active', async ({
  page,
  browser,
}) => {
  // Two browsers, a mail through the job queue and two debounced searches: more than the default 30 s.
  test.slow();
  const email = `e2e.tech.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;

  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/users' });
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(
    DEMO_ACCOUNTS.manager.email,
  );

  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Field Technician' }).click();
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation sent successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const invited = await searchUserRow(page, email);
  await expect(invited).toContainText('Invited');
  await expect(invited).toContainText('Field Technician');
  await expect(
    invited.getByRole('button', { name: `Revoke invitation to ${email}` }),
  ).toBeVisible();

  // The invitee opens the link in a browser of their own.
  const mail = await waitForMail(email, /invited/i);
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(linkPath(mail, '/accept-invite/'));
  await inviteePage.getByLabel('Name').fill('Ellis Newtech');
  await inviteePage.getByLabel(/^Password/).fill(PASSWORD);
  await inviteePage.getByLabel('Confirm Password').fill(PASSWORD);
  await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(inviteePage).toHaveURL((url) => url.pathname === '/company/dashboard');
  await invitee.close();

  await page.reload();
  const active = await searchUserRow(page, email);
  await expect(active).toContainText('Active');
  await expect(active.getByRole('link', { name: 'Ellis Newtech' })).toBeVisible();
  await expect(active.getByRole('button', { name: /invitation/ })).toHaveCount(0);
});

test('a manager sees the team read-only, on a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, DEMO_ACCOUNTS.manager, { landOn: '/users' });
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table).toContainText(DEMO_ACCOUNTS.tech.email);
  await expect(page.getByRole('button', { name: 'Invite' })).toHaveCount(0);
  // Nothing on the page is wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await table.getByRole('link', { name: 'Tina Tech' }).click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}\/detail\/general$/);
  await expect(page.getByLabel(/^User Name/)).toHaveValue('Tina Tech');
  await expect(page.getByLabel(/^User Name/)).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByText('Only the Company Admin can change team members.')).toBeVisible();
});

test('the team list, the invite dialog and the user detail pass axe in light and dark', async ({
  page,
}) => {
  test.slow();
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/users' });
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table).toContainText(DEMO_ACCOUNTS.tech.email);
  await page.waitForLoadState('networkidle');
  expect(await axeFindings(page, '/users')).toEqual([]);

  await page.getByRole('button', { name: 'Invite' }).click();
  await page
    .getByRole('dialog', { name: 'Invite User' })
    .getByRole('button', { name: 'Send Invitation' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Invite User' })).toContainText('Required');
  expect(await axeFindings(page, 'invite dialog')).toEqual([]);
  await page.keyboard.press('Escape');

  await table.getByRole('link', { name: 'Tina Tech' }).click();
  await expect(page.getByLabel(/^User Name/)).toHaveValue('Tina Tech');
  // CRM-linked: name and phone locked with the hint; the role stays editable for the admin.
  await expect(page.getByLabel(/^User Name/)).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(await axeFindings(page, 'user detail')).toEqual([]);
});
