import {
  companyDashboardPath,
  companyKpis,
  DASHBOARD_EMPTY_MESSAGE,
  MONTH_NAMES,
  formatUsd,
  formatUsdCompact,
  parseMonthValue,
  previousMonth,
  publisherDashboardPath,
  publisherKpis,
  toMonthValue,
  type CompanyDashboard,
  type PublisherDashboard,
  type YearMonth,
} from '@fieldbot/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatCount, formatPercent } from '../src/components/dashboard/format';
import { DEMO_ACCOUNTS, lastMonthDashboard, lastMonthValue, logIn } from './support';

// Dashboards end to end: each role's dashboard over the demo data (90 days of interactions, and
// bot runs on those older than a week), the month picker, an empty month and the top-5 links. The
// figures are compared with the API's answer for the same month, fetched in the test; nothing is
// saved, so the shared demo accounts stay as they are.

// A ceiling for a busy machine; each test takes a few seconds on an idle one.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

const NOW = new Date();
const THIS_MONTH: YearMonth = { year: NOW.getFullYear(), month: NOW.getMonth() + 1 };
const LAST_MONTH = parseMonthValue(lastMonthValue())!;
/** Two years back: before any demo data. */
const EMPTY_MONTH: YearMonth = { year: THIS_MONTH.year - 2, month: THIS_MONTH.month };

