import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/lib/session';
import { makeUser } from '@fieldbot/shared/testing';
import { fill } from '@/test/fill';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { AcceptInvitePage } from './accept-invite-page';

afterEach(() => vi.unstubAllGlobals());

const route = '/accept-invite/:invitationToken';

describe('AcceptInvitePage', { timeout: 20_000 }, () => {
  it('sends an invalid token to /invitation-token-expire', async () => {
    mockApi({
      'POST /api/user/validate-publisher-invitation-token': { body: { data: { is_valid: false } } },
    });
    const { router } = renderPage(<AcceptInvitePage />, { route, url: '/accept-invite/bad' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitation-token-expire'));
  });

  it('treats a token the server refuses (422) as invalid', async () => {
    mockApi({
      'POST /api/user/validate-publisher-invitation-token': {
        status: 422,
        body: { message: 'Required', errors: { invitation_token: ['Required'] } },
      },
    });
    const { router } = renderPage(<AcceptInvitePage />, { route, url: '/accept-invite/x' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitation-token-expire'));
  });

  it('accepts the invitation with name and password and logs the user in', async () => {
    const invited = makeUser('company_admin', {
      role: { alias: 'publisher_user', title: 'Publisher User' },
      company: null,
      publisher: { id: 'p1', name: 'Northwind Bots' },
    });
    const { calls } = mockApi({
      'POST /api/user/validate-publisher-invitation-token': { body: { data: { is_valid: true } } },
      'POST /api/user/accept-invite': { body: { data: invited } },
    });
    const { router, queryClient } = renderPage(<AcceptInvitePage />, {
      route,
      url: '/accept-invite/tok-1',
    });
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Name/), 'Pat Publisher');
    await fill(user, screen.getByLabelText(/^Password/), 'Secret@123');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Secret@123');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(queryClient.getQueryData(meQueryKey)).toEqual(invited);
    expect(calls.find((c) => c.path === '/api/user/accept-invite')?.body).toEqual({
      invitation_token: 'tok-1',
      name: 'Pat Publisher',
      password: 'Secret@123',
      password_confirmation: 'Secret@123',
    });
  });
});
