import { AUTH_MESSAGES, REDIRECT_DELAY_MS, STORAGE_KEYS } from '@fieldbot/shared';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '@/lib/page-location';
import { makeUser } from '@fieldbot/shared/testing';
import { fill } from '@/test/fill';
import { mockApi } from '@/test/mock-api';
import { LoginPage } from './login-page';

/** Documents the page loaded in its place (jsdom cannot load one). */
let loaded: string[] = [];

beforeEach(() => {
  loaded = [];
  vi.spyOn(pageLocation, 'replace').mockImplementation((url) => {
    loaded.push(url);
  });
});

/** The login page runs without the router (its own entry): the address is jsdom's own. */
function renderLogin(url = '/login') {
  window.history.replaceState(null, '', url);
  return render(
    <MantineProvider env="test">
      <LoginPage />
    </MantineProvider>,
  );
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await fill(user, screen.getByLabelText(/Email/), email);
  await fill(user, screen.getByLabelText(/Password/), password);
  await user.keyboard('{Enter}');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('LoginPage', { timeout: 20_000 }, () => {
  it('shows the field messages and calls nothing when the form is empty or invalid', async () => {
    const { calls } = mockApi({});
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter the password')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Email/)).toHaveFocus();

    await fill(user, screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a 422 answer under the email field', async () => {
    const { calls } = mockApi({
      'POST /api/user/login': {
        status: 422,
        body: {
          message: AUTH_MESSAGES.invalidCredentials,
          errors: { email: [AUTH_MESSAGES.invalidCredentials] },
        },
      },
    });
    renderLogin();
    await fillAndSubmit('Admin@Demo.fieldbot.test ', 'Wrong@12345');

    const email = screen.getByLabelText(/Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(AUTH_MESSAGES.invalidCredentials)).toBeInTheDocument();
    // The body is the shared schema's output: trimmed, lower-case e-mail.
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/login',
      body: { email: 'admin@demo.fieldbot.test', password: 'Wrong@12345' },
    });
  });

  it('shows the 429 message as an alert', async () => {
    const message = AUTH_MESSAGES.tooManyAttempts(900);
    mockApi({ 'POST /api/user/login': { status: 429, body: { message } } });
    renderLogin();
    await fillAndSubmit('admin@demo.fieldbot.test', 'Wrong@12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('without a redirectTo, keeps the user and loads / at once', async () => {
    const account = makeUser();
    mockApi({ 'POST /api/user/login': { body: { data: account } } });
    renderLogin();
    await fillAndSubmit('admin@demo.fieldbot.test', 'Demo@12345');

    await waitFor(() => expect(loaded).toEqual(['/']));
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toContain(account.email);
  });

  it('sends a set-up company admin to the stored redirectTo after the delay', async () => {
    window.localStorage.setItem(STORAGE_KEYS.redirectTo, '/customers/42');
    mockApi({ 'POST /api/user/login': { body: { data: makeUser() } } });
    renderLogin();
    await fillAndSubmit('admin@demo.fieldbot.test', 'Demo@12345');

    expect(await screen.findByText(/Logged in successfully/)).toBeInTheDocument();
    // Nothing is loaded or kept before the delay is over; the address names the target meanwhile.
    expect(loaded).toEqual([]);
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(window.location.search).toBe(`?redirectTo=${encodeURIComponent('/customers/42')}`);
    await waitFor(() => expect(loaded).toEqual(['/customers/42']), {
      timeout: REDIRECT_DELAY_MS + 1000,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectTo)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.vanityPopup)).toBeNull();
  });

  it('gives other users the vanity-popup flag and sends them to /', async () => {
    const manager = makeUser('company_admin', {
      role: { alias: 'manager', title: 'Company Manager' },
    });
    mockApi({ 'POST /api/user/login': { body: { data: manager } } });
    renderLogin(`/login?redirectTo=${encodeURIComponent('/marketplace/abc')}`);
    await fillAndSubmit('manager@demo.fieldbot.test', 'Demo@12345');

    await waitFor(() => expect(loaded).toEqual(['/']), { timeout: REDIRECT_DELAY_MS + 1000 });
    expect(window.localStorage.getItem(STORAGE_KEYS.vanityPopup)).toBe('true');
  });

  it('sends an invalid invitation token to /invitation-token-expire', async () => {
    const { calls } = mockApi({
      'POST /api/user/validate-publisher-invitation-token': { body: { data: { is_valid: false } } },
    });
    renderLogin('/login/expired-token');
    await waitFor(() => expect(loaded).toEqual(['/invitation-token-expire']));
    expect(calls[0]?.body).toEqual({ invitation_token: 'expired-token' });
  });

  it('sends a token the server refuses to /invitation-token-expire, and shows a failed check', async () => {
    mockApi({
      'POST /api/user/validate-publisher-invitation-token': {
        status: 404,
        body: { message: 'No' },
      },
    });
    const first = renderLogin('/login/unknown-token');
    await waitFor(() => expect(loaded).toEqual(['/invitation-token-expire']));
    first.unmount();

    loaded = [];
    mockApi({
      'POST /api/user/validate-publisher-invitation-token': {
        status: 500,
        body: { message: 'Server down' },
      },
    });
    renderLogin('/login/some-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    expect(screen.getByLabelText(/Email/)).toBeInTheDocument();
    expect(loaded).toEqual([]);
  });

  it('shows the form for a valid invitation token, keeping it on the sign-up link', async () => {
    mockApi({
      'POST /api/user/validate-publisher-invitation-token': { body: { data: { is_valid: true } } },
    });
    renderLogin('/login/good-token?referer=%2Fpublic%2Fmarketplace%2FNWBOTS01-Northwind%2520Bots');
    expect(await screen.findByLabelText(/Email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup/good-token?referer=${encodeURIComponent('/public/marketplace/NWBOTS01-Northwind%20Bots')}`,
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password/good-token',
    );
  });
});
