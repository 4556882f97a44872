import {
  CSRF_COOKIE,
  INTERACTION_MESSAGES,
  INTERACTION_POLL_MS,
  customerBotResultPath,
  type BotResult,
  type InteractionListItem,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  asCustomerAnswer,
  makeBotResult,
  makeResultItem,
} from '@/components/bot-result/test/fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { makeCustomer, makeInteraction, queriesTo } from '../test/fixtures';
import { CUSTOMER_NOT_FOUND } from '../components/customer-not-found';
import { CustomerDetailPage } from './customer-detail-page';

const CUSTOMER_ID = '00000000-0000-4000-8000-00000000c0de';
const DETAIL = `/api/company/customer/${CUSTOMER_ID}`;
const LIST = `/api/company/interactions/${CUSTOMER_ID}`;
const DOWNLOAD = '/api/company/call/download';
const BOT_RESULT = customerBotResultPath(CUSTOMER_ID);

const customer = makeCustomer({
  id: CUSTOMER_ID,
  customer_id: 'CUS-7788',
  name: 'Harper Residence',
  jobs_count: 4,
  type: 'Commercial',
  active: false,
});

beforeEach(() => {
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

interface ServeOptions {
  items?: (params: URLSearchParams, call: RecordedCall) => InteractionListItem[];
  count?: number;
  onDownload?: (call: RecordedCall) => void;
  botResult?: BotResult | null;
}

function serve({
  items = () => [makeInteraction()],
  count,
  onDownload,
  botResult = null,
}: ServeOptions = {}) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === DETAIL) return jsonResponse(200, { data: customer });
    if (url.pathname === BOT_RESULT) {
      return jsonResponse(200, { data: botResult && asCustomerAnswer(botResult) });
    }
    if (url.pathname === '/api/data') return jsonResponse(200, { data: { company_bots: [] } });
    if (url.pathname === LIST) {
      const list = items(url.searchParams, call);
      return jsonResponse(200, { data: { items: list, count: count ?? list.length } });
    }
    if (url.pathname === DOWNLOAD && call.method === 'POST') {
      onDownload?.(call);
      return jsonResponse(200, { message: INTERACTION_MESSAGES.callDownloadStarted });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

function renderDetail(url = `/customers/${CUSTOMER_ID}`, user = makeUser()) {
  return renderPage(<CustomerDetailPage />, { route: '/customers/:customerId', url, user });
}

const interactionsTable = () => screen.getByRole('table', { name: 'Interactions' });

describe('CustomerDetailPage', () => {
  it('shows the header card and the collapsible Bot Result section', async () => {
    serve();
    renderDetail();
    const card = await screen.findByRole('region', { name: 'Customer details' });
    await within(card).findByText('Harper Residence');
    const value = (label: string) => within(card).getByText(label).nextElementSibling;
    expect(value('Customer ID')).toHaveTextContent('CUS-7788');
    expect(value('# of Jobs')).toHaveTextContent('4');
    expect(value('Customer Type')).toHaveTextContent('Commercial');
    expect(value('Customer Status')).toHaveTextContent('Inactive');

    const toggle = screen.getByRole('button', { name: 'Bot Result' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('No Bot Result Generated')).toBeVisible();
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByText('No Bot Result Generated')).not.toBeVisible());
  });

  it('lists interactions with their formatted columns', async () => {
    const { fn } = serve({
      items: () => [
        makeInteraction({
          interaction_id: 'C-900001',
          type: 'csr-call',
          call_type: 'Booked',
          download_status: 'completed',
          recording_by: null,
          job_id: 'J-4711',
          duration: 3725,
          created_at: new Date(2026, 1, 3, 14, 5, 9).toISOString(),
        }),
      ],
    });
    renderDetail();
    const row = (await screen.findByText('C-900001')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'C-900001',
      'CSR Call (Booked)',
      'J-4711',
      '-',
      '02/03/2026 02:05:09 PM',
      '01:02:05',
      'Completed',
    ]);
    const headers = within(interactionsTable())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Interaction ID',
      'Interaction Type',
      'Job ID',
      'Field Team',
      'Timestamp',
      'Recording Length',
      'Status',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Timestamp' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(queriesTo(fn, LIST)).toEqual([
      { page: '1', sort_by: 'created_at', sort_direction: 'desc' },
    ]);
  });

  it('links a ready interaction to its page and disables the others with the reason', async () => {
    serve({
      items: () => [
        makeInteraction({ id: '00000000-0000-4000-8000-0000000000a1', interaction_id: 'R-1' }),
        makeInteraction({ interaction_id: 'R-2', status: 'in-progress' }),
        makeInteraction({ interaction_id: 'R-3', status: 'paused' }),
        makeInteraction({ interaction_id: 'C-4', type: 'csr-call', download_status: 'error' }),
        makeInteraction({
          interaction_id: 'C-5',
          type: 'csr-call',
          download_status: 'in-progress',
        }),
        makeInteraction({ interaction_id: 'C-6', type: 'csr-call', download_status: null }),
      ],
    });
    renderDetail();
    const ready = await screen.findByRole('link', { name: 'R-1' });
    expect(ready).toHaveAttribute(
      'href',
      `/customers/${CUSTOMER_ID}/interaction/00000000-0000-4000-8000-0000000000a1/field-recording`,
    );
    const user = userEvent.setup();
    const expectations: [string, string][] = [
      ['R-2', INTERACTION_MESSAGES.linkDisabledInProgress],
      ['R-3', INTERACTION_MESSAGES.linkDisabledInProgress],
      ['C-4', INTERACTION_MESSAGES.downloadFailed],
      ['C-5', INTERACTION_MESSAGES.downloading],
      ['C-6', INTERACTION_MESSAGES.processing],
    ];
    for (const [id, reason] of expectations) {
      const disabled = screen.getByRole('link', { name: id });
      expect(disabled).toHaveAttribute('aria-disabled', 'true');
      expect(disabled).not.toHaveAttribute('href');
      expect(disabled).toHaveAccessibleDescription(reason);
      await user.hover(disabled);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
      await user.unhover(disabled);
      await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    }
    // The status cells: Re Download, Downloading, Processing, else the status badge.
    const statusOf = (id: string) =>
      within(screen.getByRole('link', { name: id }).closest('tr')!)
        .getAllByRole('cell')
        .at(-1);
    expect(statusOf('R-2')).toHaveTextContent('In Progress');
    expect(statusOf('R-3')).toHaveTextContent('Paused');
    expect(within(statusOf('C-4')!).getByRole('button')).toHaveTextContent('Re Download');
    expect(statusOf('C-5')).toHaveTextContent('Downloading');
    expect(statusOf('C-6')).toHaveTextContent('Processing');
  });

  it('re-downloads a failed call for the user company, then refetches and polls every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let downloading = false;
    const call = makeInteraction({
      interaction_id: 'C-77',
      type: 'csr-call',
      call_type: 'Unbooked',
      download_status: 'error',
    });
    const { fn, calls } = serve({
      items: () => [{ ...call, download_status: downloading ? 'in-progress' : 'error' }],
      onDownload: () => {
        downloading = true;
      },
    });
    const user = makeUser();
    renderDetail(undefined, user);
    const button = await screen.findByRole('button', { name: 'Re Download C-77' });
    const listCalls = () => queriesTo(fn, LIST).length;
    expect(listCalls()).toBe(1);

    // Not downloading: no polling.
    act(() => vi.advanceTimersByTime(INTERACTION_POLL_MS * 2));
    expect(listCalls()).toBe(1);

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(button);
    await screen.findByText('Downloading');
    expect(calls.filter((c) => c.url === DOWNLOAD)).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { call_ids: [call.id], company_id: user.company!.id },
      }),
    ]);
    expect(listCalls()).toBe(2);

    // Downloading: refetched every 10 s.
    act(() => vi.advanceTimersByTime(INTERACTION_POLL_MS - 500));
    expect(listCalls()).toBe(2);
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(listCalls()).toBe(3));
    act(() => vi.advanceTimersByTime(INTERACTION_POLL_MS));
    await waitFor(() => expect(listCalls()).toBe(4));
  });

  it('applies the Interaction type filter from the popup, shows the chip and clears it', async () => {
    // Enough rows for a page 2.
    const { fn } = serve({ count: 25 });
    const { router } = renderDetail(`/customers/${CUSTOMER_ID}?page=2`);
    await screen.findByRole('table', { name: 'Interactions' });
    const user = userEvent.setup();

    // Close leaves everything as it was.
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const popup = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(popup).getByRole('radio', { name: 'All Interactions' })).toBeChecked();
    await user.click(within(popup).getByRole('radio', { name: 'Field Recording' }));
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.queryByText('Filter Selected')).not.toBeInTheDocument();

    // Apply filters and goes back to page 1.
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(again).getByRole('radio', { name: 'All Interactions' })).toBeChecked();
    await user.click(within(again).getByRole('radio', { name: 'CSR Call' }));
    await user.click(within(again).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=csr-call'));
    expect(screen.getByText('Filter Selected')).toBeInTheDocument();
    await waitFor(() =>
      expect(queriesTo(fn, LIST).at(-1)).toEqual({
        page: '1',
        type: 'csr-call',
        sort_by: 'created_at',
        sort_direction: 'desc',
      }),
    );

    // Reopening shows the applied choice.
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const third = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(third).getByRole('radio', { name: 'CSR Call' })).toBeChecked();
    await user.click(within(third).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Filter Selected')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });

  it('keeps keyword (debounced), sort and page in the URL; back restores them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fn } = serve({
      count: 35,
      items: (params) => [
        makeInteraction({
          id: `00000000-0000-4000-8000-${params.get('page')!.padStart(12, '0')}`,
          interaction_id: `R-page-${params.get('page')}`,
        }),
      ],
    });
    const { router } = renderDetail();
    await screen.findByText('R-page-1');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await user.type(screen.getByRole('textbox', { name: 'Search interactions' }), 'furnace');
    act(() => vi.advanceTimersByTime(500));
    expect(router.state.location.search).toBe('');
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=furnace'));

    await user.click(screen.getByRole('button', { name: 'Recording Length' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?keyword=furnace&sort_by=duration&sort_direction=asc',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    await screen.findByText('R-page-4');
    expect(router.state.location.search).toBe(
      '?keyword=furnace&sort_by=duration&sort_direction=asc&page=4',
    );
    expect(screen.getByText('Showing 31 to 35 of 35 entries')).toBeInTheDocument();
    expect(queriesTo(fn, LIST).at(-1)).toEqual({
      page: '4',
      keyword: 'furnace',
      sort_by: 'duration',
      sort_direction: 'asc',
    });

    await act(() => router.navigate(-1));
    await screen.findByText('R-page-1');
    expect(screen.getByRole('columnheader', { name: 'Recording Length' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await act(() => router.navigate(-2));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Search interactions' })).toHaveValue('');
  });

  describe('Run Bot', () => {
    const crmUser = makeUser('company_admin', { crm_user_id: 'crm-9' });

    it('is enabled for a CRM-linked user when every listed interaction is finished', async () => {
      serve({
        items: () => [makeInteraction(), makeInteraction({ status: 'terminated' })],
      });
      renderDetail(undefined, crmUser);
      await screen.findAllByText('Completed');
      const runBot = screen.getByRole('button', { name: 'Run Bot' });
      await waitFor(() => expect(runBot).not.toHaveAttribute('aria-disabled'));
      await userEvent.setup().click(runBot);
      const dialog = await screen.findByRole('dialog', { name: 'Select Bots' });
      expect(within(dialog).getByRole('button', { name: 'Run' })).toHaveAccessibleDescription(
        'Choose at least one bot.',
      );
    });

    it('is disabled while an interaction is in progress', async () => {
      serve({ items: () => [makeInteraction(), makeInteraction({ status: 'in-progress' })] });
      renderDetail(undefined, crmUser);
      await screen.findByText('In Progress');
      expect(screen.getByRole('button', { name: 'Run Bot' })).toHaveAccessibleDescription(
        'Wait until every interaction is completed.',
      );
    });

    it('is disabled while a bot run of the customer is running', async () => {
      serve({
        botResult: makeBotResult({
          status: 'running',
          results: [makeResultItem({ bot_name: 'Big jobs', status: 'running' })],
        }),
      });
      renderDetail(undefined, crmUser);
      await screen.findByRole('tab', { name: 'Big jobs' });
      expect(screen.getByRole('button', { name: 'Run Bot' })).toHaveAccessibleDescription(
        'A bot is already running.',
      );
    });

    it('is disabled for a user without a crm_user_id', async () => {
      serve();
      renderDetail();
      await screen.findByText('Completed');
      expect(screen.getByRole('button', { name: 'Run Bot' })).toHaveAccessibleDescription(
        'Your account is not linked to the CRM.',
      );
    });
  });

  it('shows the server message with Try again when the customer cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { message: 'The server is resting.' }));
    renderDetail();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server is resting.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it.each([
    ['another company’s or a deleted customer (404)', 404, 'Not found.'],
    ['a malformed id the server refuses (422)', 422, 'Please enter valid value'],
  ])('shows Customer not found for %s', async (_, status, message) => {
    mockFetch(() => jsonResponse(status, { message }));
    renderDetail();
    expect(await screen.findByRole('heading', { name: CUSTOMER_NOT_FOUND })).toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Customers' })).toHaveAttribute(
      'href',
      '/customers',
    );
  });

  it('shows Customer not found for an id that is no id, without asking the server', async () => {
    const { fn } = serve();
    renderDetail('/customers/abc');
    expect(await screen.findByRole('heading', { name: CUSTOMER_NOT_FOUND })).toBeInTheDocument();
    expect(screen.queryByText('Please enter valid value')).not.toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  it('goes to the last page, replacing the URL, when the page is past the end', async () => {
    const { fn } = serve({
      count: 35,
      items: (params) =>
        Number(params.get('page')) > 4
          ? []
          : [makeInteraction({ interaction_id: `R-page-${params.get('page')}` })],
    });
    const { router } = renderDetail(`/customers/${CUSTOMER_ID}?page=99`);
    await screen.findByText('R-page-4');
    expect(router.state.location.search).toBe('?page=4');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Showing 31 to 35 of 35 entries')).toBeInTheDocument();
    expect(screen.queryByText(/Showing 981/)).not.toBeInTheDocument();
    expect(queriesTo(fn, LIST).map((q) => q.page)).toEqual(['99', '4']);
  });

  it('goes back to page 1 when a list past the end turns out empty', async () => {
    serve({ items: () => [] });
    const { router } = renderDetail(`/customers/${CUSTOMER_ID}?page=3`);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No Interactions Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows No Interactions Found for a customer without interactions', async () => {
    serve({ items: () => [] });
    renderDetail();
    expect(await screen.findByText('No Interactions Found')).toBeInTheDocument();
  });
});
