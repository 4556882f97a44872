import {
  BILLING_MESSAGES,
  CONSENT_MESSAGES,
  CSRF_COOKIE,
  CSRF_HEADER,
  previousMonth,
  toMonthValue,
} from '@fieldbot/shared';
import { expect, type Locator, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every demo account shares this password. */
export const DEMO_PASSWORD = 'Demo@12345';

export type DemoAccount = {
  email: string;
  roleTitle: string;
  home: string;
  sidebar: string[];
};

const companyAdminSidebar = [
  'Dashboard',
  'Teams',
  'Customers',
  'Search',
  'Marketplace',
  'Settings',
];

/** Where each demo account lands after login, and the sidebar its role's permissions give (contract). */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@demo.fieldbot.test',
    roleTitle: 'Company Admin',
    home: '/company/dashboard',
    sidebar: companyAdminSidebar,
  },
  manager: {
    email: 'manager@demo.fieldbot.test',
    roleTitle: 'Company Manager',
    home: '/company/dashboard',
    sidebar: ['Dashboard', 'Teams', 'Customers', 'Search'],
  },
  tech: {
    email: 'tech@demo.fieldbot.test',
    roleTitle: 'Field Technician',
    home: '/company/dashboard',
    sidebar: ['Dashboard', 'Customers', 'Search'],
  },
  newadmin: {
    email: 'newadmin@demo.fieldbot.test',
    roleTitle: 'Company Admin',
    home: '/settings/company-info',
    sidebar: companyAdminSidebar,
  },
  globex: {
    email: 'admin@globex.fieldbot.test',
    roleTitle: 'Company Admin',
    home: '/company/dashboard',
    sidebar: companyAdminSidebar,
  },
  publisher: {
    email: 'publisher@demo.fieldbot.test',
    roleTitle: 'Publisher Admin',
    home: '/publisher/dashboard',
    sidebar: ['Dashboard', 'Bots', 'Clients', 'Users', 'Settings'],
  },
  publisherUser: {
    email: 'publisher.user@demo.fieldbot.test',
    roleTitle: 'Publisher User',
    home: '/publisher/dashboard',
    sidebar: ['Dashboard', 'Bots', 'Clients'],
  },
} satisfies Record<string, DemoAccount>;

/**
 * The seeded publisher admin without a publisher. Not among DEMO_ACCOUNTS: the marketplace flow
 * creates its publisher, so its home changes while the suite runs; only that spec uses it.
 */
export const NEW_PUBLISHER: DemoAccount = {
  email: 'newpublisher@demo.fieldbot.test',
  roleTitle: 'Publisher Admin',
  home: '/settings/publisher-info',
  sidebar: ['Dashboard', 'Bots', 'Clients', 'Users', 'Settings'],
};

/** The demo publisher's public marketplace page: {publisher code}-{name} (demo data). */
export const DEMO_PUBLIC_MARKETPLACE_PATH = '/public/marketplace/NWBOTS01-Northwind%20Bots';

/** Fills the login form as a person would and submits it. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Logs in through the login page, as a person does, and waits until the app has routed the user
 * away from it (after the login's one-second hand-over) to the account's home.
 */
export async function logInThroughForm(page: Page, account: DemoAccount) {
  await page.goto('/login');
  await submitLogin(page, account.email);
  await expect(page).toHaveURL((url) => url.pathname === account.home);
}

/**
 * Starts a test logged in: the session comes from POST /api/user/login, as the form's does, and
 * the page opens `landOn` (by default the account's home; null stays on the blank page, for a
 * test that opens its own first page). `landOn` must be a page that stays put: the check that it
 * opened races a redirect (a test of a redirect passes null and opens the page itself). The form itself, its hand-over and where it lands are
 * tested with logInThroughForm; skipping them here saves each test a second of waiting and
 * the home page's render.
 */
