import { AUTH_MESSAGES, MESSAGES } from '@fieldbot/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '@/test/fill';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => vi.unstubAllGlobals());

function renderReset(url: string) {
  const route = url === '/reset-password' ? '/reset-password' : '/reset-password/:token';
  return renderPage(<ResetPasswordPage />, { route, url });
}

describe('ResetPasswordPage', { timeout: 20_000 }, () => {
  it('checks the new password and its confirmation before sending', async () => {
    const { calls } = mockApi({});
    renderReset('/reset-password/tok-9');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.enterNewPassword)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.confirmPassword)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('sends the token from the link with the new password and confirms', async () => {
    const { calls } = mockApi({
      'POST /api/user/reset-password': { body: { message: AUTH_MESSAGES.passwordReset } },
    });
    renderReset('/reset-password/tok-9');
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^New Password/), 'Better@12345');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Better@12345');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(AUTH_MESSAGES.passwordReset)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(calls[0]?.body).toEqual({
      token: 'tok-9',
      password: 'Better@12345',
      password_confirmation: 'Better@12345',
    });
  });

  it('shows an expired token as a form-level error', async () => {
    mockApi({
      'POST /api/user/reset-password': {
        status: 422,
        body: {
          message: AUTH_MESSAGES.invalidToken,
          errors: { token: [AUTH_MESSAGES.invalidToken] },
        },
      },
    });
    renderReset('/reset-password/old');
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^New Password/), 'Better@12345');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Better@12345');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidToken);
  });

  it('explains a link without a token', () => {
    renderReset('/reset-password');
    expect(screen.getByText(AUTH_MESSAGES.invalidToken)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
