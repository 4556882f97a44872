import {
  PAGE_SIZE,
  PUBLISHER_USER_MESSAGES,
  publisherSaveResponseSchema,
  publisherUserListResponseSchema,
  userResponseSchema,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { FRESH_PASSWORD } from './support/fresh-account';
import { NEW_PUBLISHER_EMAIL, publisherForm } from './support/publishers';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  uniqueEmail,
  useTestApp,
} from './support/test-app';

const t = useTestApp();
const as = signedInClients(t);

const USERS = '/api/publisher/users';
const COMPANY_ROLES = [DEMO.admin.email, DEMO.manager.email, DEMO.tech.email];
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** Publisher B: the seeded new publisher admin creates "Second Bots" (Northwind is A). */
let second: ApiClient;

beforeAll(async () => {
  second = await as(NEW_PUBLISHER_EMAIL);
  const res = await second.post('/api/publisher/create', publisherForm({ name: 'Second Bots' }));
  expect(res.status, res.text).toBe(201);
  publisherSaveResponseSchema.parse(res.body);
}, HOOK_TIMEOUT_MS);

async function list(client: ApiClient, query: Record<string, string> = {}) {
  const res = await client.get(USERS, { query });
  expect(res.status, res.text).toBe(200);
  return publisherUserListResponseSchema.parse(res.body).data;
}

async function findRow(client: ApiClient, email: string) {
  return (await list(client, { keyword: email })).items.find((i) => i.email === email);
}

const invite = (client: ApiClient, email: string, role_alias = 'publisher_user') =>
  client.post(`${USERS}/invite`, { email, role_alias });

const del = (client: ApiClient, id: string) => client.request('DELETE', `${USERS}/${id}`);

async function userId(client: ApiClient, email: string): Promise<string> {
  const row = await findRow(client, email);
  expect(row?.kind, email).toBe('user');
  return row!.id;
}

/** Invites `email` to the client's publisher and accepts through the mailed link; the new account. */
async function join(admin: ApiClient, role_alias = 'publisher_user') {
  const email = uniqueEmail('pubjoin');
  const mark = await t.outbox.mark();
  const res = await invite(admin, email, role_alias);
  expect(res.status, res.text).toBe(200);
  const token = await t.outbox.waitForToken(email, 'accept-invite', { after: mark });
  const client = t.client();
  const accepted = await client.post('/api/user/accept-invite', {
    invitation_token: token,
    name: 'Joining Person',
    password: FRESH_PASSWORD,
    password_confirmation: FRESH_PASSWORD,
  });
  expect(accepted.status, accepted.text).toBe(200);
  return { email, client, user: userResponseSchema.parse(accepted.body).data };
}

describe('access', () => {
  it('every route: company roles and the publisher user 403, anonymous 401', async () => {
    const calls: [string, (c: ApiClient) => Promise<{ status: number }>][] = [
      ['list', (c) => c.get(USERS)],
      ['invite', (c) => invite(c, uniqueEmail('denied'))],
      ['resend', (c) => c.post(`${USERS}/invitations/${ANY_ID}/resend`, {})],
      ['revoke', (c) => c.post(`${USERS}/invitations/${ANY_ID}/revoke`, {})],
      ['role', (c) => c.post(`${USERS}/${ANY_ID}/role`, { role_alias: 'publisher_admin' })],
      ['remove', (c) => del(c, ANY_ID)],
    ];
    for (const [name, call] of calls) {
      for (const email of [...COMPANY_ROLES, DEMO.publisherUser.email]) {
        expect((await call(await as(email))).status, `${name} as ${email}`).toBe(403);
      }
      expect((await call(t.client())).status, `${name} anonymous`).toBe(401);
    }
  });
});

