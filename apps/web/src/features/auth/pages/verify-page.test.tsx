import { AUTH_MESSAGES } from '@fieldbot/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { VerifyPage } from './verify-page';

afterEach(() => vi.unstubAllGlobals());

describe('VerifyPage', { timeout: 20_000 }, () => {
  it('verifies the token and offers the Login link', async () => {
    const { calls } = mockApi({
      'GET /api/user/verify/abc123': { body: { message: AUTH_MESSAGES.verified } },
    });
    renderPage(<VerifyPage />, { route: '/verify/:token', url: '/verify/abc123' });
    expect(await screen.findByText(AUTH_MESSAGES.verified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(1);
  });

  it('shows the server error for a bad or expired token', async () => {
    mockApi({
      'GET /api/user/verify/old': {
        status: 422,
        body: {
          message: AUTH_MESSAGES.invalidToken,
          errors: { token: [AUTH_MESSAGES.invalidToken] },
        },
      },
    });
    renderPage(<VerifyPage />, { route: '/verify/:token', url: '/verify/old' });
    expect(await screen.findByText(AUTH_MESSAGES.invalidToken)).toBeInTheDocument();
  });
});
