import { BILLING_MESSAGES, CSRF_COOKIE, transactionsExportPath } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey, useCurrentUser } from '@/lib/session';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render';
import { makeInvoice, makeTransaction } from '../test/fixtures';
import { BillingLayout } from './billing-layout';
import { CapacityPage } from './capacity-page';
import { InvoiceHistoryPage } from './invoice-history-page';
import { TransactionHistoryPage } from './transaction-history-page';

afterEach(() => vi.unstubAllGlobals());

const CARD = {
  card_type: 'visa',
  card_number: '4242',
  customer_name: 'Ada Admin',
  expiry_date: '12/2030',
  source_id: 'pm_1',
};

/** A fixed JSON body, a Response, or a function that makes one per call (it may wait). */
type Answers = Record<string, unknown>;

/** What the app shell does that matters here: it watches the session, so invalidating it refetches. */
function SessionWatcher() {
  useCurrentUser();
  return null;
}

/** The billing route subtree at `url`; fetch answers by path (query string ignored). */
function renderBillingRoutes(url: string, answers: Answers) {
  const api = mockFetch(({ url: requested }) => {
    const { pathname } = new URL(requested, 'http://localhost');
    const answer = answers[pathname];
    if (answer === undefined) return jsonResponse(404, { message: 'Not found.' });
    if (answer instanceof Response) return answer;
    if (typeof answer === 'function') return (answer as () => Response | Promise<Response>)();
    return jsonResponse(200, answer);
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryKey, makeUser('company_admin'));
  const router = createMemoryRouter(
    [
      {
        path: '/settings/billing',
        element: <BillingLayout />,
        children: [
          { index: true, element: <Navigate to="invoice-history" replace /> },
          { path: 'invoice-history', element: <InvoiceHistoryPage /> },
          { path: 'transaction-history', element: <TransactionHistoryPage /> },
          { path: 'capacity', element: <CapacityPage /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionWatcher />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const requests = (path: string) =>
    api.calls
      .map((call) => new URL(call.url, 'http://localhost'))
      .filter((u) => u.pathname === path);
  return { router, requests };
}

describe('billing pages', () => {
  it('show the saved card and the invoices, each with a View link in a new tab', async () => {
    const invoice = makeInvoice({
      invoice_number: 'INV-0001',
      date: '2026-03-01',
      total_amount: 250075,
    });
    renderBillingRoutes('/settings/billing/invoice-history', {
      '/api/company/payment-method': { data: CARD },
      '/api/company/invoices': { data: { items: [invoice], total: 1 } },
    });
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin · Expires 12/2030')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change card' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = await within(table).findByRole('row', { name: /INV-0001/ });
    expect(row).toHaveTextContent('03/01/2026');
    expect(row).toHaveTextContent('$2,500.75');
    const link = within(row).getByRole('link', { name: /View invoice INV-0001/ });
    expect(link).toHaveAttribute('href', invoice.invoice_url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('tab', { name: 'Invoice History' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it("say 'No Payment Method added.' and 'No Invoices Found' when there is nothing", async () => {
    renderBillingRoutes('/settings/billing/invoice-history', {
      '/api/company/payment-method': { data: null },
      '/api/company/invoices': { data: { items: [], total: 0 } },
    });
    expect(await screen.findByText(BILLING_MESSAGES.noPaymentMethod)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add card' })).toBeInTheDocument();
    expect(await screen.findByText(BILLING_MESSAGES.noInvoices)).toBeInTheDocument();
  });

  it('filter invoices by month and sort them, through the query string', async () => {
    const { requests, router } = renderBillingRoutes('/settings/billing/invoice-history', {
      '/api/company/payment-method': { data: null },
      '/api/company/invoices': { data: { items: [makeInvoice()], total: 1 } },
    });
    const events = userEvent.setup();
    await screen.findByRole('table', { name: 'Invoices' });
    await events.click(screen.getByRole('button', { name: 'Filter by month: Select Date' }));
    await events.click(await screen.findByRole('button', { name: 'Previous year' }));
    const lastYear = new Date().getFullYear() - 1;
    await events.click(screen.getByRole('button', { name: `January ${lastYear}` }));
    await waitFor(() =>
      expect(requests('/api/company/invoices').at(-1)?.searchParams.get('date')).toBe(
        `01/01/${lastYear}`,
      ),
    );
    expect(router.state.location.search).toContain('date=');
    await events.click(screen.getByRole('button', { name: /Total Amount/ }));
    await waitFor(() => {
      const params = requests('/api/company/invoices').at(-1)?.searchParams;
      expect(params?.get('sort')).toBe('total_amount');
      expect(params?.get('direction')).toBe('asc');
    });
  });

  it('list transactions with status badges and filter them by status as status[]', async () => {
    const paid = makeTransaction({
      status: 'success',
      invoice_number: 'INV-PAID',
      failure_message: null,
    });
    const failed = makeTransaction({
      status: 'failed',
      invoice_number: 'INV-FAILED',
      amount: 9900,
    });
    const { requests } = renderBillingRoutes('/settings/billing/transaction-history', {
      '/api/company/payment-method': { data: CARD },
      '/api/company/payment-transactions': { data: { items: [paid, failed], total: 2 } },
    });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByText('INV-FAILED');
    const failedRow = await within(table).findByRole('row', { name: /INV-FAILED/ });
    expect(failedRow).toHaveTextContent('$99.00');
    expect(failedRow).toHaveTextContent('•••• 4242');
    expect(within(failedRow).getByText('Failed')).toBeInTheDocument();
    expect(within(failedRow).getByRole('button', { name: /Pay Now/ })).toBeInTheDocument();
    const paidRow = within(table).getByRole('row', { name: /INV-PAID/ });
    expect(within(paidRow).getByRole('button', { name: 'Paid' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    const events = userEvent.setup();
    await events.click(screen.getByLabelText('Status', { selector: 'input' }));
    await events.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(
        requests('/api/company/payment-transactions').at(-1)?.searchParams.getAll('status[]'),
      ).toEqual(['failed']),
    );
    const exported = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!;
    expect(exported.startsWith(`${transactionsExportPath}?`)).toBe(true);
    expect(new URLSearchParams(exported.split('?')[1]).getAll('status[]')).toEqual(['failed']);
  });

  it('show the capacity form and this month’s spend, with the hold notice when work is paused', async () => {
    renderBillingRoutes('/settings/billing/capacity', {
      '/api/company/payment-method': { data: CARD },
      '/api/company/capacity': {
        data: {
          period: '2026-03',
          soft_capacity: 100,
          hard_capacity: 200,
          spent_cents: 20000,
          minutes_cents: 15000,
          bot_runs_cents: 5000,
          hold: 'hard_capacity',
          paused_items: 3,
        },
      },
    });
    expect(await screen.findByRole('spinbutton', { name: /Soft Capacity/ })).toHaveValue(100);
    expect(screen.getByRole('spinbutton', { name: /Hard Capacity/ })).toHaveValue(200);
    expect(screen.getByTestId('capacity-spent')).toHaveTextContent('$200.00');
    expect(screen.getByRole('progressbar', { name: 'Hard Capacity used' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText('paused: hard capacity reached')).toBeInTheDocument();
    expect(screen.getByText(/3 queued item\(s\) wait/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Capacity' })).toHaveAttribute('aria-selected', 'true');
  });

  it('toast a saved limit although the refetched limits re-key the form before the session answers', async () => {
    const status = {
      period: '2026-03',
      soft_capacity: 100,
      hard_capacity: 200 as number | null,
      spent_cents: 0,
      minutes_cents: 0,
      bot_runs_cents: 0,
      hold: null,
      paused_items: 0,
    };
    // The session refetch answers only once the new limits are on screen (the order a loaded
    // machine produced): the form has remounted by the time the save settles.
    let answerSession = () => undefined as void;
    const sessionAnswered = new Promise<void>((resolve) => (answerSession = resolve));
    document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
    renderBillingRoutes('/settings/billing/capacity', {
      '/api/company/payment-method': { data: CARD },
      '/api/company/capacity': () => jsonResponse(200, { data: { ...status } }),
      '/api/company/update': () => {
        Object.assign(status, { soft_capacity: 900, hard_capacity: null });
        return jsonResponse(200, { message: BILLING_MESSAGES.limitUpdated });
      },
      '/api/user/me': async () => {
        await sessionAnswered;
        return jsonResponse(200, { data: makeUser('company_admin') });
      },
    });
    const events = userEvent.setup();
    const soft = await screen.findByRole('spinbutton', { name: /Soft Capacity/ });
    await events.clear(soft);
    await events.type(soft, '900');
    await events.clear(screen.getByRole('spinbutton', { name: /Hard Capacity/ }));
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: /Hard Capacity/ })).toHaveValue(null),
    );
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: /Soft Capacity/ })).toHaveValue(900),
    );
    answerSession();
    expect(await screen.findByText(BILLING_MESSAGES.limitUpdated)).toBeInTheDocument();
  });

  it('open the sandbox card form from Add card', async () => {
    renderBillingRoutes('/settings/billing/invoice-history', {
      '/api/company/payment-method': { data: null },
      '/api/company/invoices': { data: { items: [], total: 0 } },
      '/api/company/create-setup-intent': {
        data: { client_secret: 'seti_1_secret', provider: 'sandbox', publishable_key: null },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add card' });
    expect(await within(dialog).findByText(BILLING_MESSAGES.sandboxNotice)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Card number/)).toBeInTheDocument();
  });
});
