import { AUTH_MESSAGES, MESSAGES, STORAGE_KEYS } from '@fieldbot/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@fieldbot/shared/testing';
import { fill } from '@/test/fill';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { meQueryKey } from '@/lib/session';
import { ChangePasswordPage } from './change-password-page';

afterEach(() => vi.unstubAllGlobals());

function renderChangePassword() {
  return renderPage(<ChangePasswordPage />, {
    route: '/change-password',
    url: '/change-password',
    user: makeUser(),
  });
}

const submit = () => screen.getByRole('button', { name: 'Change Password' });

describe('ChangePasswordPage', { timeout: 20_000 }, () => {
  it('Cancel on a page opened in a fresh tab goes to the parent route', async () => {
    mockApi({});
    renderChangePassword();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/$/);
  });

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

  it('on success shows the message, forgets the session and sends the user to /login', async () => {
    const { calls } = mockApi({
      'POST /api/user/change-password': { body: { message: AUTH_MESSAGES.passwordChanged } },
    });
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser()));
    const { router, queryClient } = renderChangePassword();
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
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
