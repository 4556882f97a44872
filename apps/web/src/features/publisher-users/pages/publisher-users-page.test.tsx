import {
  MESSAGES,
  PUBLISHER_USER_MESSAGES,
  publisherInvitationResendPath,
  publisherInvitationRevokePath,
  publisherUserPath,
  publisherUserRolePath,
  type PublisherUserListItem,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '@/test/fill';
import { mockApi, type ApiCall } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makePublisherInvitationRow, makePublisherUserRow } from '../test/fixtures';
import { PublisherUsersPage } from './publisher-users-page';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/publisher/users';
const me = makeUser('publisher_admin');

function listReply(items: PublisherUserListItem[], counts = { active: 2, invited: 1 }) {
  return {
    body: {
      data: { items, count: items.length, counts: { ...counts, 'not-invited': 0 } },
    },
  };
}

function renderUsers(url = '/publisher/users') {
  return renderPage(<PublisherUsersPage />, { route: '/publisher/users', url, user: me });
}

const listQueries = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/publisher/users')
    .map((url) => Object.fromEntries(url.searchParams));

const mutations = (calls: ApiCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

describe('PublisherUsersPage', { timeout: 30_000 }, () => {
  it('lists users and invitations with roles, status badges and counts; no actions on one’s own row', async () => {
    const self = makePublisherUserRow({
      id: me.id,
      name: me.name,
      email: me.email,
      role: { alias: 'publisher_admin', title: 'Publisher Admin' },
    });
    const colleague = makePublisherUserRow({ name: 'Pat Publisher' });
    const pending = makePublisherInvitationRow('new.pub@example.test');
    mockApi({ [LIST]: listReply([self, colleague, pending]) });
    renderUsers();

    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Pat Publisher');
    for (const header of ['Name', 'Email', 'Role', 'Status', 'Last Active', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('Publisher Admin')).toBeInTheDocument();
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(within(table).getByText('Invited')).toBeInTheDocument();
    expect(within(table).getByText('Pending invitation')).toBeInTheDocument();
    expect(screen.getByText('Active: 2 · Invited: 1 · Not Invited: 0')).toBeInTheDocument();
    expect(document.title).toBe('Users | Fieldbot');

    expect(
      within(table).getByRole('button', { name: 'Change role of Pat Publisher' }),
    ).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Remove Pat Publisher' })).toBeVisible();
    expect(within(table).queryByRole('button', { name: `Change role of ${me.name}` })).toBeNull();
    expect(within(table).queryByRole('button', { name: `Remove ${me.name}` })).toBeNull();
    expect(
      within(table).getByRole('button', { name: 'Resend invitation to new.pub@example.test' }),
    ).toBeVisible();
  });

  it('says No Users Found, and keeps filters and sort in the query it sends', async () => {
    const { fetchMock } = mockApi({ [LIST]: listReply([]) });
    renderUsers('/publisher/users?role=publisher_user&keyword=pat');
    expect(await screen.findByText('No Users Found')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search users' })).toHaveValue('pat');
    await userEvent.setup().click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({
        role: 'publisher_user',
        keyword: 'pat',
        sort_by: 'email',
        sort_direction: 'asc',
      }),
    );
  });

  it('shows the error with Try again when the list fails', async () => {
    mockApi({ [LIST]: { status: 500, body: { message: 'Database unavailable' } } });
    renderUsers();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('invites by e-mail as Publisher Admin or Publisher User and refetches the list', async () => {
    const { calls } = mockApi({
      [LIST]: listReply([]),
      'POST /api/publisher/users/invite': (call) =>
        (call.body as { email: string }).email === 'taken@example.test'
          ? {
              status: 422,
              body: {
                message: PUBLISHER_USER_MESSAGES.memberElsewhere,
                errors: { email: [PUBLISHER_USER_MESSAGES.memberElsewhere] },
              },
            }
          : { body: { message: PUBLISHER_USER_MESSAGES.invited } },
    });
    renderUsers();
    const user = userEvent.setup();
    await screen.findByText('No Users Found');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText(MESSAGES.required)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.selectValidValue)).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText(/^Email/), 'taken@example.test');
    await user.click(within(dialog).getByLabelText(/^Role/, { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Publisher User' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Publisher Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(
      await within(dialog).findByText(PUBLISHER_USER_MESSAGES.memberElsewhere),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Email/));
    await fill(user, within(dialog).getByLabelText(/^Email/), 'Pat@Example.test');
    const listsBefore = calls.filter((c) => c.method === 'GET').length;
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(PUBLISHER_USER_MESSAGES.invited)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      email: 'pat@example.test',
      role_alias: 'publisher_admin',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite User' })).toBeNull());
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(listsBefore),
    );
  });

  it('resends and, after confirming, revokes an invitation', async () => {
    const pending = makePublisherInvitationRow('pending@example.test');
    const { calls } = mockApi({
      [LIST]: listReply([pending]),
      [`POST ${publisherInvitationResendPath(pending.id)}`]: {
        body: { message: PUBLISHER_USER_MESSAGES.resent },
      },
      [`POST ${publisherInvitationRevokePath(pending.id)}`]: {
        body: { message: PUBLISHER_USER_MESSAGES.revoked },
      },
    });
    renderUsers();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Resend invitation to pending@example.test' }),
    );
    expect(await screen.findByText(PUBLISHER_USER_MESSAGES.resent)).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Revoke invitation to pending@example.test' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(PUBLISHER_USER_MESSAGES.revoked)).toBeInTheDocument();
    expect(mutations(calls)).toEqual([
      `POST ${publisherInvitationResendPath(pending.id)}`,
      `POST ${publisherInvitationRevokePath(pending.id)}`,
    ]);
  });

  it('changes a colleague’s role to the other one after confirming, and refetches', async () => {
    const colleague = makePublisherUserRow({ name: 'Pat Publisher' });
    const { calls } = mockApi({
      [LIST]: listReply([colleague]),
      [`POST ${publisherUserRolePath(colleague.id)}`]: {
        body: { message: PUBLISHER_USER_MESSAGES.roleChanged },
      },
    });
    renderUsers();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change role of Pat Publisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(dialog).toHaveTextContent('Pat Publisher will become a Publisher Admin.');
    const listsBefore = calls.filter((c) => c.method === 'GET').length;
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(await screen.findByText(PUBLISHER_USER_MESSAGES.roleChanged)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      role_alias: 'publisher_admin',
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(listsBefore),
    );
  });

  it('removes a colleague after confirming; a refusal shows the server’s message', async () => {
    const colleague = makePublisherUserRow({
      name: 'Avery Admin',
      role: { alias: 'publisher_admin', title: 'Publisher Admin' },
    });
    let refuse = true;
    const { calls } = mockApi({
      [LIST]: listReply([colleague]),
      [`DELETE ${publisherUserPath(colleague.id)}`]: () =>
        refuse
          ? { status: 422, body: { message: PUBLISHER_USER_MESSAGES.lastAdmin } }
          : { body: { message: PUBLISHER_USER_MESSAGES.removed } },
    });
    renderUsers();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Avery Admin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove user' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(PUBLISHER_USER_MESSAGES.lastAdmin)).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Remove Avery Admin' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove user' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(PUBLISHER_USER_MESSAGES.removed)).toBeInTheDocument();
    expect(mutations(calls)).toEqual([
      `DELETE ${publisherUserPath(colleague.id)}`,
      `DELETE ${publisherUserPath(colleague.id)}`,
    ]);
  });
});
