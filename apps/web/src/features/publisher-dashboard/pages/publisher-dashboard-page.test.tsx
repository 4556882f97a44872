import {
  DASHBOARD_EMPTY_MESSAGE,
  EMPTY_PUBLISHER_TOTALS,
  publisherDashboardPath,
  type PublisherDashboard,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockingViolations } from '@/test/axe';
import { jsonResponse, mockFetch, queriesTo } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { PublisherDashboardPage } from './publisher-dashboard-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BOT = '11111111-1111-4111-8111-111111111111';
const CLIENT = '22222222-2222-4222-8222-222222222222';

// Hand-checked: runs 1,500 vs 1,200 (+25%), revenue $150 vs $200 (−25%), margin $30 of $150 (20%).
const MARCH: PublisherDashboard = {
  month: '03/01/2025',
  period: '2025-03',
  current: {
    active_clients: 3,
    runs: 1_500,
    successful_runs: 1_400,
    client_cost_cents: 15_000,
    estimated_cost_cents: 12_000,
    new_subscriptions: 2,
  },
  previous: {
    active_clients: 3,
    runs: 1_200,
    successful_runs: 1_100,
    client_cost_cents: 20_000,
    estimated_cost_cents: 16_000,
    new_subscriptions: 0,
  },
  top: {
    bots_by_runs: [{ id: BOT, key: 'Upsell Finder', value: 1_200 }],
    bots_by_revenue: [{ id: BOT, key: 'Upsell Finder', value: 12_000 }],
    clients_by_spend: [{ id: CLIENT, key: 'Acme Heating', value: 9_000 }],
  },
  charts: {
    runs_per_bot: [
      { id: BOT, key: 'Upsell Finder', value: 1_200 },
      { id: null, key: 'Others', value: 300 },
    ],
    runs_per_client: [{ id: CLIENT, key: 'Acme Heating', value: 1_500 }],
  },
  refreshed_at: '2025-04-02T10:00:00.000Z',
};

const EMPTY: PublisherDashboard = {
  ...MARCH,
  month: '02/01/2025',
  period: '2025-02',
  current: EMPTY_PUBLISHER_TOTALS,
  previous: EMPTY_PUBLISHER_TOTALS,
  top: { bots_by_runs: [], bots_by_revenue: [], clients_by_spend: [] },
  charts: { runs_per_bot: [], runs_per_client: [] },
};

function serve(byMonth: (month: string | null) => Response) {
  return mockFetch(({ url }) =>
    byMonth(new URL(url, 'http://localhost').searchParams.get('month')),
  );
}

const renderDashboard = (url = '/publisher/dashboard') =>
  renderPage(<PublisherDashboardPage />, {
    route: '/publisher/dashboard',
    url,
    user: makeUser('publisher_admin'),
  });

const card = (label: string) =>
  within(screen.getByRole('region', { name: /^Key figures/ }))
    .getByText(label)
    .closest('a, .mantine-Paper-root') as HTMLElement;

describe('PublisherDashboardPage', () => {
  it('shows the KPIs with their change, the top-5 lists with links and the charts', async () => {
    const { fn } = serve(() => jsonResponse(200, { data: MARCH }));
    renderDashboard();
    expect(await screen.findByRole('region', { name: 'Key figures for 03/2025' })).toBeVisible();
    expect(queriesTo(fn, publisherDashboardPath)).toEqual([{}]);

    expect(card('Runs')).toHaveTextContent('1,500+25%vs previous month');
    expect(card('Runs')).toHaveAttribute('href', '/clients/list?month=03%2F01%2F2025');
    expect(card('Client revenue')).toHaveTextContent('$150.00−25%');
    expect(card('Margin')).toHaveTextContent('20% of client revenue');
    expect(card('Margin')).toHaveTextContent('$30.00−25%');
    expect(card('New subscriptions')).toHaveTextContent('2– vs previous month');

    const byRuns = screen.getByRole('region', { name: 'Top bots by runs' });
    expect(within(byRuns).getByRole('link', { name: 'Upsell Finder' })).toHaveAttribute(
      'href',
      `/bot/detail/${BOT}`,
    );
    expect(byRuns).toHaveTextContent('1,200');
    const bySpend = screen.getByRole('region', { name: 'Top clients by spend' });
    expect(within(bySpend).getByRole('link', { name: 'Acme Heating' })).toHaveAttribute(
      'href',
      `/clients/detail/${CLIENT}/runs?month=03%2F01%2F2025`,
    );
    expect(bySpend).toHaveTextContent('$90.00');

    expect(screen.getByRole('table', { name: 'Runs per bot' })).toHaveTextContent('Others300');
    expect(screen.getByRole('list', { name: 'Runs by name' })).toHaveTextContent(
      'Acme Heating · 1.5K (100%)',
    );
    expect(await blockingViolations()).toEqual([]);
  });

  it('asks for the chosen month and shows the empty month', async () => {
    const { fn } = serve((month) =>
      jsonResponse(200, { data: month === '02/01/2025' ? EMPTY : MARCH }),
    );
    const { router } = renderDashboard();
    await screen.findByRole('region', { name: 'Key figures for 03/2025' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dashboard month: 03/2025' }));
    await user.click(await screen.findByRole('button', { name: 'February 2025' }));
    await waitFor(() => expect(router.state.location.search).toBe('?month=02%2F01%2F2025'));
    expect(await screen.findByRole('region', { name: 'Key figures for 02/2025' })).toBeVisible();
    await waitFor(() => expect(screen.getAllByText(DASHBOARD_EMPTY_MESSAGE)).toHaveLength(2));
    expect(screen.getAllByText('No Bots Found')).toHaveLength(2);
    expect(screen.getByText('No Clients Found')).toBeInTheDocument();
    expect(card('Runs')).toHaveTextContent('0– vs previous month');
    expect(queriesTo(fn, publisherDashboardPath)).toEqual([{}, { month: '02/01/2025' }]);
  });

  it('shows the error with Try again, which asks again', async () => {
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { message: 'Something went wrong.' })
        : jsonResponse(200, { data: MARCH });
    });
    renderDashboard('/publisher/dashboard?month=03/01/2025');
    expect(await screen.findByRole('alert')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Key figures for 03/2025' })).toBeVisible();
  });
});
