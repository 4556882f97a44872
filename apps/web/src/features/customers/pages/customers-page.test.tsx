import { CSRF_COOKIE, customersExportPath, type Customer } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { makeCustomer, queriesTo } from '../test/fixtures';
import { CustomersPage } from './customers-page';

const LIST = '/api/company/customers';

beforeEach(() => {
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server of 42 customers whose names say which page and query they came from. */
function serveCustomers(total = 42) {
  return mockFetch(({ url }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const page = Number(params.get('page') ?? 1);
    const count = params.get('keyword') === 'nobody' ? 0 : total;
    const items: Customer[] = [];
    for (let i = (page - 1) * 10; i < Math.min(page * 10, count); i++) {
      items.push(
        makeCustomer({
          id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
          name: `Customer p${page}-${i + 1}`,
        }),
      );
    }
    return jsonResponse(200, { data: { items, count } });
  });
}

function renderCustomers(url = '/customers') {
  return renderPage(<CustomersPage />, { route: '/customers', url, user: makeUser() });
}

const table = () => screen.getByRole('table', { name: 'Customers' });

describe('CustomersPage', () => {
  it('lists the first page with its columns, links and entry count', async () => {
    const { fn } = serveCustomers();
    renderCustomers();
    const link = await screen.findByRole('link', { name: 'Customer p1-1' });
    expect(link.getAttribute('href')).toMatch(/^\/customers\/[0-9a-f-]{36}$/);
    for (const header of [
      'Customer Name',
      'Customer ID',
      '# of Jobs',
      'Customer Type',
      'Customer Status',
    ]) {
      expect(within(table()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table()).getAllByText('Active')).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 42 entries')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Customer Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(queriesTo(fn, LIST)).toEqual([{ page: '1', sort_by: 'name', sort_direction: 'asc' }]);
  });

  it('offers Back-run bots to the company admin only', async () => {
    serveCustomers();
    const admin = renderCustomers();
    await screen.findByRole('link', { name: 'Customer p1-1' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back-run bots' }));
    expect(await screen.findByRole('dialog', { name: 'Back-run bots' })).toBeVisible();
    admin.unmount();

    renderPage(<CustomersPage />, {
      route: '/customers',
      url: '/customers',
      user: makeUser('manager'),
    });
    await screen.findByRole('link', { name: 'Customer p1-1' });
    expect(screen.queryByRole('button', { name: 'Back-run bots' })).toBeNull();
  });

  it('pages through the URL, and back restores the previous page', async () => {
    const { fn } = serveCustomers();
    const { router } = renderCustomers();
    await screen.findByText('Customer p1-1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Customer p3-21');
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByText('Showing 21 to 30 of 42 entries')).toBeInTheDocument();
    expect(queriesTo(fn, LIST).at(-1)).toMatchObject({ page: '3' });

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Customer p1-1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('goes to the last page instead of a page past the end, keeping the other fields', async () => {
    const { fn } = serveCustomers();
    const { router } = renderCustomers('/customers?type=Commercial&page=99');
    expect(await screen.findByText('Customer p5-41')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=Commercial&page=5');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Showing 41 to 42 of 42 entries')).toBeInTheDocument();
    expect(queriesTo(fn, LIST).map((query) => query.page)).toEqual(['99', '5']);
  });

  it('sorts by a column and flips the direction, going back to page 1', async () => {
    const { fn } = serveCustomers();
    const { router } = renderCustomers('/customers?page=2');
    await screen.findByText('Customer p2-11');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '# of Jobs' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?sort_by=jobs_count&sort_direction=asc'),
    );
    await user.click(screen.getByRole('button', { name: '# of Jobs' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?sort_by=jobs_count&sort_direction=desc'),
    );
    expect(screen.getByRole('columnheader', { name: '# of Jobs' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await waitFor(() =>
      expect(queriesTo(fn, LIST).at(-1)).toEqual({
        page: '1',
        sort_by: 'jobs_count',
        sort_direction: 'desc',
      }),
    );
  });

  it('searches one second after typing stops, and shows No Customers Found', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fn } = serveCustomers();
    const { router } = renderCustomers('/customers?page=3');
    await screen.findByText('Customer p3-21');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Search customers' }), 'nobody');
    act(() => vi.advanceTimersByTime(500));
    expect(router.state.location.search).toBe('?page=3');
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=nobody'));
    expect(await screen.findByText('No Customers Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    // One request for the keyword, not one per key.
    expect(queriesTo(fn, LIST).filter((q) => q.keyword)).toEqual([
      { page: '1', keyword: 'nobody', sort_by: 'name', sort_direction: 'asc' },
    ]);
  });

  it('filters by Customer Type and Status', async () => {
    const { fn } = serveCustomers();
    const { router } = renderCustomers();
    await screen.findByText('Customer p1-1');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Customer Type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Commercial' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=Commercial'));
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?type=Commercial&status=inactive'),
    );
    await waitFor(() =>
      expect(queriesTo(fn, LIST).at(-1)).toMatchObject({ type: 'Commercial', status: 'inactive' }),
    );
  });

  it('restores search, filters and sort from the URL', async () => {
    const { fn } = serveCustomers();
    renderCustomers(
      '/customers?keyword=acme&type=Residential&status=active&sort_by=type&sort_direction=desc&page=2',
    );
    await screen.findByText('Customer p2-11');
    expect(screen.getByRole('textbox', { name: 'Search customers' })).toHaveValue('acme');
    expect(screen.getByLabelText('Customer Type', { selector: 'input' })).toHaveValue(
      'Residential',
    );
    expect(screen.getByLabelText('Status', { selector: 'input' })).toHaveValue('Active');
    expect(screen.getByRole('columnheader', { name: 'Customer Type' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(queriesTo(fn, LIST)).toEqual([
      {
        page: '2',
        keyword: 'acme',
        type: 'Residential',
        status: 'active',
        sort_by: 'type',
        sort_direction: 'desc',
      },
    ]);
    // The export downloads the list as filtered and sorted, every page of it.
    const exported = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!,
      'http://x',
    );
    expect(exported.pathname).toBe(customersExportPath);
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      keyword: 'acme',
      type: 'Residential',
      status: 'active',
      sort_by: 'type',
      sort_direction: 'desc',
    });
  });

  it('shows the server message when the list fails, and retries', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(422, { message: 'Please select a valid value' })
        : jsonResponse(200, { data: { items: [makeCustomer({ name: 'Back again' })], count: 1 } }),
    );
    renderCustomers();
    expect(await screen.findByText('Please select a valid value')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});
