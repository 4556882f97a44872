import { CSRF_COOKIE, clientsExportPath, clientsPath, type ClientListItem } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { currentUtcMonthLabel } from '../lib/month';
import { makeClientListItem, queriesTo, uuid } from '../test/fixtures';
import { ClientsPage } from './clients-page';

beforeEach(() => {
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const TOTALS = { runs: 4321, estimated_cost_cents: 98765, client_cost_cents: 123456 };

/** A server of `total` clients whose names say which page they came from; 'nobody' finds none. */
function serveClients(total = 23) {
  return mockFetch(({ url }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const page = Number(params.get('page') ?? 1);
    const count = params.get('keyword') === 'nobody' ? 0 : total;
    const items: ClientListItem[] = [];
    for (let i = (page - 1) * 10; i < Math.min(page * 10, count); i++) {
      items.push(makeClientListItem({ id: uuid(i + 1), name: `Client p${page}-${i + 1}` }));
    }
    const totals =
      count === 0 ? { runs: 0, estimated_cost_cents: 0, client_cost_cents: 0 } : TOTALS;
    return jsonResponse(200, { data: { items, count, totals } });
  });
}

const renderClients = (
  url = '/clients/list',
  alias: 'publisher_admin' | 'publisher_user' = 'publisher_user',
) => renderPage(<ClientsPage />, { route: '/clients/list', url, user: makeUser(alias) });

const table = () => screen.getByRole('table', { name: 'Clients' });

describe('ClientsPage', () => {
  it('lists the clients with their month figures, the totals and the entry count', async () => {
    const { fn } = mockFetch(() =>
      jsonResponse(200, {
        data: {
          items: [
            makeClientListItem({
              id: uuid(7),
              name: 'Acme Heating',
              since: '2026-03-04T10:00:00.000Z',
              bots_used: 3,
              runs: 1200,
              estimated_cost_cents: 1250,
              markup_percent: 35,
              markup_overridden: true,
              client_cost_cents: 1688,
            }),
          ],
          count: 1,
          totals: TOTALS,
        },
      }),
    );
    renderClients();
    const link = await screen.findByRole('link', { name: 'Acme Heating' });
    expect(link).toHaveAttribute('href', `/clients/detail/${uuid(7)}/general`);
    for (const header of [
      'Client',
      'Since',
      'Bots Used',
      'Runs',
      'Estimated Cost',
      'Markup',
      'Client Cost',
    ]) {
      expect(within(table()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = link.closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'AHAcme Heating',
      '03/04/2026',
      '3',
      '1,200',
      '$12.50',
      '35%Custom',
      '$16.88',
    ]);
    const totals = screen.getByRole('region', {
      name: `Totals for ${currentUtcMonthLabel(new Date())}`,
    });
    expect(within(totals).getByText('4,321')).toBeInTheDocument();
    expect(within(totals).getByText('$987.65')).toBeInTheDocument();
    expect(within(totals).getByText('$1,234.56')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    expect(queriesTo(fn, clientsPath)).toEqual([
      { page: '1', sort_by: 'name', sort_direction: 'asc' },
    ]);
  });

  it('keeps the month, the sort and the search in the query string', async () => {
    const { fn } = serveClients();
    const { router } = renderClients();
    await screen.findByText('Client p1-1');
    const user = userEvent.setup();

    // Month picker: 'Select Date' until a month is chosen (this month is the server's default).
    await user.click(screen.getByRole('button', { name: 'Filter by month: Select Date' }));
    await user.click(screen.getByRole('button', { name: 'Previous year' }));
    const year = new Date().getFullYear() - 1;
    await user.click(screen.getByRole('button', { name: `February ${year}` }));
    await waitFor(() => expect(router.state.location.search).toBe(`?month=02%2F01%2F${year}`));
    expect(
      await screen.findByRole('region', { name: `Totals for 02/${year}` }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(queriesTo(fn, clientsPath).at(-1)).toMatchObject({ month: `02/01/${year}` }),
    );

    await user.click(screen.getByRole('button', { name: 'Client Cost' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?month=02%2F01%2F${year}&sort_by=client_cost&sort_direction=asc`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${clientsExportPath}?month=02%2F01%2F${year}&sort_by=client_cost&sort_direction=asc`,
    );
    await user.click(screen.getByRole('button', { name: 'Client Cost' }));
    await waitFor(() =>
      expect(queriesTo(fn, clientsPath).at(-1)).toMatchObject({
        sort_by: 'client_cost',
        sort_direction: 'desc',
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'Client Cost' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.type(screen.getByRole('textbox', { name: 'Search clients' }), 'acme{Enter}');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('acme'),
    );
    expect(queriesTo(fn, clientsPath).at(-1)).toMatchObject({
      keyword: 'acme',
      month: `02/01/${year}`,
      sort_by: 'client_cost',
    });

    // Clearing the month goes back to this month (the server's default).
    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('month')).toBeNull(),
    );
  });

  it('searches once typing pauses for a second', async () => {
    const { fn } = serveClients();
    const { router } = renderClients();
    await screen.findByText('Client p1-1');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search clients' }), 'nobody');
    expect(queriesTo(fn, clientsPath).some((q) => q.keyword)).toBe(false);
    expect(await screen.findByText('No Clients Found', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?keyword=nobody');
    expect(queriesTo(fn, clientsPath).filter((q) => q.keyword)).toEqual([
      { page: '1', keyword: 'nobody', sort_by: 'name', sort_direction: 'asc' },
    ]);
  });

  it('pages through the URL', async () => {
    const { fn } = serveClients();
    const { router } = renderClients('/clients/list?sort_by=runs&sort_direction=desc');
    await screen.findByText('Client p1-1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Client p3-21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort_by=runs&sort_direction=desc&page=3');
    expect(screen.getByText('Showing 21 to 23 of 23 entries')).toBeInTheDocument();
    expect(queriesTo(fn, clientsPath).at(-1)).toEqual({
      page: '3',
      sort_by: 'runs',
      sort_direction: 'desc',
    });
  });

  it('shows skeletons while loading, then a failed load with Try again', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { message: 'Clients are down' })
        : jsonResponse(200, {
            data: { items: [makeClientListItem({ name: 'Back again' })], count: 1, totals: TOTALS },
          }),
    );
    renderClients();
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(await screen.findByText('Clients are down')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Totals/ })).toBeNull();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});
