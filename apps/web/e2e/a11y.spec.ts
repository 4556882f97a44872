import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  DEMO_PUBLIC_MARKETPLACE_PATH,
  lastMonthDashboard,
  logIn,
  openPlanOfferInteraction,
  runBotOnInteraction,
  sidebar,
  type DemoAccount,
} from './support';
import { axeFindings } from './axe';
import { networkQuiet, openInApp } from './in-app-navigation';

// Axe-core over every route of every role, in the light and the dark scheme, with no
// serious or critical violation. The app follows the system's scheme while no display mode is
// stored, so one page load serves both schemes through emulateMedia.

/** Waits until the page drew itself and its data (no loader or skeleton left). */
async function settle(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading').first()).toBeVisible();
  await networkQuiet(page);
  await expect(page.locator('.mantine-Loader, .mantine-Skeleton')).toHaveCount(0);
  if (new URL(page.url()).pathname.endsWith('/dashboard')) await chartsDrawn(page);
}

/**
 * A company dashboard's charts come in their own chunk after the figures, and a chart draws once
 * its container has measured itself: wait for every chart's drawing (the month audited has data).
 */
async function chartsDrawn(page: Page) {
  // A technician's dashboard has no charts (settle waited for the charts' skeleton to go).
  if ((await page.locator('.recharts-responsive-container').count()) === 0) return;
  const drawings = page.locator('.recharts-surface');
  await expect(drawings.first()).toBeVisible({ timeout: 20_000 });
  await expect(
    page.locator('.recharts-responsive-container:not(:has(.recharts-surface))'),
  ).toHaveCount(0);
  await networkQuiet(page);
}

/** Every serious or critical violation of `path` in both schemes, one line each. */
async function audit(page: Page, path: string): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  // The pointer rests where the last click left it, over whatever the new page draws there: moved
  // to the corner so each page is audited at rest, the same on every run.
  await page.mouse.move(0, 0);
  await openInApp(page, path);
  await settle(page);
  return axeFindings(page, path);
}

async function auditAll(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    const found = await audit(page, path);
    expect.soft(found, found.join('\n\n')).toEqual([]);
  }
}

/** A customer of the first list page that has an interaction ready to open, and that interaction. */
async function customerAndInteraction(page: Page): Promise<string[]> {
  await openInApp(page, '/customers');
  const customerLinks = page.getByRole('table').first().locator('tbody a[href]');
  await expect(customerLinks.first()).toBeVisible();
  for (const href of await customerLinks.evaluateAll((links) =>
    links.map((a) => a.getAttribute('href') ?? ''),
  )) {
    await openInApp(page, href);
    const ready = page.getByRole('table', { name: 'Interactions' }).locator('tbody a[href]');
    await expect(
      page.getByRole('table', { name: 'Interactions' }).locator('tbody tr').first(),
    ).toBeVisible();
    await networkQuiet(page);
    if ((await ready.count()) === 0) continue;
    await ready.first().click();
    await expect(page).toHaveURL(/\/interaction\//);
    return [href, new URL(page.url()).pathname];
  }
  throw new Error('no customer on the first page has an interaction ready to open');
}

const NOT_FOUND = '/this-page-does-not-exist';
const ANY_USER = ['/profile', '/change-password', NOT_FOUND];

test.describe.configure({ mode: 'parallel' });

test('logged-out pages', async ({ page }) => {
  test.setTimeout(150_000);
  await auditAll(page, [
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password/not-a-real-token',
    '/invitation-token-expire',
    DEMO_PUBLIC_MARKETPLACE_PATH,
    // An alert e-mail's unsubscribe page, here with a link that is not valid.
    '/public/alerts/unsubscribe?token=not-a-real-token',
    NOT_FOUND,
  ]);
});

const COMPANY_DASHBOARD = lastMonthDashboard('/company/dashboard');
const PUBLISHER_DASHBOARD = lastMonthDashboard('/publisher/dashboard');

/** A search with hits in the demo transcripts: highlighted words, line links, pages. */
const SEARCH_RESULTS = '/search?q=capacitor';

/**
 * Each role's pages. A page the same for every role of a shell (the customers list, search, the
 * profile, the password and not-found pages) is audited once, with the company admin or the
 * publisher admin; the other roles audit what their role changes: their dashboard, team list,
 * settings and interaction page.
 */
const COMPANY_ROLES: { account: DemoAccount; routes: string[] }[] = [
  {
    account: DEMO_ACCOUNTS.admin,
    routes: [
      COMPANY_DASHBOARD,
      '/customers',
      '/users',
      '/marketplace',
      '/bot/list',
      '/search',
      SEARCH_RESULTS,
      ...ANY_USER,
    ],
  },
  {
    account: DEMO_ACCOUNTS.manager,
    routes: ['/users', '/settings/company-info', '/settings/alerts'],
  },
  {
    account: DEMO_ACCOUNTS.tech,
    routes: [COMPANY_DASHBOARD, '/users'],
  },
];

for (const { account, routes } of COMPANY_ROLES) {
  test(`${account.roleTitle} (${account.email})`, async ({ page }) => {
    test.setTimeout(240_000);
    await logIn(page, account, { landOn: null });
    const detail = await customerAndInteraction(page);
    await auditAll(page, [...routes, ...detail]);
  });
}

test('Company Admin settings', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  await auditAll(page, [
    '/settings/company-info',
    '/settings/billing/invoice-history',
    '/settings/billing/transaction-history',
    '/settings/billing/capacity',
    '/settings/integrations',
    '/settings/api-keys',
    '/settings/webhooks',
    '/settings/alerts',
    '/settings/privacy',
    '/settings/audit-log',
  ]);
});

