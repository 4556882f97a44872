import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '@/test/fill';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { SignupPage } from './signup-page';

afterEach(() => vi.unstubAllGlobals());

function renderSignup(url: string) {
  const route = url.startsWith('/signup/') ? '/signup/:invitationToken' : '/signup';
  return renderPage(<SignupPage />, { route, url });
}

describe('SignupPage', { timeout: 20_000 }, () => {
  it('checks the password policy and the confirmation', async () => {
    const { calls } = mockApi({});
    renderSignup('/signup');
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Name/), 'Ada Lovelace');
    await fill(user, screen.getByLabelText(/^Email/), 'ada@example.com');
    await fill(user, screen.getByLabelText(/^Password/), 'weakpass');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please enter valid password')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText(/At least 8 characters/)).toHaveTextContent('(met)');
    expect(screen.getByText(/One uppercase letter/)).toHaveTextContent('(not met)');
    expect(calls).toHaveLength(0);
  });

  it('sends the form and tells the user to check their e-mail', async () => {
    const message = 'Account created. Please check your email to verify your address.';
    const { calls } = mockApi({ 'POST /api/user/signup': { status: 201, body: { message } } });
    renderSignup('/signup?referer=%2Fpublic%2Fmarketplace%2FNWBOTS01-Northwind%2520Bots');
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Name/), 'Ada  Lovelace');
    await fill(user, screen.getByLabelText(/^Email/), 'ada@example.com');
    await fill(user, screen.getByLabelText(/^Password/), 'Secret@123');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Secret@123');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Secret@123',
      password_confirmation: 'Secret@123',
    });
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      `/login?referer=${encodeURIComponent('/public/marketplace/NWBOTS01-Northwind%20Bots')}`,
    );
  });

  it('shows a 422 "already taken" under the email field', async () => {
    mockApi({
      'POST /api/user/signup': {
        status: 422,
        body: {
          message: 'Email address is already taken',
          errors: { email: ['Email address is already taken'] },
        },
      },
    });
    renderSignup('/signup');
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Name/), 'Ada');
    await fill(user, screen.getByLabelText(/^Email/), 'admin@demo.fieldbot.test');
    await fill(user, screen.getByLabelText(/^Password/), 'Secret@123');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Secret@123');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Email address is already taken')).toBeInTheDocument();
  });

  it('sends an invalid invitation token to /invitation-token-expire', async () => {
    mockApi({
      'POST /api/user/validate-publisher-invitation-token': { body: { data: { is_valid: false } } },
    });
    const { router } = renderSignup('/signup/old-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitation-token-expire'));
  });

  it('sends the invitation token with the account when it is valid', async () => {
    const { calls } = mockApi({
      'POST /api/user/validate-publisher-invitation-token': { body: { data: { is_valid: true } } },
      'POST /api/user/signup': { status: 201, body: { message: 'Account created.' } },
    });
    renderSignup('/signup/good-token');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Name/), 'Ada');
    await fill(user, screen.getByLabelText(/^Email/), 'ada@example.com');
    await fill(user, screen.getByLabelText(/^Password/), 'Secret@123');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Secret@123');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/signup')?.body).toMatchObject({
      invitation_token: 'good-token',
    });
  });
});
