import { BOOT_SHELL_ID, STORAGE_KEYS, type User } from '@fieldbot/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { resetSessionFlags, setSessionFlags } from '@/lib/session-flags';
import { storeUser } from '@/lib/storage';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { createTestQueryClient, TestProviders } from '@/test/render';
import { routes } from './router';

beforeEach(() => resetSessionFlags());
afterEach(() => vi.unstubAllGlobals());

/** The whole app's route tree in memory, with GET /api/user/me answering as `user`. */
function renderApp(
  path: string,
  user: User | null,
  extra?: (call: RecordedCall) => Response | Promise<Response> | undefined,
) {
  const fetchMock = mockFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url === '/api/user/me') {
      return user
        ? jsonResponse(200, { data: user })
        : jsonResponse(401, { message: 'Unauthenticated.' });
    }
    if (call.url === '/api/csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=t; path=/';
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, queryClient, ...fetchMock };
}

const RESTRICTED = 'Access is restricted to this page as this is being accessed by';

describe('route guard', () => {
  it('goes to /no-access, with a header title, for a route outside the role set', async () => {
    const { router } = renderApp('/settings/company-info', makeUser('field_team'));
    expect(await screen.findByText(`${RESTRICTED} Field Technician`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'We are Sorry...' })).toBeInTheDocument();
    // Inside the app shell, at /no-access, replacing the forbidden address.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-access');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { level: 1, name: 'No Access' })).toBeInTheDocument();
  });

  it('a 403 (not-enough-permission state) shows the no-access page until the next navigation', async () => {
    const { router } = renderApp('/customers', makeUser('manager'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    act(() => setSessionFlags({ noPermission: true }));
    expect(await screen.findByText(`${RESTRICTED} Company Manager`)).toBeInTheDocument();
    await act(() => router.navigate('/users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Teams' })).toBeInTheDocument();
    expect(screen.queryByText(RESTRICTED, { exact: false })).toBeNull();
  });

  it('names the publisher role title too', async () => {
    const { router } = renderApp('/publisher/users', makeUser('publisher_user'));
    expect(await screen.findByText(`${RESTRICTED} Publisher User`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-access');
  });

  it('shows the not-found page for an unknown route', async () => {
    renderApp('/no/such/page', makeUser('company_admin'));
    expect(await screen.findByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(RESTRICTED, { exact: false })).toBeNull();
  });

  it('sends a logged-out visitor to /login and remembers where they were going', async () => {
    const { router } = renderApp('/customers', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirectTo=%2Fcustomers');
    await waitFor(() =>
      expect(window.localStorage.getItem(STORAGE_KEYS.redirectTo)).toBe('/customers'),
    );
  });

  it('sends a set-up company admin from / to the company dashboard', async () => {
    const { router } = renderApp('/', makeUser('company_admin'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('sends a publisher from /settings to publisher information', async () => {
    const { router } = renderApp('/settings', makeUser('publisher_admin'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/publisher-info'));
  });

  it('sends a logged-in visitor away from /login', async () => {
    const { router } = renderApp('/login', makeUser('manager'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/dashboard'));
  });

  it('keeps an onboarding company admin on settings, later tabs disabled, with the CRM banner', async () => {
    const user = makeUser('company_admin', { company: null });
    const { router } = renderApp('/customers', user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/company-info'));
    expect(
      await screen.findByText(
        '• To utilize the product to its full potential, please connect to a CRM',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Company Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Billing' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Integration' })).toBeDisabled();
  });

  it('redirects /settings/billing to invoice history', async () => {
    const { router } = renderApp('/settings/billing', makeUser('company_admin'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/billing/invoice-history'),
    );
  });

  it('shows a stored payment error once and goes to the invoice history', async () => {
    window.localStorage.setItem(STORAGE_KEYS.paymentError, 'Your company has a payment due.');
    const user = makeUser('company_admin', { company: makeCompany({ is_payment_due: true }) });
    const { router } = renderApp('/settings/company-info', user);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/billing/invoice-history'),
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.paymentError)).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('tab', { name: 'Integration' })).toBeDisabled();
  });

  it('logs out a field technician whose company has a payment due', async () => {
    const user = makeUser('field_team', { company: makeCompany({ is_payment_due: true }) });
    storeUser(user);
    let loggedOut = false;
    const { router, calls } = renderApp('/customers', user, (call) => {
      if (call.url === '/api/user/logout') {
        loggedOut = true;
        return jsonResponse(200, { message: 'Logged out successfully.' });
      }
      if (call.url === '/api/user/me' && loggedOut) return jsonResponse(401, { message: 'x' });
      return undefined;
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.url === '/api/user/logout')?.body).toEqual({
      device_uuid: expect.any(String),
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('opens the Session Expired modal when a stored user gets a 401', async () => {
    storeUser(makeUser('manager'));
    renderApp('/customers', null);
    expect(await screen.findByRole('dialog', { name: 'Session Expired' })).toBeInTheDocument();
  });

  it('shows only the spec texts under the modal, never the raw 401 message', async () => {
    const user = makeUser('manager');
    storeUser(user);
    renderApp('/customers', user, (call) =>
      call.url.startsWith('/api/company/customers')
        ? jsonResponse(401, { message: 'Unauthenticated.' })
        : undefined,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Session Expired' });
    expect(dialog).toHaveTextContent(/^Session ExpiredLogin again$/);
    expect(screen.queryByText('Unauthenticated.')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Customers' })).toBeNull();
  });

  it("'Login again' clears the stored user and ends on the login page", async () => {
    storeUser(makeUser('manager'));
    const { router } = renderApp('/customers', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Login again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Session Expired' })).toBeNull();
  });
});

describe("the page's outline sent with the HTML (ADR 021)", () => {
  const outline = () => document.getElementById(BOOT_SHELL_ID);
  beforeEach(() => {
    const element = document.createElement('div');
    element.id = BOOT_SHELL_ID;
    document.body.append(element);
  });
  afterEach(() => outline()?.remove());

  it('stays while the session is checked and goes once the page is drawn', async () => {
    let answerMe: (response: Response) => void = () => undefined;
    const me = new Promise<Response>((resolve) => (answerMe = resolve));
    renderApp('/customers', null, (call) => (call.url === '/api/user/me' ? me : undefined));
    expect(outline()).not.toBeNull();
    answerMe(jsonResponse(200, { data: makeUser('manager') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await waitFor(() => expect(outline()).toBeNull());
  });

  it('goes when the guard shows something else, such as the way to the login page', async () => {
    const { router } = renderApp('/customers', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(outline()).toBeNull();
  });
});
