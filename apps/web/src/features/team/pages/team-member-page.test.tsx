import { AUTH_MESSAGES, MESSAGES, type TeamMember } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '@/test/fill';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeTeamMember, uuid } from '../test/fixtures';
import { TeamMemberPage } from './team-member-page';

afterEach(() => vi.unstubAllGlobals());

const ROUTE = '/users/:id/detail/*';

function renderMember(member: TeamMember, alias: 'company_admin' | 'manager' = 'company_admin') {
  return renderPage(<TeamMemberPage />, {
    route: ROUTE,
    url: `/users/${member.id}/detail/general`,
    user: makeUser(alias),
  });
}

const name = () => screen.getByLabelText(/^User Name/);
const phone = () => screen.getByLabelText(/^Phone Number/);
const role = () => screen.getByLabelText(/^Role/, { selector: 'input' });

describe('TeamMemberPage', { timeout: 20_000 }, () => {
  it("shows 'User not found' when the fetch fails", async () => {
    const missing = makeTeamMember({ id: uuid(9999) });
    mockApi({
      [`GET /api/company/team/${missing.id}`]: { status: 404, body: { message: 'User not found' } },
    });
    const view = renderMember(missing);
    expect(await screen.findByRole('heading', { name: MESSAGES.userNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Teams' })).toHaveAttribute('href', '/users');
    view.unmount();

    // Any other failure says the same, and offers to try again.
    let fail = true;
    const member = makeTeamMember();
    mockApi({
      [`GET /api/company/team/${member.id}`]: () =>
        fail ? { status: 500, body: { message: 'Server error' } } : { body: { data: member } },
    });
    renderMember(member);
    expect(await screen.findByRole('heading', { name: MESSAGES.userNotFound })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(name()).toHaveValue('Sam Rivera'));
  });

  it('lets the admin change name, phone and role, sending only the changes', async () => {
    const member = makeTeamMember();
    let current = member;
    const { calls } = mockApi({
      [`GET /api/company/team/${member.id}`]: () => ({ body: { data: current } }),
      'POST /api/company/team/update': (call) => {
        const body = call.body as { name?: string; role_alias?: string };
        current = {
          ...current,
          name: body.name ?? current.name,
          role: body.role_alias
            ? { alias: body.role_alias, title: 'Company Manager' }
            : current.role,
        };
        return { body: { message: 'User updated successfully' } };
      },
    });
    renderMember(member);
    await waitFor(() => expect(name()).toHaveValue('Sam Rivera'));
    expect(phone()).toHaveValue('(512) 555-0104');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const user = userEvent.setup();
    await user.clear(name());
    await fill(user, name(), 'Sam  Rivera Jr');
    await user.click(role());
    await user.click(await screen.findByRole('option', { name: 'Company Manager' }));
    await user.click(save);
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { id: member.id, name: 'Sam Rivera Jr', role_alias: 'manager' },
    ]);
    await waitFor(() => expect(name()).toHaveValue('Sam Rivera Jr'));
  });

  it('locks name and phone of a CRM-linked user with the hint, and validates the phone', async () => {
    const crm = makeTeamMember({ crm_user_id: 'crm-1001' });
    mockApi({ [`GET /api/company/team/${crm.id}`]: { body: { data: crm } } });
    const view = renderMember(crm);
    await waitFor(() => expect(name()).toBeDisabled());
    expect(phone()).toBeDisabled();
    expect(screen.getAllByText(AUTH_MESSAGES.crmLocked)).toHaveLength(2);
    expect(role()).toBeEnabled();
    view.unmount();

    const plain = makeTeamMember();
    const { calls } = mockApi({ [`GET /api/company/team/${plain.id}`]: { body: { data: plain } } });
    renderMember(plain);
    await waitFor(() => expect(phone()).toBeEnabled());
    const user = userEvent.setup();
    await user.clear(phone());
    await fill(user, phone(), '123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.invalidPhone)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the manager a read-only detail without Save', async () => {
    const member = makeTeamMember();
    mockApi({ [`GET /api/company/team/${member.id}`]: { body: { data: member } } });
    renderMember(member, 'manager');
    await waitFor(() => expect(name()).toHaveValue('Sam Rivera'));
    expect(name()).toBeDisabled();
    expect(phone()).toBeDisabled();
    expect(role()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only the Company Admin can change team members.')).toBeInTheDocument();
  });
});