/** The dashboard API's answer for `month` (none: the server's this month), as the page's user. */
async function answer<T>(page: Page, path: string, month?: YearMonth): Promise<T> {
  const response = await page.request.get(path, {
    params: month ? { month: toMonthValue(month) } : {},
  });
  expect(response.status(), `GET ${path}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const companyAnswer = (page: Page, month?: YearMonth) =>
  answer<CompanyDashboard>(page, companyDashboardPath, month);
const publisherAnswer = (page: Page, month?: YearMonth) =>
  answer<PublisherDashboard>(page, publisherDashboardPath, month);

/** MM/01/YYYY → MM/YYYY, as the month picker and the KPI region's name show it. */
const shown = (monthValue: string) => monthValue.replace('/01/', '/');

/** The KPI cards of the month the page shows. */
const kpis = (page: Page, monthValue: string) =>
  page.getByRole('region', { name: `Key figures for ${shown(monthValue)}` });

/**
 * Waits for the month's figures: the first view loads the page's and the charts' code, which on a
 * busy machine (two browsers, the server) takes longer than one assertion's wait.
 */
async function waitForFigures(page: Page, monthValue: string): Promise<Locator> {
  const region = kpis(page, monthValue);
  await expect(region).toBeVisible({ timeout: 30_000 });
  await expect(region.locator('.mantine-Skeleton')).toHaveCount(0, { timeout: 30_000 });
  return region;
}

/** The KPI card whose label or hint is exactly `text`. */
const card = (region: Locator, text: string) =>
  region
    .locator('.mantine-Paper-root')
    .filter({ has: region.page().getByText(text, { exact: true }) });

/** Opens the month picker and picks `month`, going back a year when it is in the one before. */
async function pickMonth(page: Page, from: string, month: YearMonth) {
  await page.getByRole('button', { name: `Dashboard month: ${shown(from)}` }).click();
  const popup = page.getByRole('dialog', { name: /^Dashboard month/ });
  for (let year = Number(from.slice(-4)); year > month.year; year--) {
    await popup.getByRole('button', { name: 'Previous year' }).click();
  }
  await popup
    .getByRole('button', { name: `${MONTH_NAMES[month.month - 1]} ${month.year}` })
    .click();
  await expect(page).toHaveURL((url) => url.searchParams.get('month') === toMonthValue(month));
}

/** A chart card's drawing: one bar or slice per row of the API's answer. */
async function expectDrawn(page: Page, title: string, rows: number, kind: 'bar' | 'pie') {
  const chart = page.getByRole('region', { name: title, exact: true });
  const marks = chart.locator(kind === 'bar' ? '.recharts-bar-rectangle' : '.recharts-pie-sector');
  // The charts' code loads after the figures (its own chunk).
  await expect(marks, `${title}: one ${kind} mark per row`).toHaveCount(rows, { timeout: 30_000 });
}

const COVERAGE_HINT = 'Completed jobs with a recording ÷ completed jobs';
const percentOrDash = (value: number | null) => (value === null ? '–' : formatPercent(value));

/** The company KPI cards show the answer's figures and the spend. */
async function expectCompanyFigures(page: Page, data: CompanyDashboard) {
  const region = await waitForFigures(page, data.month);
  const figures = companyKpis(data.current);
  await expect(card(region, 'Interactions Recorded')).toContainText(
    formatCount(figures.interactions),
  );
  await expect(card(region, 'Length of the recordings and calls')).toContainText(
    formatCount(figures.recordedMinutes),
  );
  await expect(card(region, COVERAGE_HINT)).toContainText(percentOrDash(figures.recordingCoverage));
  expect(figures.recordingCoverage ?? 0).toBeLessThanOrEqual(1);
  await expect(card(region, 'Customer-service calls')).toContainText(formatCount(figures.csrCalls));
  await expect(card(region, 'Completed jobs (USD)')).toContainText(
    formatUsdCompact(figures.revenueCents),
  );
  await expect(card(region, 'Finished bot results')).toContainText(formatCount(figures.botRuns));
  await expect(card(region, 'Bot runs with a positive result ÷ runs')).toContainText(
    figures.positiveShare === null ? '–' : formatPercent(figures.positiveShare),
  );
  const spend = page.getByRole('region', { name: 'Spend So Far' });
  if (data.spend) await expect(spend).toContainText(formatUsd(data.spend.spent_cents));
  else await expect(spend).toHaveCount(0);
}

/** The top-5 list `title` shows the answer's rows in order, with their values. */
async function expectTopList(
  page: Page,
  title: string,
  rows: CompanyDashboard['top']['customers_by_revenue'],
  format: (value: number) => string,
) {
  const items = page.getByRole('region', { name: title, exact: true }).getByRole('listitem');
  await expect(items).toHaveText(
    rows
      .map((row) => `${row.key}${format(row.value)}`)
      .map(
        // The rank is drawn before the name.
        (text, index) => `${index + 1}${text}`,
      ),
  );
}

test('company admin: KPIs, spend, top-5 lists and charts; an earlier month; an empty month', async ({
  page,
}) => {
  await logIn(page, DEMO_ACCOUNTS.admin);
  const now = await companyAnswer(page);
  expect(now.scope).toBe('company');
  await expectCompanyFigures(page, now);
  await expect(
    page.getByRole('button', { name: `Dashboard month: ${shown(now.month)}` }),
  ).toBeVisible();

  // The month before, picked in the month picker: the URL and every figure follow.
  const earlier = previousMonth({
    year: Number(now.month.slice(-4)),
    month: Number(now.month.slice(0, 2)),
  });
  const before = await companyAnswer(page, earlier);
  expect(before.current, 'the demo months differ').not.toEqual(now.current);
  expect(before.current.interactions, 'demo data in the month before').toBeGreaterThan(0);
  await pickMonth(page, now.month, earlier);
  await expectCompanyFigures(page, before);
  await expectTopList(
    page,
    'Customers by Revenue',
    before.top.customers_by_revenue,
    formatUsdCompact,
  );
  await expectTopList(
    page,
    'Technicians by Recordings',
    before.top.technicians_by_recordings,
    formatCount,
  );
  await expectTopList(page, 'Bots by Runs', before.top.bots_by_runs, formatCount);
  await expectDrawn(
    page,
    'Interactions per Technician',
    before.charts.interactions_per_technician.length,
    'bar',
  );
  await expectDrawn(page, 'Interaction Types', before.charts.interaction_types.length, 'pie');
  await expectDrawn(page, 'Call Outcomes', before.charts.call_outcomes.length, 'pie');

  // Two years back there is nothing: every chart says so.
  await page.goto(`/company/dashboard?month=${toMonthValue(EMPTY_MONTH)}`);
  await waitForFigures(page, toMonthValue(EMPTY_MONTH));
  await expect(page.getByText(DASHBOARD_EMPTY_MESSAGE, { exact: true })).toHaveCount(3, {
    timeout: 30_000,
  });
  await expect(card(kpis(page, toMonthValue(EMPTY_MONTH)), 'Interactions Recorded')).toContainText(
    '0',
  );
});

test('company admin: the top-5 links open the customer, the call, the technician and the bot', async ({
  page,
}) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  const data = await companyAnswer(page, LAST_MONTH);
  const dashboard = lastMonthDashboard('/company/dashboard');
  await page.goto(dashboard);

  const customer = data.top.customers_by_revenue[0];
  expect(customer, 'a customer with revenue in the month before').toBeDefined();
  await page
    .getByRole('region', { name: 'Customers by Revenue' })
    .getByRole('link', { name: customer!.key })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `/customers/${customer!.id}`);
  await expect(page.getByRole('region', { name: 'Customer details' })).toContainText(customer!.key);

  await page.goBack();
  const call = data.top.unbooked_calls[0];
  expect(call, 'an unbooked call in the month before').toBeDefined();
  await page
    .getByRole('region', { name: 'Unbooked Calls to Review' })
    .getByRole('link', { name: `Call ${call!.number}` })
    .click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname ===
      `/customers/${call!.customer_id}/interaction/${call!.interaction_id}/csr-call`,
  );
  await expect(page.getByRole('region', { name: 'Interaction details' })).toContainText(
    call!.number,
  );

  await page.goto(dashboard);
  const technician = data.top.technicians_by_recordings[0];
  expect(technician, 'a technician with recordings').toBeDefined();
  await page
    .getByRole('region', { name: 'Technicians by Recordings' })
    .getByRole('link', { name: technician!.key })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `/users/${technician!.id}/detail/general`);
  await expect(page.getByLabel('User Name')).toHaveValue(technician!.key);

  await page.goBack();
  const bot = data.top.bots_by_runs[0];
  expect(bot, 'a bot with runs').toBeDefined();
  await page
    .getByRole('region', { name: 'Bots by Runs' })
    .getByRole('link', { name: bot!.key })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `/marketplace/bot/${bot!.id}`);
  await expect(page.getByRole('main')).toContainText(bot!.key);
});

test('company manager: the company figures, spend and charts', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.manager, { landOn: null });
  const data = await companyAnswer(page, LAST_MONTH);
  expect(data.scope).toBe('company');
  await page.goto(lastMonthDashboard('/company/dashboard'));
  await expectCompanyFigures(page, data);
  await expectTopList(
    page,
    'Completed Jobs Without a Recording',
    data.top.technicians_by_unrecorded_jobs,
    formatCount,
  );
  await expectDrawn(
    page,
    'Interactions per Technician',
    data.charts.interactions_per_technician.length,
    'bar',
  );
  // A manager has no marketplace: the bot runs are figures, not links.
  await expect(page.getByRole('region', { name: 'Bots by Runs' }).getByRole('link')).toHaveCount(0);
});

/** A technician's cards: their visits, minutes, coverage, unrecorded jobs and revenue only. */
async function expectTechnicianFigures(page: Page, data: CompanyDashboard) {
  const region = await waitForFigures(page, data.month);
  const figures = companyKpis(data.current);
  await expect(card(region, 'My Visits')).toContainText(formatCount(figures.visits));
  await expect(card(region, 'My Recorded Minutes')).toContainText(
    formatCount(figures.recordedMinutes),
  );
  await expect(card(region, COVERAGE_HINT)).toContainText(percentOrDash(figures.recordingCoverage));
  await expect(card(region, 'My Jobs Without a Recording')).toContainText(
    formatCount(figures.unrecordedJobs),
  );
  await expect(card(region, 'My Revenue')).toContainText(formatUsdCompact(figures.revenueCents));
  for (const never of ['Customer-service calls', 'Booked ÷ lead calls', 'Booked ÷ all calls']) {
    await expect(card(region, never)).toHaveCount(0);
  }
}

test('field technician: what coaches them, and nothing that never applies to the role', async ({
  page,
  browser,
}) => {
  await logIn(page, DEMO_ACCOUNTS.tech, { landOn: null });
  const mine = await companyAnswer(page, LAST_MONTH);
  expect(mine.scope).toBe('technician');
  expect(mine.spend).toBeNull();
  await page.goto(lastMonthDashboard('/company/dashboard'));
  await expectTechnicianFigures(page, mine);
  for (const never of [
    'Interactions per Technician',
    'Technicians by Recordings',
    'Unbooked Calls to Review',
    'Interaction Types',
    'Call Outcomes',
  ]) {
    await expect(page.getByRole('region', { name: never, exact: true })).toHaveCount(0);
  }
  await expect(page.locator('.recharts-surface')).toHaveCount(0);
  const findings = page.getByRole('region', { name: 'What the Bots Found on My Visits' });
  await expect(findings.getByRole('listitem')).toHaveCount(mine.top.bot_findings.length);
  for (const finding of mine.top.bot_findings) {
    await expect(findings).toContainText(
      `Found on ${finding.found} of ${finding.runs} visit${finding.runs === 1 ? '' : 's'}`,
    );
  }
  await expect(
    page.getByRole('region', { name: 'My Jobs Without a Recording' }).getByRole('listitem'),
  ).toHaveCount(mine.top.unrecorded_jobs.length);
  await expectTopList(
    page,
    'My Customers by Revenue',
    mine.top.customers_by_revenue,
    formatUsdCompact,
  );

  // Their figures are their bar of the company's chart, which the admin sees.
  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, DEMO_ACCOUNTS.admin, { landOn: null });
  const company = await companyAnswer(admin, LAST_MONTH);
  const me = mine.charts.interactions_per_technician[0];
  expect(mine.charts.interactions_per_technician).toHaveLength(1);
  expect(company.charts.interactions_per_technician).toContainEqual(me);
  expect(company.current.interactions).toBeGreaterThan(mine.current.interactions);
  await admin.context().close();
});

/** The publisher KPI cards show the answer's figures. */
async function expectPublisherFigures(page: Page, data: PublisherDashboard) {
  const region = await waitForFigures(page, data.month);
  const figures = publisherKpis(data.current);
  await expect(card(region, 'Active clients')).toContainText(formatCount(figures.activeClients));
  await expect(card(region, 'Runs')).toContainText(formatCount(figures.runs));
  await expect(card(region, 'Client revenue')).toContainText(
    formatUsdCompact(figures.clientRevenueCents),
  );
  await expect(card(region, 'Estimated cost')).toContainText(
    formatUsdCompact(figures.estimatedCostCents),
  );
  await expect(card(region, 'Margin')).toContainText(formatUsdCompact(figures.marginCents));
  await expect(card(region, 'New subscriptions')).toContainText(
    formatCount(figures.newSubscriptions),
  );
}

test('publisher admin: KPIs, top-5 lists and charts; an earlier month; an empty month; the links', async ({
  page,
}) => {
  await logIn(page, DEMO_ACCOUNTS.publisher);
  const now = await publisherAnswer(page);
  await expectPublisherFigures(page, now);

  const earlier = previousMonth({
    year: Number(now.month.slice(-4)),
    month: Number(now.month.slice(0, 2)),
  });
  const before = await publisherAnswer(page, earlier);
  expect(before.current, 'the demo months differ').not.toEqual(now.current);
  expect(before.current.runs, 'bot runs in the month before').toBeGreaterThan(0);
  await pickMonth(page, now.month, earlier);
  await expectPublisherFigures(page, before);
  await expectTopList(page, 'Top bots by runs', before.top.bots_by_runs, formatCount);
  await expectTopList(page, 'Top bots by revenue', before.top.bots_by_revenue, formatUsdCompact);
  await expectTopList(page, 'Top clients by spend', before.top.clients_by_spend, formatUsdCompact);
  await expectDrawn(page, 'Runs per bot', before.charts.runs_per_bot.length, 'bar');
  await expectDrawn(page, 'Runs per client', before.charts.runs_per_client.length, 'pie');

  // The top bot opens its page; the top client its runs of the month.
  const bot = before.top.bots_by_runs[0]!;
  await page
    .getByRole('region', { name: 'Top bots by runs' })
    .getByRole('link', { name: bot.key })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `/bot/detail/${bot.id}`);
  await expect(page.getByRole('main')).toContainText(bot.key);
  await page.goBack();
  const client = before.top.clients_by_spend[0]!;
  await page
    .getByRole('region', { name: 'Top clients by spend' })
    .getByRole('link', { name: client.key })
    .click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === `/clients/detail/${client.id}/runs` &&
      url.searchParams.get('month') === toMonthValue(earlier),
  );
  await expect(page.getByRole('main')).toContainText(client.key);

  // Two years back, picked in the month picker: nothing to show.
  await page.goBack();
  await pickMonth(page, toMonthValue(earlier), EMPTY_MONTH);
  await expect(page.getByText(DASHBOARD_EMPTY_MESSAGE, { exact: true })).toHaveCount(2);
  await expectPublisherFigures(page, await publisherAnswer(page, EMPTY_MONTH));
});

test('publisher user: the publisher’s figures and charts', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.publisherUser, { landOn: null });
  const data = await publisherAnswer(page, LAST_MONTH);
  await page.goto(lastMonthDashboard('/publisher/dashboard'));
  await expectPublisherFigures(page, data);
  await expectDrawn(page, 'Runs per bot', data.charts.runs_per_bot.length, 'bar');
  await expectDrawn(page, 'Runs per client', data.charts.runs_per_client.length, 'pie');
  const bot = data.top.bots_by_revenue[0]!;
  await page
    .getByRole('region', { name: 'Top bots by revenue' })
    .getByRole('link', { name: bot.key })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `/bot/detail/${bot.id}`);
});
