import {
  AUTH_MESSAGES,
  MESSAGES,
  PAGE_SIZE,
  TEAM_MESSAGES,
  teamListResponseSchema,
  teamMemberResponseSchema,
  userResponseSchema,
  type TeamListItem,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { FRESH_PASSWORD } from './support/fresh-account';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  uniqueEmail,
  useTestApp,
} from './support/test-app';

const t = useTestApp();
const as = signedInClients(t);

/** A technician the CRM sync created: no password, so no login (status Not Invited). */
const CRM_TECH = { email: 'crm.only@demo.fieldbot.test', name: 'Casey Crm' };

beforeAll(async () => {
  await t.inspect(async (q) => {
    await q(
      `INSERT INTO users (name, email, password_hash, role_id, company_id, crm_user_id)
       VALUES ($1, $2, '', (SELECT id FROM roles WHERE alias = 'field_team'),
         (SELECT id FROM companies WHERE name = 'Acme Home Services'), 'crm-2002')`,
      [CRM_TECH.name, CRM_TECH.email],
    );
  });
}, HOOK_TIMEOUT_MS);

async function list(client: ApiClient, query: Record<string, string> = {}) {
  const res = await client.get('/api/company/team', { query });
  expect(res.status, res.text).toBe(200);
  return teamListResponseSchema.parse(res.body).data;
}

async function findRow(client: ApiClient, email: string): Promise<TeamListItem | undefined> {
  return (await list(client, { keyword: email })).items.find((i) => i.email === email);
}

async function invite(client: ApiClient, email: string, role_alias = 'field_team') {
  return client.post('/api/company/team/invite', { email, role_alias });
}

async function memberId(email: string): Promise<string> {
  const admin = await as(DEMO.admin.email);
  const row = await findRow(admin, email);
  expect(row?.kind).toBe('user');
  return row!.id;
}