export async function logIn(
  page: Page,
  account: DemoAccount,
  { landOn = account.home }: { landOn?: string | null } = {},
) {
  await page.request.get('/api/csrf-cookie');
  const csrf = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE);
  const answer = await page.request.post('/api/user/login', {
    data: { email: account.email, password: DEMO_PASSWORD },
    headers: { [CSRF_HEADER]: decodeURIComponent(csrf?.value ?? '') },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  if (landOn === null) return;
  await page.goto(landOn);
  const path = new URL(landOn, 'http://app').pathname;
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** The app's main navigation (the sidebar). */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: /main/i });
}

/** Every sidebar entry in order: links, and the disabled buttons shown while onboarding. */
export function sidebarEntries(page: Page): Locator {
  const nav = sidebar(page);
  return nav.getByRole('link').or(nav.getByRole('button'));
}

/** A users table's row of an address, after searching for it (the search waits 1 s for typing to pause). */
export async function searchUserRow(page: Page, email: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Search users' }).fill(email);
  const table = page.getByRole('table', { name: 'Users' });
  return table.getByRole('row').filter({ hasText: email });
}

/** The data folder of the server under test (set by playwright.config.ts). */
export function dataDir(): string {
  const dir = process.env.FIELDBOT_E2E_DATA_DIR;
  if (!dir)
    throw new Error('FIELDBOT_E2E_DATA_DIR is not set: run the suite through playwright.config.ts');
  return dir;
}

export type OutboxMail = { to: string | string[]; subject: string; text: string; html: string };

/** Waits for the server's local outbox to hold a message to `to` and returns it. */
export async function waitForMail(to: string, subject: RegExp): Promise<OutboxMail> {
  const outbox = join(dataDir(), 'outbox');
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith('.json'))) {
          const mail = JSON.parse(await readFile(join(outbox, file), 'utf8')) as OutboxMail;
          const recipients = Array.isArray(mail.to) ? mail.to : [mail.to];
          if (recipients.some((r) => r.includes(to)) && subject.test(mail.subject)) found = mail;
        }
        return found !== undefined;
      },
      { message: `an outbox mail to ${to} matching ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** The path of the first link in a mail's text that starts with `${APP_URL}${prefix}`. */
export function linkPath(mail: OutboxMail, prefix: string): string {
  const urls = mail.text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = urls.map((u) => new URL(u)).find((u) => u.pathname.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in mail "${mail.subject}": ${mail.text}`);
  return link.pathname + link.search;
}

/**
 * Signs a new account up, opens the verification link from the outbox and logs in. A new account
 * is a company admin without a company, so onboarding starts on the company settings.
 */
export async function signUpAndLogIn(
  page: Page,
  name = 'Casey Newcomer',
): Promise<{ email: string; password: string }> {
  const email = `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'Tangerine#Kiwi2026e2e';

  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
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
  await expect(page).toHaveURL((url) => url.pathname === '/settings/company-info');
  return { email, password };
}

/** Picks `option` in the Mantine select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The sandbox card expiry month/year: December of next year (MMYY). */
const NEXT_YEAR_YY = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** Fills the built-in payment sandbox's card form in the open dialog and saves it. */
export async function saveSandboxCard(page: Page, number: string, nameOnCard = 'Nora Admin') {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(BILLING_MESSAGES.sandboxNotice)).toBeVisible();
  await dialog.getByLabel('Name on card').fill(nameOnCard);
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill(`12${NEXT_YEAR_YY}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
}

/** Demo data (apps/server/src/seed): Acme's big customer, whose interactions use every clip. */
export const DEMO_BIG_CUSTOMER = 'Lakeside Property Management';

/**
 * Opens, as the logged-in Acme user, a completed field recording of the furnace tune-up clip: the
 * only demo clip where a maintenance plan is offered, so the 'Maintenance plan offered' demo bot
 * finds something (demo-audio/clips.json). The customer's interaction search matches transcripts.
 * Specs that may run at once open different ones (`nth`), so no run waits for another's.
 */