test('Company Admin: the integration dialogs', async ({ page }) => {
  test.setTimeout(90_000);
  // Acme's Demo CRM opens read-only (it is connected); ServiceTitan opens its empty form.
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await openInApp(page, '/settings/integrations');
  await settle(page);
  for (const [name, action] of [
    ['Demo CRM', 'Modify'],
    ['ServiceTitan', 'Connect'],
  ] as const) {
    await page.getByRole('button', { name: `${action} ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `${name} integration` });
    await expect(dialog.getByLabel('Tenant ID')).toBeVisible();
    const found = await axeFindings(page, `/settings/integrations, the ${name} dialog`);
    expect.soft(found, found.join('\n\n')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('Company Admin during onboarding', async ({ page }) => {
  test.setTimeout(150_000);
  await logIn(page, DEMO_ACCOUNTS.newadmin, { landOn: null });
  await auditAll(page, ['/settings/company-info', '/customers']);
});

test('Publisher Admin', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, DEMO_ACCOUNTS.publisher, { landOn: null });
  await auditAll(page, [
    PUBLISHER_DASHBOARD,
    '/bot/list',
    '/bot/create',
    '/bot/private-bot',
    '/clients/list',
    '/publisher/users',
    '/settings/publisher-info',
    '/settings/audit-log',
    '/customers',
    ...ANY_USER,
  ]);
});

test('Publisher Admin: a bot detail page and its builder', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.publisher, { landOn: null });
  const answer = await page.request.get('/api/publisher/bots');
  expect(answer.status()).toBe(200);
  const { items } = ((await answer.json()) as { data: { items: { id: string }[] } }).data;
  const id = items[0]?.id;
  expect(id, 'a demo bot of the publisher').toBeDefined();
  await auditAll(page, [`/bot/detail/${id}`, `/bot/create/${id}`]);

  // The builder with a test run's result: output tags and the highlighted transcript.
  const testRun = page.getByRole('region', { name: 'Test run' });
  await testRun.getByRole('combobox', { name: 'Sample transcript' }).click();
  await page.getByRole('option', { name: 'Furnace tune-up before winter' }).click();
  await testRun.getByRole('button', { name: 'Run test' }).click();
  await expect(testRun.getByTestId('test-run-transcript')).toBeVisible({ timeout: 20_000 });
  const found = await axeFindings(page, `/bot/create/${id} after a test run`);
  expect.soft(found, found.join('\n\n')).toEqual([]);
});

/** The id of the first item a list route answers, and that item. */
async function firstItem<T extends { id: string }>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(path);
  expect(answer.status(), `GET ${path}`).toBe(200);
  const first = ((await answer.json()) as { data: { items: T[] } }).data.items[0];
  expect(first, `an item of ${path}`).toBeDefined();
  return first!;
}

test('Company Admin: a marketplace bot page, its rating dialog and a publisher page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  const bot = await firstItem<{ id: string; publisher: { id: string } }>(
    page,
    '/api/marketplace/bots?subscribed=true',
  );
  await auditAll(page, [`/marketplace/${bot.publisher.id}`, `/marketplace/bot/${bot.id}`]);

  // The rating dialog, opened and closed unsaved (the demo company's rating stays).
  await page.getByRole('button', { name: /^(Rate|Change rating)$/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const found = await axeFindings(page, `/marketplace/bot/${bot.id}, the rating dialog`);
  expect.soft(found, found.join('\n\n')).toEqual([]);
});

test('Publisher Admin: a client detail, each tab', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.publisher, { landOn: null });
  const client = await firstItem<{ id: string }>(page, '/api/publisher/clients');
  await auditAll(
    page,
    ['general', 'bots', 'runs'].map((tab) => `/clients/detail/${client.id}/${tab}`),
  );
});

test('Company Admin: an interaction with a bot result', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  await openPlanOfferInteraction(page, 2);
  await runBotOnInteraction(page, 'Maintenance plan offered');
  await expect(page.getByRole('tabpanel').getByText('Response tags')).toBeVisible({
    timeout: 30_000,
  });
  // The transcript shows the bot's highlights, which axe checks too.
  await expect(page.locator('mark[data-highlight-start]').first()).toBeVisible();
  await auditAll(page, [new URL(page.url()).pathname]);
});

test('Publisher User', async ({ page }) => {
  test.setTimeout(150_000);
  await logIn(page, DEMO_ACCOUNTS.publisherUser, { landOn: null });
  const client = await firstItem<{ id: string }>(page, '/api/publisher/clients');
  await auditAll(page, [
    '/bot/list',
    `/clients/detail/${client.id}/runs`,
    '/publisher/users',
    '/settings/publisher-info',
  ]);
});

test('after a route change, focus is on the new page heading', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.manager);
  await sidebar(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeFocused();

  await page.getByRole('table').first().locator('tbody a[href]').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Detail' })).toBeFocused();

  // A filter or a page of the same route leaves focus where the user is.
  const search = page.getByRole('textbox', { name: 'Search interactions' });
  await search.fill('CSR');
  await expect(page).toHaveURL(/keyword=CSR/);
  await expect(search).toBeFocused();
});