describe('list', () => {
  it('lists the own publisher’s users only, with search, filters, sort, paging and counts', async () => {
    const northwind = await as(DEMO.publisher.email);
    const data = await list(northwind);
    const emails = data.items.map((i) => i.email);
    expect(emails).toEqual(
      expect.arrayContaining([DEMO.publisher.email, DEMO.publisherUser.email]),
    );
    expect(emails).not.toContain(NEW_PUBLISHER_EMAIL);
    expect(emails).not.toContain(DEMO.admin.email);
    const admin = data.items.find((i) => i.email === DEMO.publisher.email)!;
    expect(admin).toMatchObject({
      kind: 'user',
      status: 'active',
      role: { alias: 'publisher_admin', title: 'Publisher Admin' },
      invitation: null,
    });
    expect(admin).not.toHaveProperty('crm_user_id');
    expect(data.counts.active).toBe(data.items.filter((i) => i.status === 'active').length);

    expect((await list(northwind, { keyword: 'PETER' })).items.map((i) => i.email)).toEqual([
      DEMO.publisherUser.email,
    ]);
    expect(
      (await list(northwind, { role: 'publisher_user' })).items.every(
        (i) => i.role.alias === 'publisher_user',
      ),
    ).toBe(true);
    expect((await list(northwind, { status: 'not-invited' })).count).toBe(0);
    const byEmailDesc = await list(northwind, { sort_by: 'email', sort_direction: 'desc' });
    const sorted = [...byEmailDesc.items.map((i) => i.email)].sort().reverse();
    expect(byEmailDesc.items.map((i) => i.email)).toEqual(sorted);

    for (const query of <Record<string, string>[]>[
      { role: 'field_team' },
      { status: 'sleeping' },
      { sort_by: 'password_hash' },
      { page: '0' },
    ]) {
      expect((await northwind.get(USERS, { query })).status, JSON.stringify(query)).toBe(422);
    }

    const b = await list(second);
    expect(b.items.map((i) => i.email)).toEqual([NEW_PUBLISHER_EMAIL]);
  });

  it(
    'pages by PAGE_SIZE with the full count',
    async () => {
      const admin = await as(DEMO.publisher.email);
      const before = (await list(admin)).count;
      for (let i = before; i <= PAGE_SIZE; i++) {
        expect((await invite(admin, uniqueEmail(`page${i}`))).status).toBe(200);
      }
      const first = await list(admin, { sort_by: 'email' });
      expect(first.items).toHaveLength(PAGE_SIZE);
      expect(first.count).toBe(PAGE_SIZE + 1);
      expect(first.counts.invited).toBe(PAGE_SIZE + 1 - before);
      const next = await list(admin, { sort_by: 'email', page: '2' });
      expect(next.items).toHaveLength(1);
      expect(first.items.map((i) => i.id)).not.toContain(next.items[0]!.id);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('invitations', () => {
  it(
    'invite → mail → accept-invite: the account joins the publisher with its role',
    async () => {
      const admin = await as(DEMO.publisher.email);
      const { email, client, user } = await join(admin, 'publisher_admin');
      expect(user).toMatchObject({
        email,
        role: { alias: 'publisher_admin' },
        publisher: { name: 'Northwind Bots' },
        company: null,
      });
      const me = userResponseSchema.parse((await client.get('/api/user/me')).body).data;
      expect(me.publisher?.name).toBe('Northwind Bots');
      expect((await findRow(admin, email))?.status).toBe('active');
      // The new admin manages the same users; the other publisher never sees them.
      expect((await findRow(client, DEMO.publisherUser.email))?.status).toBe('active');
      expect(await findRow(second, email)).toBeUndefined();
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'signup/{token}: the token validates and sign-up with it joins the publisher, verified',
    async () => {
      const admin = await as(DEMO.publisher.email);
      const email = uniqueEmail('pubsignup');
      const mark = await t.outbox.mark();
      expect((await invite(admin, email)).status).toBe(200);
      const mail = await t.outbox.waitFor(email, { after: mark });
      expect(mail.content).toContain('You are invited to join Northwind Bots on Fieldbot');
      const token = t.outbox.linkToken(mail, 'accept-invite');
      const anonymous = t.client();
      const valid = await anonymous.post('/api/user/validate-publisher-invitation-token', {
        invitation_token: token,
      });
      expect(valid.body.data.is_valid).toBe(true);
      const signup = await anonymous.post('/api/user/signup', {
        name: 'Signed Up',
        email,
        password: FRESH_PASSWORD,
        password_confirmation: FRESH_PASSWORD,
        invitation_token: token,
      });
      expect(signup.status, signup.text).toBe(201);
      const login = await anonymous.post('/api/user/login', { email, password: FRESH_PASSWORD });
      expect(login.status, login.text).toBe(200);
      expect(userResponseSchema.parse(login.body).data).toMatchObject({
        role: { alias: 'publisher_user' },
        publisher: { name: 'Northwind Bots' },
      });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('refuses an address that already has an account (any organisation)', async () => {
    const admin = await as(DEMO.publisher.email);
    for (const email of [DEMO.admin.email, NEW_PUBLISHER_EMAIL]) {
      const res = await invite(admin, email);
      expect(res.status, email).toBe(422);
      expect(res.body.errors).toEqual({ email: [PUBLISHER_USER_MESSAGES.memberElsewhere] });
    }
    const bad = await invite(admin, uniqueEmail('badrole'), 'company_admin');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['role_alias']);
  });

  it(
    'resend at most once a minute renews the link; revoke kills it; other publisher gets 404',
    async () => {
      const admin = await as(DEMO.publisher.email);
      const email = uniqueEmail('pubresend');
      const first = await t.outbox.mark();
      expect((await invite(admin, email)).status).toBe(200);
      const oldToken = await t.outbox.waitForToken(email, 'accept-invite', { after: first });
      const row = (await findRow(admin, email))!;
      expect(row).toMatchObject({ kind: 'invitation', status: 'invited' });
      const path = `${USERS}/invitations/${row.id}`;

      // Publisher B can neither see nor touch A's invitation.
      expect(await findRow(second, email)).toBeUndefined();
      expect((await second.post(`${path}/resend`, {})).status).toBe(404);
      expect((await second.post(`${path}/revoke`, {})).status).toBe(404);

      const soon = await admin.post(`${path}/resend`, {});
      expect(soon.status).toBe(429);
      expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
      expect((await invite(admin, email, 'publisher_admin')).status).toBe(429);

      await t.inspect((q) =>
        q(`UPDATE invitations SET sent_at = sent_at - interval '2 minutes' WHERE id = $1`, [
          row.id,
        ]),
      );
      const second_ = await t.outbox.mark();
      const resent = await admin.post(`${path}/resend`, {});
      expect(resent.status, resent.text).toBe(200);
      expect(resent.body.message).toBe(PUBLISHER_USER_MESSAGES.resent);
      const newToken = await t.outbox.waitForToken(email, 'accept-invite', { after: second_ });
      expect(newToken).not.toBe(oldToken);
      const validity = async (token: string) =>
        (
          await t.client().post('/api/user/validate-publisher-invitation-token', {
            invitation_token: token,
          })
        ).body.data.is_valid as boolean;
      expect(await validity(oldToken)).toBe(false);
      expect(await validity(newToken)).toBe(true);

      const revoked = await admin.post(`${path}/revoke`, {});
      expect(revoked.status, revoked.text).toBe(200);
      expect(revoked.body.message).toBe(PUBLISHER_USER_MESSAGES.revoked);
      expect(await validity(newToken)).toBe(false);
      expect(await findRow(admin, email)).toBeUndefined();
      expect((await admin.post(`${path}/revoke`, {})).status).toBe(404);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('role changes', () => {
  it(
    'moves a colleague between the two roles, audited; never the own role; not across publishers',
    async () => {
      const admin = await as(DEMO.publisher.email);
      const { email, client } = await join(admin);
      const id = await userId(admin, email);

      const promoted = await admin.post(`${USERS}/${id}/role`, { role_alias: 'publisher_admin' });
      expect(promoted.status, promoted.text).toBe(200);
      expect(promoted.body.message).toBe(PUBLISHER_USER_MESSAGES.roleChanged);
      expect((await findRow(admin, email))?.role.alias).toBe('publisher_admin');
      // The promoted user's session shows it at once and opens the admin routes.
      expect((await client.get(USERS)).status).toBe(200);

      const audit = await t.inspect((q) =>
        q(
          `SELECT a.event, a.meta FROM audit_log a JOIN users u ON u.id::text = a.target_id
           WHERE u.email = $1 ORDER BY a.at`,
          [email],
        ),
      );
      const changes = audit.filter((a) => a.event === 'publisher_users.role_changed');
      expect(changes).toHaveLength(1);
      expect(changes[0]!.meta).toMatchObject({
        from: 'publisher_user',
        to: 'publisher_admin',
        from_title: 'Publisher User',
        to_title: 'Publisher Admin',
      });

      const own = await admin.post(`${USERS}/${await userId(admin, DEMO.publisher.email)}/role`, {
        role_alias: 'publisher_user',
      });
      expect(own.status).toBe(422);
      expect(own.body.errors).toEqual({ role_alias: [PUBLISHER_USER_MESSAGES.ownRole] });

      // Publisher B cannot change A's users: they do not exist for B.
      const foreign = await second.post(`${USERS}/${id}/role`, { role_alias: 'publisher_user' });
      expect(foreign.status).toBe(404);
      expect((await findRow(admin, email))?.role.alias).toBe('publisher_admin');

      const demoted = await client.post(`${USERS}/${id}/role`, { role_alias: 'publisher_user' });
      expect(demoted.status).toBe(422);
      const back = await admin.post(`${USERS}/${id}/role`, { role_alias: 'publisher_user' });
      expect(back.status, back.text).toBe(200);
      expect((await client.get(USERS)).status).toBe(403);

      const invalid = await admin.post(`${USERS}/${id}/role`, { role_alias: 'manager' });
      expect(invalid.status).toBe(422);
      expect(
        (await admin.post(`${USERS}/${ANY_ID}/role`, { role_alias: 'publisher_user' })).status,
      ).toBe(404);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('removal', () => {
  it(
    'deletes a colleague’s account and sessions; never oneself; not across publishers',
    async () => {
      const admin = await as(DEMO.publisher.email);
      const { email, client } = await join(admin);
      const id = await userId(admin, email);

      const foreign = await del(second, id);
      expect(foreign.status).toBe(404);
      expect((await client.get('/api/user/me')).status).toBe(200);

      const self = await del(admin, await userId(admin, DEMO.publisher.email));
      expect(self.status).toBe(422);
      expect(self.body.errors).toEqual({ id: [PUBLISHER_USER_MESSAGES.removeSelf] });

      const removed = await del(admin, id);
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body.message).toBe(PUBLISHER_USER_MESSAGES.removed);
      expect(await findRow(admin, email)).toBeUndefined();
      expect((await client.get('/api/user/me')).status).toBe(401);
      const login = await t.client().post('/api/user/login', { email, password: FRESH_PASSWORD });
      expect(login.status).toBe(422);
      expect((await del(admin, id)).status).toBe(404);
      // The address is free again: it can be invited anew.
      expect((await invite(admin, email)).status).toBe(200);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('the sole Publisher Admin of B can neither remove nor demote itself: B keeps its admin', async () => {
    const selfId = await userId(second, NEW_PUBLISHER_EMAIL);
    expect((await del(second, selfId)).status).toBe(422);
    const res = await second.post(`${USERS}/${selfId}/role`, { role_alias: 'publisher_user' });
    expect(res.status).toBe(422);
    expect((await list(second, { role: 'publisher_admin' })).count).toBe(1);
  });
});
