import { expect, test } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  addSandboxCard,
  connectDemoCrm,
  createCompany,
  integrationCard,
  isoDay,
  recordStatuses,
  shownStatuses,
  sidebar,
  sidebarEntries,
  signUpAndLogIn,
} from './support';

// Onboarding from a brand-new account to a set-up company (spec §2 "Settings", §4 "Account set-up
// gating"): step 1 company information, step 2 a card, step 3 connecting the CRM. Its own account,
// so no demo account is changed.

/** The integration card's badge through a first connection and sync (spec §4). */
const SYNC_PROGRESS = [
  'Not Connected',
  'Connected',
  'Data Sync Pending',
  'Data Sync Processing',
  'Sync Complete',
];

test('a new account signs up, creates its company, adds a card, connects the demo CRM and is set up', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page, 'Olive Onboarding');
  const companyAdmin = DEMO_ACCOUNTS.admin.sidebar;
  // While onboarding only Settings leads anywhere.
  await expect(sidebarEntries(page)).toHaveText(companyAdmin);
  await expect(sidebar(page).getByRole('link')).toHaveText(['Settings']);

  await createCompany(page, 'Olive Plumbing & Air');

  // Step 2: the sandbox card; onboarding moves on to step 3, the integrations tab.
  await addSandboxCard(page, 'Olive Onboarding');
  await expect(page.getByRole('tab', { name: 'Integration' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Still not set up: the rest of the app stays closed.
  await expect(sidebar(page).getByRole('link')).toHaveText(['Settings']);

  // Step 3: connect the demo CRM (its own tenant; from yesterday, as "today" is the company's day,
  // which may not have begun yet in New York) and sync.
  await expect(integrationCard(page, 'Demo CRM').getByText('Not Connected')).toBeVisible();
  await recordStatuses(page, 'Demo CRM');
  const card = await connectDemoCrm(page, { tenantId: '3003', startDate: isoDay(1) });
  await expect(card.getByText('Sync Complete')).toBeVisible({ timeout: 60_000 });
  // Every badge the card showed, in the order of spec §4, each step forward: a small sync can
  // pass 'Data Sync Processing' between two refetches.
  const statuses = await shownStatuses(page);
  const steps = statuses.map((status) => SYNC_PROGRESS.indexOf(status));
  expect(steps, `statuses shown: ${statuses.join(' → ')}`).toEqual(
    [...new Set(steps)].filter((step) => step >= 0).sort((x, y) => x - y),
  );
  expect(statuses).toContain('Data Sync Pending');
  expect(statuses.at(-1)).toBe('Sync Complete');

  // Set up: every sidebar entry opens, and the home is the company dashboard, also after a reload.
  await expect(sidebar(page).getByRole('link')).toHaveText(companyAdmin);
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/company/dashboard');
  await expect(sidebar(page).getByRole('link')).toHaveText(companyAdmin);
  await sidebar(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/customers');
});
