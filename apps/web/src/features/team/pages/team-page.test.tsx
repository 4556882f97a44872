import { MESSAGES, teamExportPath, type TeamListItem } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '@/test/fill';
import { mockApi, type ApiCall } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeInvitationRow, makeTeamRow } from '../test/fixtures';
import { TeamPage } from './team-page';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/company/team';

function listReply(items: TeamListItem[], count = items.length) {
  return {
    body: {
      data: { items, count, counts: { active: count, invited: 0, 'not-invited': 0 } },
    },
  };
}

function renderTeam(alias: 'company_admin' | 'manager' = 'company_admin', url = '/users') {
  return renderPage(<TeamPage />, { route: '/users', url, user: makeUser(alias) });
}

const listQueries = (calls: ApiCall[], fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/company/team')
    .map((url) => Object.fromEntries(url.searchParams));

describe('TeamPage', { timeout: 20_000 }, () => {
  it('lists members with role, status badges, last active and a link to the detail', async () => {
    const pending = makeInvitationRow('new.tech@example.test');
    const crm = makeTeamRow({ name: 'Casey Crm', status: 'not-invited', last_active_at: null });
    mockApi({
      [LIST]: listReply([
        makeTeamRow({ name: 'Mark Manager', role: { alias: 'manager', title: 'Company Manager' } }),
        crm,
        pending,
      ]),
    });
    renderTeam();
    const table = await screen.findByRole('table', { name: 'Users' });
    const link = await within(table).findByRole('link', { name: 'Mark Manager' });
    expect(link.getAttribute('href')).toMatch(/^\/users\/[0-9a-f-]{36}\/detail\/general$/);
    for (const header of ['Name', 'Email', 'Role', 'Status', 'Last Active', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('Company Manager')).toBeInTheDocument();
    expect(within(table).getByText('Not Invited')).toBeInTheDocument();
    expect(within(table).getByText('Invited')).toBeInTheDocument();
    expect(within(table).getByText('new.tech@example.test')).toBeInTheDocument();
    expect(within(table).getByText('03/04/2026', { exact: false })).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Resend invitation to new.tech@example.test' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
  });

  it('shows the manager the list without Invite or invitation actions', async () => {
    mockApi({ [LIST]: listReply([makeInvitationRow('pending@example.test')]) });
    renderTeam('manager');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('pending@example.test');
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Resend invitation/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('says No Users Found for an empty page and sorts by a column through the query', async () => {
    const { fetchMock, calls } = mockApi({ [LIST]: listReply([]) });
    renderTeam('company_admin', '/users?status=invited');
    expect(await screen.findByText('No Users Found')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() =>
      expect(listQueries(calls, fetchMock).at(-1)).toMatchObject({
        status: 'invited',
        sort_by: 'email',
        sort_direction: 'asc',
      }),
    );
    // The export takes the list as filtered and sorted.
    const exported = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!;
    expect(exported.startsWith(`${teamExportPath}?`)).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(exported.split('?')[1]))).toMatchObject({
      status: 'invited',
      sort_by: 'email',
      sort_direction: 'asc',
    });
  });

  it('shows the error with Try again when the list fails', async () => {
    mockApi({ [LIST]: { status: 500, body: { message: 'Database unavailable' } } });
    renderTeam();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('invites by e-mail and role, showing field errors from the form and the server', async () => {
    const { calls } = mockApi({
      [LIST]: listReply([]),
      'POST /api/company/team/invite': (call) =>
        (call.body as { email: string }).email === 'taken@example.test'
          ? {
              status: 422,
              body: { message: MESSAGES.emailTaken, errors: { email: [MESSAGES.emailTaken] } },
            }
          : { body: { message: 'Invitation sent successfully' } },
    });
    renderTeam();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText(MESSAGES.required)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.selectValidValue)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText(/^Email/), 'taken@example.test');
    await user.click(within(dialog).getByLabelText(/^Role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Field Technician' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText(MESSAGES.emailTaken)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Email/));
    await fill(user, within(dialog).getByLabelText(/^Email/), 'New.Tech@Example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      email: 'new.tech@example.test',
      role_alias: 'field_team',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite User' })).toBeNull());
  });

  it('resends and, after confirming, revokes an invitation', async () => {
    const pending = makeInvitationRow('pending@example.test');
    const { calls } = mockApi({
      [LIST]: listReply([pending]),
      [`POST /api/company/team/invitations/${pending.id}/resend`]: {
        body: { message: 'Invitation resent successfully' },
      },
      [`POST /api/company/team/invitations/${pending.id}/revoke`]: {
        body: { message: 'Invitation revoked successfully' },
      },
    });
    renderTeam();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Resend invitation to pending@example.test' },
        { timeout: 5000 },
      ),
    );
    expect(await screen.findByText('Invitation resent successfully')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Revoke invitation to pending@example.test' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/company/team/invitations/${pending.id}/resend`,
      `/api/company/team/invitations/${pending.id}/revoke`,
    ]);
  });

  it('invites a Not Invited member the CRM created; one without an e-mail cannot be invited', async () => {
    const crm = makeTeamRow({
      name: 'Casey Crm',
      email: 'casey@example.test',
      status: 'not-invited',
      crm_user_id: 'crm-2002',
      last_active_at: null,
    });
    const noEmail = makeTeamRow({
      name: 'Nia Noemail',
      email: 'st-4411@no-email.invalid',
      status: 'not-invited',
      crm_user_id: 'crm-4411',
      last_active_at: null,
    });
    const active = makeTeamRow({ name: 'Avery Active' });
    const { calls } = mockApi({
      [LIST]: listReply([crm, noEmail, active]),
      [`POST /api/company/team/${crm.id}/invite`]: {
        body: { message: 'Invitation sent successfully' },
      },
    });
    renderTeam();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      await within(table).findByRole('button', { name: 'Invite Nia Noemail' }, { timeout: 5000 }),
    ).toBeDisabled();
    expect(within(table).queryByRole('button', { name: 'Invite Avery Active' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Invite Casey Crm' }));
    expect(await screen.findByText('Invitation sent successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/company/team/${crm.id}/invite`,
    ]);
  });

  it('shows no Invite to a manager', async () => {
    mockApi({ [LIST]: listReply([makeTeamRow({ name: 'Casey Crm', status: 'not-invited' })]) });
    renderTeam('manager');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Casey Crm');
    expect(within(table).queryByRole('button', { name: 'Invite Casey Crm' })).toBeNull();
  });
});
