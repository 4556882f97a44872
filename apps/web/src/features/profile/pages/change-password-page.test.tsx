import { AUTH_MESSAGES, MESSAGES, REDIRECT_DELAY_MS } from '@fieldbot/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/features/auth/testing/fixtures';
import { fill } from '@/features/auth/testing/fill';
import { mockApi } from '@/features/auth/testing/mock-api';
import { renderPage } from '@/features/auth/testing/render-page';
import { leaveForLogin } from '../lib/leave-for-login';
import { ChangePasswordPage } from './change-password-page';

vi.mock('../lib/leave-for-login', () => ({ leaveForLogin: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveForLogin).mockClear();
});

function renderChangePassword() {
  return renderPage(<ChangePasswordPage />, {
    route: '/change-password',
    url: '/change-password',
    user: makeUser(),
  });
}

const submit = () => screen.getByRole('button', { name: 'Change Password' });

describe('ChangePasswordPage', { timeout: 20_000 }, () => {
  it('asks for each field with the spec messages', async () => {
    const { calls } = mockApi({});
    renderChangePassword();
    const user = userEvent.setup();
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.enterPassword)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.enterNewPassword)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.confirmPassword)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('rejects a weak new password and a confirmation that does not match', async () => {
    const { calls } = mockApi({});
    renderChangePassword();
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Current Password/), 'Demo@12345');
    await fill(user, screen.getByLabelText(/^New Password/), 'short');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'different');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MESSAGES.invalidPassword)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a wrong current password under its field', async () => {
    mockApi({
      'POST /api/user/change-password': {
        status: 422,
        body: {
          message: AUTH_MESSAGES.currentPasswordWrong,
          errors: { current_password: [AUTH_MESSAGES.currentPasswordWrong] },
        },
      },
    });
    renderChangePassword();
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Current Password/), 'Wrong@12345');
    await fill(user, screen.getByLabelText(/^New Password/), 'Better@12345');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Better@12345');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(AUTH_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current Password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('on success shows the message, then sends the user to log in again', async () => {
    const { calls } = mockApi({
      'POST /api/user/change-password': { body: { message: AUTH_MESSAGES.passwordChanged } },
    });
    renderChangePassword();
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Current Password/), 'Demo@12345');
    await fill(user, screen.getByLabelText(/^New Password/), 'Better@12345');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Better@12345');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(AUTH_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      current_password: 'Demo@12345',
      password: 'Better@12345',
      password_confirmation: 'Better@12345',
    });
    await waitFor(() => expect(leaveForLogin).toHaveBeenCalledTimes(1), {
      timeout: REDIRECT_DELAY_MS + 1000,
    });
  });
});