export async function openPlanOfferInteraction(page: Page, nth = 0) {
  await page.goto('/customers');
  await page.getByRole('textbox', { name: 'Search customers' }).fill(DEMO_BIG_CUSTOMER);
  await page.getByRole('link', { name: DEMO_BIG_CUSTOMER }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  const customerId = new URL(page.url()).pathname.split('/').pop()!;
  const answer = await page.request.get(`/api/company/interactions/${customerId}`, {
    params: { keyword: 'maintenance plan', type: 'field-recording' },
  });
  expect(answer.status()).toBe(200);
  const { items } = ((await answer.json()) as { data: { items: InteractionRow[] } }).data;
  const found = items.filter((i) => i.type === 'field-recording' && i.status === 'completed')[nth];
  expect(found, `completed recording no. ${nth} where a maintenance plan is offered`).toBeDefined();
  await page.goto(`/customers/${customerId}/interaction/${found!.id}/field-recording`);
  await expect(page.getByRole('region', { name: /Transcript/ })).toContainText(
    'sign up for the maintenance plan',
  );
}

type InteractionRow = { id: string; interaction_id: string; type: string; status: string };

/**
 * On an interaction page: Run Bot → Select Bots → the bot → Run; waits for the server's message in
 * the success toast and for the bot's result tab.
 */
export async function runBotOnInteraction(page: Page, botName: string) {
  await page.getByRole('button', { name: 'Run Bot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Bots' });
  await dialog.getByRole('combobox', { name: 'Bots' }).click();
  await page.getByRole('option', { name: botName }).click();
  // The multi-select keeps its list open for more choices; a click beside it closes it.
  await dialog.getByRole('heading', { name: 'Select Bots' }).click();
  await expect(page.getByRole('option', { name: botName })).toBeHidden();
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText('Bot run started successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: botName })).toBeVisible({ timeout: 30_000 });
}

/** The day `daysAgo` days before today, as a date input takes it (YYYY-MM-DD, the browser's day). */
export function isoDay(daysAgo = 0): string {
  const day = new Date();
  day.setDate(day.getDate() - daysAgo);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * Onboarding step 1 for a company admin without a company: the company form with the offline
 * address look-up; saving moves on to billing.
 */
export async function createCompany(page: Page, name: string) {
  await page.getByLabel('Company Name').fill(name);
  await page.getByRole('combobox', { name: 'Address' }).fill('350 5th Ave 10001');
  await page
    .getByRole('option', { name: '350 5th Ave, New York, NY 10001, United States' })
    .click();
  await expect(page.getByLabel('City')).toHaveValue('New York');
  await choose(page, 'Industry', 'HVAC');
  await choose(page, 'Type', 'Residential');
  await page.getByRole('combobox', { name: 'Trades' }).click();
  await page.getByRole('option', { name: 'Repair', exact: true }).click();
  await page.getByRole('heading', { name: 'Company Information' }).click();
  await page.getByLabel('Description').fill('Plumbing, heating and cooling for Manhattan homes.');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/company/create') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);
  await expect(page).toHaveURL((url) => url.pathname === '/settings/billing/invoice-history');
}

/** Onboarding step 2: the sandbox card 4242; onboarding moves on to the integrations tab. */
export async function addSandboxCard(page: Page, nameOnCard: string) {
  await page.getByRole('button', { name: 'Add card' }).click();
  await saveSandboxCard(page, '4242 4242 4242 4242', nameOnCard);
  await expect(page.getByText(BILLING_MESSAGES.cardAdded)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/settings/integrations');
}

/** An integration's card on /settings/integrations. */
export function integrationCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

/**
 * On /settings/integrations: Connect the Demo CRM with `values`, Save, then Sync from the dialog,
 * which closes once the sync has started.
 */
export async function connectDemoCrm(
  page: Page,
  values: { tenantId: string; startDate: string },
): Promise<Locator> {
  const card = integrationCard(page, 'Demo CRM');
  await card.getByRole('button', { name: 'Connect Demo CRM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Demo CRM integration' });
  await dialog.getByLabel('Tenant ID').fill(values.tenantId);
  await dialog.getByLabel('Sync data from').fill(values.startDate);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Integration detail successfully saved.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(dialog).toBeHidden();
  return card;
}

/** Starts recording, in the page, each status badge text the integration's card shows. */
export async function recordStatuses(page: Page, name: string) {
  await page.evaluate((cardName) => {
    const seen: string[] = [];
    (window as unknown as { statuses: string[] }).statuses = seen;
    const note = () => {
      const card = [...document.querySelectorAll('article')].find(
        (a) => a.querySelector('[id$="-name"]')?.textContent === cardName,
      );
      const text = card?.querySelector('.mantine-Badge-label')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, name);
}

export function shownStatuses(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
}

/**
 * The month before this one (MM/01/YYYY): wholly inside the demo history (90 days of interactions,
 * bot runs on those older than a week), so a dashboard of it always has figures and charts.
 */
export function lastMonthValue(now = new Date()): string {
  return toMonthValue(previousMonth({ year: now.getFullYear(), month: now.getMonth() + 1 }));
}

/** A dashboard on the month before this one (see lastMonthValue). */
export function lastMonthDashboard(path: '/company/dashboard' | '/publisher/dashboard'): string {
  return `${path}?month=${lastMonthValue()}`;
}

/** Every matched element shows its whole text: no 'DOWNLOA…', no title clamped to 'Customer…'. */
export async function expectNotTruncated(elements: Locator) {
  const clipped = await elements.evaluateAll((nodes) =>
    nodes
      .filter(
        (node) => node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight,
      )
      .map((node) => node.textContent),
  );
  expect(clipped).toEqual([]);
}

/**
 * Record Visit on a customer page under the company's default consent method: the technician
 * confirms the customer agreed, then starts the recording.
 */
export async function startRecordVisit(page: Page) {
  await page.getByRole('button', { name: 'Record Visit' }).click();
  await page.getByRole('checkbox', { name: CONSENT_MESSAGES.checkboxLabel }).check();
  await page.getByRole('button', { name: 'Start recording' }).click();
}