describe('team list', () => {
  it('lists the company’s users with role, status and last active; never another company’s', async () => {
    const data = await list(await as(DEMO.admin.email));
    const emails = data.items.map((i) => i.email);
    expect(emails).toContain(DEMO.manager.email);
    expect(emails).not.toContain(DEMO.globex.email);
    const admin = data.items.find((i) => i.email === DEMO.admin.email)!;
    expect(admin).toMatchObject({
      kind: 'user',
      status: 'active',
      role: { alias: 'company_admin', title: 'Company Admin' },
    });
    // Logged in to read this list: the login counts as activity.
    expect(admin.last_active_at).not.toBeNull();
    expect(Date.now() - Date.parse(admin.last_active_at!)).toBeLessThan(5 * 60_000);
    const crm = data.items.find((i) => i.email === CRM_TECH.email)!;
    expect(crm).toMatchObject({ status: 'not-invited', crm_user_id: 'crm-2002', invitation: null });
    expect(crm.last_active_at).toBeNull();
    expect(data.counts['not-invited']).toBe(1);

    const globex = await list(await as(DEMO.globex.email));
    expect(globex.items.map((i) => i.email)).not.toContain(DEMO.admin.email);
  });

  it('searches by name or e-mail and filters by status and role', async () => {
    const admin = await as(DEMO.admin.email);
    const byName = await list(admin, { keyword: 'mark man' });
    expect(byName.items.map((i) => i.email)).toEqual([DEMO.manager.email]);
    expect(byName.count).toBe(1);
    const byEmail = await list(admin, { keyword: 'TECH@DEMO' });
    expect(byEmail.items.map((i) => i.email)).toEqual([DEMO.tech.email]);
    // % is a literal character, not a wildcard.
    expect((await list(admin, { keyword: '%' })).count).toBe(0);

    const notInvited = await list(admin, { status: 'not-invited' });
    expect(notInvited.items.map((i) => i.email)).toEqual([CRM_TECH.email]);
    const managers = await list(admin, { role: 'manager' });
    expect(managers.items.every((i) => i.role.alias === 'manager')).toBe(true);
    expect(managers.items.map((i) => i.email)).toContain(DEMO.manager.email);
    const techs = await list(admin, { role: 'field_team', status: 'active' });
    expect(techs.items.map((i) => i.email).sort()).toEqual(
      [DEMO.tech.email, DEMO.acmeTech2.email, DEMO.acmeTech3.email].sort(),
    );
  });

  it('refuses bad filters and sort fields with 422', async () => {
    const admin = await as(DEMO.admin.email);
    for (const query of <Record<string, string>[]>[
      { status: 'sleeping' },
      { role: 'publisher_admin' },
      { sort_by: 'password_hash' },
      { sort_direction: 'up' },
      { page: '0' },
    ]) {
      const res = await admin.get('/api/company/team', { query });
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
  });

  it('lets the manager read it; field team and publishers get 403; logged out 401', async () => {
    expect((await list(await as(DEMO.manager.email))).count).toBeGreaterThan(4);
    expect((await (await as(DEMO.tech.email)).get('/api/company/team')).status).toBe(403);
    expect((await (await as(DEMO.publisher.email)).get('/api/company/team')).status).toBe(403);
    expect((await t.client().get('/api/company/team')).status).toBe(401);
  });
});

describe('invitations', () => {
  it(
    'invite → mail link → accept-invite creates an Active member in the company and role',
    async () => {
      const admin = await as(DEMO.admin.email);
      const email = uniqueEmail('invited-tech');
      const mark = await t.outbox.mark();
      const res = await invite(admin, email.toUpperCase());
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ message: TEAM_MESSAGES.invited });

      const row = await findRow(admin, email);
      expect(row).toMatchObject({
        kind: 'invitation',
        name: null,
        status: 'invited',
        role: { alias: 'field_team', title: 'Field Technician' },
        last_active_at: null,
      });
      expect(row!.invitation?.id).toBe(row!.id);
      // The manager sees the pending invitation too.
      expect((await findRow(await as(DEMO.manager.email), email))?.status).toBe('invited');

      const token = await t.outbox.waitForToken(email, 'accept-invite', { after: mark });
      const invitee = t.client();
      const accepted = await invitee.post('/api/user/accept-invite', {
        invitation_token: token,
        name: 'Ivy Invited',
        password: FRESH_PASSWORD,
        password_confirmation: FRESH_PASSWORD,
      });
      expect(accepted.status, accepted.text).toBe(200);
      const user = userResponseSchema.parse(accepted.body).data;
      expect(user.role).toEqual({ alias: 'field_team', title: 'Field Technician' });
      expect(user.company?.name).toBe(DEMO.admin.company);

      const member = await findRow(admin, email);
      expect(member).toMatchObject({ kind: 'user', id: user.id, name: 'Ivy Invited' });
      expect(member!.status).toBe('active');
      expect(member!.last_active_at).not.toBeNull();
      // One row for the address: the accepted invitation is gone from the list.
      expect((await list(admin, { keyword: email })).count).toBe(1);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('answers 422 for an address with an account, and for bad e-mail or role', async () => {
    const admin = await as(DEMO.admin.email);
    const taken = await invite(admin, DEMO.globex.email);
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual([MESSAGES.emailTaken]);
    const badEmail = await invite(admin, 'not-an-email');
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors.email).toEqual([MESSAGES.invalidEmail]);
    const adminRole = await invite(admin, uniqueEmail('would-be-admin'), 'company_admin');
    expect(adminRole.status).toBe(422);
    expect(adminRole.body.errors.role_alias).toEqual([MESSAGES.selectValidValue]);
  });

  it('lets only the company admin invite, resend and revoke', async () => {
    const manager = await as(DEMO.manager.email);
    expect((await invite(manager, uniqueEmail('by-manager'))).status).toBe(403);
    const admin = await as(DEMO.admin.email);
    const email = uniqueEmail('pending');
    expect((await invite(admin, email)).status).toBe(200);
    const row = (await findRow(admin, email))!;
    const path = `/api/company/team/invitations/${row.id}`;
    expect((await manager.post(`${path}/resend`, {})).status).toBe(403);
    expect((await manager.post(`${path}/revoke`, {})).status).toBe(403);
    // Another company's admin cannot see it at all.
    const globex = await as(DEMO.globex.email);
    expect((await globex.post(`${path}/revoke`, {})).status).toBe(404);
    expect(await findRow(globex, email)).toBeUndefined();
    expect((await findRow(admin, email))?.status).toBe('invited');
  });

  it(
    'resend (and re-invite) renews the link at most once a minute; revoke kills the link',
    async () => {
      const admin = await as(DEMO.admin.email);
      const email = uniqueEmail('resend');
      const first = await t.outbox.mark();
      expect((await invite(admin, email)).status).toBe(200);
      const oldToken = await t.outbox.waitForToken(email, 'accept-invite', { after: first });
      const row = (await findRow(admin, email))!;
      const path = `/api/company/team/invitations/${row.id}`;

      // At once: too soon, for resend and for a second invite of the same address.
      const soon = await admin.post(`${path}/resend`, {});
      expect(soon.status).toBe(429);
      expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
      expect((await invite(admin, email, 'manager')).status).toBe(429);

      await t.inspect((q) =>
        q(`UPDATE invitations SET sent_at = sent_at - interval '2 minutes' WHERE id = $1`, [
          row.id,
        ]),
      );
      const second = await t.outbox.mark();
      const resent = await admin.post(`${path}/resend`, {});
      expect(resent.status, resent.text).toBe(200);
      expect(resent.body.message).toBe(TEAM_MESSAGES.resent);
      const newToken = await t.outbox.waitForToken(email, 'accept-invite', { after: second });
      expect(newToken).not.toBe(oldToken);
      const validity = async (token: string) =>
        (
          await t.client().post('/api/user/validate-publisher-invitation-token', {
            invitation_token: token,
          })
        ).body.data.is_valid as boolean;
      expect(await validity(oldToken)).toBe(false);
      expect(await validity(newToken)).toBe(true);
      const after = (await findRow(admin, email))!;
      expect(after.id).toBe(row.id);
      expect(Date.parse(after.invitation!.sent_at)).toBeGreaterThan(
        Date.parse(row.invitation!.sent_at),
      );
      // Still one row: the resend did not duplicate the invitation.
      expect((await list(admin, { keyword: email })).count).toBe(1);

      const revoked = await admin.post(`${path}/revoke`, {});
      expect(revoked.status, revoked.text).toBe(200);
      expect(revoked.body.message).toBe(TEAM_MESSAGES.revoked);
      expect(await findRow(admin, email)).toBeUndefined();
      expect(await validity(newToken)).toBe(false);
      const accept = await t.client().post('/api/user/accept-invite', {
        invitation_token: newToken,
        name: 'Too Late',
        password: FRESH_PASSWORD,
        password_confirmation: FRESH_PASSWORD,
      });
      expect(accept.status).toBe(422);
      expect(accept.body.errors.invitation_token).toEqual([AUTH_MESSAGES.invalidToken]);
      expect((await admin.post(`${path}/revoke`, {})).status).toBe(404);
      expect((await admin.post(`${path}/resend`, {})).status).toBe(404);
      // The address can be invited afresh after a revoke.
      expect((await invite(admin, email)).status).toBe(200);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('paging and sorting', () => {
  it('pages by 10 with the count, and sorts by each column both ways', async () => {
    const admin = await as(DEMO.admin.email);
    for (let i = 0; i < 6; i += 1) {
      expect((await invite(admin, uniqueEmail(`bulk${i}`), 'manager')).status).toBe(200);
    }
    const first = await list(admin);
    expect(first.count).toBeGreaterThan(PAGE_SIZE);
    expect(first.items).toHaveLength(PAGE_SIZE);
    const second = await list(admin, { page: '2' });
    expect(second.items).toHaveLength(first.count - PAGE_SIZE);
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(first.count);
    expect(first.counts.active + first.counts.invited + first.counts['not-invited']).toBe(
      first.count,
    );
    expect((await list(admin, { page: '3' })).items).toEqual([]);

    const all = async (query: Record<string, string>) => [
      ...(await list(admin, { ...query, page: '1' })).items,
      ...(await list(admin, { ...query, page: '2' })).items,
    ];
    const byEmail = (await all({ sort_by: 'email', sort_direction: 'desc' })).map((i) => i.email);
    expect(byEmail).toEqual([...byEmail].sort().reverse());
    const byRole = (await all({ sort_by: 'role' })).map((i) => i.role.title);
    expect(byRole).toEqual([...byRole].sort());
    const byStatus = (await all({ sort_by: 'status', sort_direction: 'desc' })).map(
      (i) => i.status,
    );
    expect(byStatus).toEqual([...byStatus].sort().reverse());
    const byName = (await all({ sort_by: 'name' })).map((i) => (i.name ?? i.email).toLowerCase());
    expect(byName).toEqual([...byName].sort());
    const byActive = await all({ sort_by: 'last_active', sort_direction: 'desc' });
    const times = byActive.map((i) => i.last_active_at);
    const seen = times.filter((v): v is string => v !== null);
    // Never-active rows come last; the others newest first.
    expect(times.slice(0, seen.length)).toEqual(seen);
    expect(seen).toEqual([...seen].sort().reverse());
  });
});

describe('user detail and update', () => {
  it('shows a colleague of the own company; another company’s or a bad id is not found', async () => {
    const admin = await as(DEMO.admin.email);
    const id = await memberId(DEMO.tech.email);
    const res = await admin.get(`/api/company/team/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(teamMemberResponseSchema.parse(res.body).data).toMatchObject({
      id,
      email: DEMO.tech.email,
      crm_user_id: 'crm-1001',
      status: 'active',
      role: { alias: 'field_team' },
    });
    const crmId = await memberId(CRM_TECH.email);
    const crm = await admin.get(`/api/company/team/${crmId}`);
    expect(crm.body.data.status).toBe('not-invited');
    expect((await (await as(DEMO.manager.email)).get(`/api/company/team/${id}`)).status).toBe(200);
    const globex = await (await as(DEMO.globex.email)).get(`/api/company/team/${id}`);
    expect(globex.status).toBe(404);
    expect(globex.body).toEqual({ message: AUTH_MESSAGES.notFound });
    expect((await admin.get('/api/company/team/not-a-uuid')).status).toBe(404);
  });

  it('updates only changed fields; CRM-linked name and phone are locked', async () => {
    const admin = await as(DEMO.admin.email);
    const samId = await memberId(DEMO.acmeTech2.email);
    const samClient = await as(DEMO.acmeTech2.email);
    expect((await samClient.get('/api/user/me')).body.data.name).not.toBe('Sam Rivera Jr');
    const res = await admin.post('/api/company/team/update', {
      id: samId,
      name: '  Sam   Rivera Jr ',
      phone: '5125550199',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: TEAM_MESSAGES.updated });
    const sam = (await admin.get(`/api/company/team/${samId}`)).body.data;
    expect(sam).toMatchObject({ name: 'Sam Rivera Jr', phone: '5125550199' });
    // Sam sees it on the next request.
    const samMe = await samClient.get('/api/user/me');
    expect(samMe.body.data.name).toBe('Sam Rivera Jr');

    const techId = await memberId(DEMO.tech.email);
    const locked = await admin.post('/api/company/team/update', {
      id: techId,
      name: 'Someone Else',
      phone: '5125550000',
    });
    expect(locked.status).toBe(422);
    expect(locked.body.errors).toEqual({
      name: [AUTH_MESSAGES.crmLocked],
      phone: [AUTH_MESSAGES.crmLocked],
    });
    // Sending the unchanged values is no change, so no lock error.
    const same = await admin.post('/api/company/team/update', {
      id: techId,
      name: 'Tina Tech',
      phone: '5125550103',
    });
    expect(same.status, same.text).toBe(200);

    const bad = await admin.post('/api/company/team/update', { id: samId, phone: '123' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.phone).toEqual([MESSAGES.invalidPhone]);
  });

  it('role rules: manager ↔ field team only, not self, not an admin; manager 403; other company 404', async () => {
    const admin = await as(DEMO.admin.email);
    const self = await memberId(DEMO.admin.email);
    const own = await admin.post('/api/company/team/update', { id: self, role_alias: 'manager' });
    expect(own.status).toBe(422);
    expect(own.body.errors.role_alias).toEqual([TEAM_MESSAGES.ownRole]);
    const toAdmin = await admin.post('/api/company/team/update', {
      id: await memberId(DEMO.manager.email),
      role_alias: 'company_admin',
    });
    expect(toAdmin.status).toBe(422);
    expect(toAdmin.body.errors.role_alias).toEqual([MESSAGES.selectValidValue]);

    const jordan = await memberId(DEMO.acmeTech3.email);
    const manager = await as(DEMO.manager.email);
    const byManager = await manager.post('/api/company/team/update', {
      id: jordan,
      role_alias: 'manager',
    });
    expect(byManager.status).toBe(403);
    const globex = await as(DEMO.globex.email);
    const otherCompany = await globex.post('/api/company/team/update', {
      id: jordan,
      name: 'Hijacked',
    });
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.body.message).toBe(MESSAGES.userNotFound);
    const missing = await admin.post('/api/company/team/update', {
      id: '00000000-0000-4000-8000-000000000000',
      name: 'Nobody',
    });
    expect(missing.status).toBe(404);

    const jordanClient = await as(DEMO.acmeTech3.email);
    expect((await jordanClient.get('/api/company/team')).status).toBe(403);
    const promote = await admin.post('/api/company/team/update', {
      id: jordan,
      role_alias: 'manager',
    });
    expect(promote.status, promote.text).toBe(200);
    // Jordan's next request carries the new role: the team list opens.
    expect((await jordanClient.get('/api/company/team')).status).toBe(200);
    expect((await admin.get(`/api/company/team/${jordan}`)).body.data.role).toEqual({
      alias: 'manager',
      title: 'Company Manager',
    });
  });

  it(
    'audits role changes with from, to and by',
    async () => {
      const admin = await as(DEMO.admin.email);
      const adminId = await memberId(DEMO.admin.email);
      const crmId = await memberId(CRM_TECH.email);
      expect(
        (await admin.post('/api/company/team/update', { id: crmId, role_alias: 'manager' })).status,
      ).toBe(200);
      expect(
        (await admin.post('/api/company/team/update', { id: crmId, role_alias: 'manager' })).status,
      ).toBe(200);
      const rows = await t.inspect((q) =>
        q(
          `SELECT user_id, meta FROM audit_log WHERE event = 'team.role_changed' AND target_id = $1`,
          [crmId],
        ),
      );
      // The second request changed nothing, so it wrote nothing.
      expect(rows).toHaveLength(1);
      expect(rows[0]!.meta).toMatchObject({ from: 'field_team', to: 'manager', by: adminId });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
