import { AUTH_MESSAGES } from '@fieldbot/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '@/test/fill';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordPage', { timeout: 20_000 }, () => {
  it('shows the same confirmation whatever the address', async () => {
    const { calls } = mockApi({
      'POST /api/user/forgot-password': { body: { message: AUTH_MESSAGES.resetLinkSent } },
    });
    renderPage(<ForgotPasswordPage />, { route: '/forgot-password', url: '/forgot-password' });
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/Email/), 'nobody@example.com');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(AUTH_MESSAGES.resetLinkSent)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'nobody@example.com' });
  });
});
