import { BILLING_MESSAGES, type User } from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction } from '@/features/billing/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { createTestQueryClient, TestProviders } from '@/test/render';
import { routes } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The app's route tree at `path` for `user`; `answers` by path, the rest 404. */
function renderApp(path: string, user: User, answers: Record<string, () => Response>) {
  mockFetch((call) => {
    const { pathname } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/user/me') return jsonResponse(200, { data: user });
    if (pathname === '/api/csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=t; path=/';
      return new Response(null, { status: 204 });
    }
    return answers[pathname]?.() ?? jsonResponse(404, { message: 'Not found.' });
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router };
}

// The whole app's lazy chunks load on first use; slow on a busy machine.
const SLOW = { timeout: 15_000 };

const noCard = () => jsonResponse(200, { data: null });

describe('billing routes', () => {
  it(
    'keep the Settings Billing tab active on /settings/billing/capacity',
    { timeout: 45_000 },
    async () => {
      const { router } = renderApp('/settings/billing/capacity', makeUser('company_admin'), {
        '/api/company/payment-method': noCard,
        '/api/company/capacity': () =>
          jsonResponse(200, {
            data: {
              period: '2026-03',
              soft_capacity: null,
              hard_capacity: null,
              spent_cents: 0,
              minutes_cents: 0,
              bot_runs_cents: 0,
              hold: null,
              paused_items: 0,
            },
          }),
      });
      expect(
        await screen.findByText(/In US dollars per billing month/, undefined, SLOW),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/settings/billing/capacity');
      expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'Capacity' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    },
  );

  it(
    'let a payment-due admin reach the transactions and pay, then lift the lock',
    { timeout: 45_000 },
    async () => {
      const due = makeUser('company_admin', { company: makeCompany({ is_payment_due: true }) });
      let paid = false;
      const transaction = makeTransaction({ status: 'failed', invoice_number: 'INV-DUE' });
      let meCalls = 0;
      mockFetch((call) => {
        const { pathname } = new URL(call.url, 'http://localhost');
        if (pathname === '/api/user/me') {
          meCalls += 1;
          const company = makeCompany({ is_payment_due: !paid });
          return jsonResponse(200, { data: { ...due, company } });
        }
        if (pathname === '/api/company/payment-method') return noCard();
        if (pathname === '/api/company/payment-transactions') {
          const status = paid ? 'success' : 'failed';
          return jsonResponse(200, { data: { items: [{ ...transaction, status }], total: 1 } });
        }
        if (pathname === `/api/company/pay-now/${transaction.id}`) {
          paid = true;
          return jsonResponse(200, { message: BILLING_MESSAGES.paymentSucceeded });
        }
        return jsonResponse(404, { message: 'Not found.' });
      });
      const router = createMemoryRouter(routes, {
        initialEntries: ['/settings/billing/transaction-history'],
      });
      render(
        <TestProviders queryClient={createTestQueryClient()}>
          <RouterProvider router={router} />
        </TestProviders>,
      );
      const pay = await screen.findByRole('button', { name: 'Pay Now for invoice INV-DUE' }, SLOW);
      expect(router.state.location.pathname).toBe('/settings/billing/transaction-history');
      expect(screen.getByRole('tab', { name: 'Integration' })).toBeDisabled();
      const before = meCalls;
      await userEvent.click(pay);
      expect(await screen.findByRole('button', { name: 'Paid' }, SLOW)).toBeInTheDocument();
      await waitFor(() => expect(meCalls).toBeGreaterThan(before), SLOW);
      // The refetched user is no longer payment-due: the Integration tab opens again.
      await waitFor(
        () => expect(screen.getByRole('tab', { name: 'Integration' })).toBeEnabled(),
        SLOW,
      );
    },
  );
});
