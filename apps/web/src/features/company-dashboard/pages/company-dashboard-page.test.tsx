import {
  companyDashboardPath,
  CSRF_COOKIE,
  DASHBOARD_EMPTY_MESSAGE,
  type CompanyDashboard,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, queriesTo } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import {
  BOT_ID,
  CALL_ID,
  CUSTOMER_ID,
  makeCompanyDashboard,
  makeEmptyDashboard,
  makeTechnicianDashboard,
  TECH_ID,
} from '../test/fixtures';
import { CompanyDashboardPage } from './company-dashboard-page';

// The charts are a lazy chunk: a cold import of the chart library outlasts findBy's wait.
beforeAll(async () => {
  await import('../components/charts-section');
});
beforeEach(() => {
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(dashboard: CompanyDashboard) {
  return mockFetch(() => jsonResponse(200, { data: dashboard }));
}

type CompanyRole = 'company_admin' | 'manager' | 'field_team';

const renderDashboard = (role: CompanyRole = 'company_admin', url = '/company/dashboard') =>
  renderPage(<CompanyDashboardPage />, {
    route: '/company/dashboard',
    url,
    user: makeUser(role),
  });

const kpis = () => screen.findByRole('region', { name: 'Key figures for 10/2026' });
const region = (name: string) => screen.getByRole('region', { name });
const linkIn = (container: HTMLElement, name: string | RegExp) =>
  within(container).getByRole('link', { name });

describe('CompanyDashboardPage', () => {
  it("shows the month's KPIs with their change against the month before", async () => {
    const { fn } = serve(makeCompanyDashboard());
    renderDashboard();
    const grid = await kpis();
    const cards = within(grid)
      .getAllByText(/vs previous month/)
      .map((line) => line.closest('.mantine-Paper-root')!.textContent);
    expect(cards).toEqual([
      'Interactions RecordedField recordings and CSR calls40+25%vs previous month',
      'Recorded MinutesLength of the recordings and calls121+21%vs previous month',
      'Recording CoverageCompleted jobs with a recording ÷ completed jobs87.5%+9.4%vs previous month',
      'CSR CallsCustomer-service calls10−17%vs previous month',
      'Booking RateBooked ÷ lead calls75%+50%vs previous month',
      'Booking RateBooked ÷ all calls60%+44%vs previous month',
      'RevenueCompleted jobs (USD)$12.3K+23%vs previous month',
      'Bot RunsFinished bot results50+25%vs previous month',
      'Positive ResultsBot runs with a positive result ÷ runs40%+60%vs previous month',
    ]);
    // Spend so far against the limits: $450 of the $1,000 hard capacity, past no soft limit.
    const spend = within(grid).getByRole('region', { name: 'Spend So Far' });
    expect(within(spend).getByText('$450.00')).toBeInTheDocument();
    expect(within(spend).getByRole('progressbar', { name: 'Hard capacity used' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    expect(within(spend).getByText('45% used')).toBeInTheDocument();
    expect(within(spend).getByText('Soft $500.00 · Hard $1,000.00')).toBeInTheDocument();
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();
    // No month chosen: the server's this month.
    expect(queriesTo(fn, companyDashboardPath)).toEqual([{}]);
  });

  it('links every figure with a list behind it to that list (company admin)', async () => {
    serve(makeCompanyDashboard());
    renderDashboard();
    const grid = await kpis();
    expect(linkIn(grid, /Bot Runs/)).toHaveAttribute('href', '/marketplace?subscribed=true');
    expect(linkIn(grid, 'Capacity')).toHaveAttribute('href', '/settings/billing/capacity');
    for (const list of ['Technicians by Recordings', 'Completed Jobs Without a Recording']) {
      expect(linkIn(region(list), 'Tina Tech')).toHaveAttribute(
        'href',
        `/users/${TECH_ID}/detail/general`,
      );
    }
    expect(linkIn(region('Customers by Revenue'), 'Acme Homes')).toHaveAttribute(
      'href',
      `/customers/${CUSTOMER_ID}`,
    );
    expect(within(region('Customers by Revenue')).getByText('$8K')).toBeInTheDocument();
    expect(linkIn(region('Bots by Runs'), 'Upsell Finder')).toHaveAttribute(
      'href',
      `/marketplace/bot/${BOT_ID}`,
    );
    const calls = region('Unbooked Calls to Review');
    expect(linkIn(calls, 'Call C-7781')).toHaveAttribute(
      'href',
      `/customers/${CUSTOMER_ID}/interaction/${CALL_ID}/csr-call`,
    );
    expect(linkIn(calls, 'Acme Homes')).toHaveAttribute(
      'href',
      `/customers/${CUSTOMER_ID}?type=csr-call`,
    );
    expect(within(calls).getByText('01:35')).toBeInTheDocument();
    // The charts load in their own chunk, after the figures.
    for (const chart of ['Interactions per Technician', 'Interaction Types', 'Call Outcomes']) {
      expect(await screen.findByRole('region', { name: chart })).toBeInTheDocument();
    }
  });

  it("leaves a manager's figures unlinked where the page is not theirs (bots, capacity)", async () => {
    serve(makeCompanyDashboard());
    renderDashboard('manager');
    const grid = await kpis();
    expect(within(grid).queryByRole('link')).toBeNull();
    expect(within(grid).getByRole('region', { name: 'Spend So Far' })).toBeInTheDocument();
    expect(within(region('Bots by Runs')).queryByRole('link')).toBeNull();
    expect(within(region('Bots by Runs')).getByText('Upsell Finder')).toBeInTheDocument();
    expect(linkIn(region('Technicians by Recordings'), 'Tina Tech')).toBeInTheDocument();
  });

  it('shows a technician what coaches them, and nothing that never applies to the role', async () => {
    serve(makeTechnicianDashboard());
    renderDashboard('field_team');
    const grid = await kpis();
    for (const label of ['My Visits', 'My Recording Coverage', 'My Jobs Without a Recording']) {
      expect(within(grid).getByText(label)).toBeInTheDocument();
    }
    for (const never of ['CSR Calls', 'Booking Rate', 'My Interactions']) {
      expect(within(grid).queryByText(never)).toBeNull();
    }
    expect(within(grid).queryByRole('region', { name: 'Spend So Far' })).toBeNull();
    expect(within(grid).queryByRole('link')).toBeNull();
    const findings = region('What the Bots Found on My Visits');
    expect(within(findings).getByText('Found on 7 of 18 visits')).toBeInTheDocument();
    expect(
      within(findings).getByRole('progressbar', { name: 'Plan offered: Found on 7 of 18 visits' }),
    ).toHaveAttribute('aria-valuenow', String(Math.round((7 / 18) * 100)));
    const jobs = region('My Jobs Without a Recording');
    expect(linkIn(jobs, 'Acme Homes')).toHaveAttribute('href', `/customers/${CUSTOMER_ID}`);
    expect(within(jobs).getByText('Job J-1042')).toBeInTheDocument();
    for (const hidden of [
      'Technicians by Recordings',
      'Completed Jobs Without a Recording',
      'Unbooked Calls to Review',
      'Bots by Runs',
      'Interactions per Technician',
      'Interaction Types',
      'Call Outcomes',
    ]) {
      expect(screen.queryByRole('region', { name: hidden })).toBeNull();
    }
    expect(linkIn(region('My Customers by Revenue'), 'Acme Homes')).toHaveAttribute(
      'href',
      `/customers/${CUSTOMER_ID}`,
    );
  });

  it("asks for the month in the URL and shows an empty month's empty texts", async () => {
    const { fn } = serve({ ...makeEmptyDashboard(), month: '09/01/2026', period: '2026-09' });
    renderDashboard('company_admin', '/company/dashboard?month=09%2F01%2F2026');
    const grid = await screen.findByRole('region', { name: 'Key figures for 09/2026' });
    expect(queriesTo(fn, companyDashboardPath)).toEqual([{ month: '09/01/2026' }]);
    expect(within(grid).getAllByText('–').length).toBeGreaterThan(0);
    expect(await screen.findAllByText(DASHBOARD_EMPTY_MESSAGE)).toHaveLength(3);
    for (const text of [
      'No Recordings Found',
      'No Unrecorded Jobs Found',
      'No Customers Found',
      'No Bot Runs Found',
      'No Unbooked Calls Found',
      'No Bot Results Found',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it('shows the error with Try again, which loads the figures', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { message: 'Database unavailable' })
        : jsonResponse(200, { data: makeCompanyDashboard() }),
    );
    renderDashboard();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await kpis()).toBeInTheDocument();
  });
});
