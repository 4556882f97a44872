import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, userResponseSchema } from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens';
import { useTestApp, uniqueEmail, HOOK_TIMEOUT_MS } from './support/test-app';

const PASSWORD = 'Tangerine#Kiwi2026x';

interface Invitation {
  token: string;
  email: string;
  role: string;
  company: string | null;
  publisher: string | null;
  /** Days from now; negative means expired. */
  expiresInDays: number;
}

function invitation(
  role: string,
  org: { company?: string; publisher?: string },
  expiresInDays = 1,
): Invitation {
  return {
    token: randomBytes(32).toString('base64url'),
    email: uniqueEmail(`invited-${role}`),
    role,
    company: org.company ?? null,
    publisher: org.publisher ?? null,
    expiresInDays,
  };
}

// The invitations are written straight into the database, not made through the invite screens.
const publisherInvite = invitation('publisher_user', { publisher: 'Northwind Bots' });
const managerInvite = invitation('manager', { company: 'Acme Home Services' });
const expiredInvite = invitation('publisher_user', { publisher: 'Northwind Bots' }, -1);
const wrongEmailInvite = invitation('field_team', { company: 'Acme Home Services' });

const t = useTestApp();

beforeAll(async () => {
  await t.inspect(async (q) => {
    for (const inv of [publisherInvite, managerInvite, expiredInvite, wrongEmailInvite]) {
      await q(
        `INSERT INTO invitations (token_hash, email, role_alias, company_id, publisher_id, expires_at)
         VALUES ($1, $2, $3,
           (SELECT id FROM companies WHERE name = $4),
           (SELECT id FROM publishers WHERE name = $5),
           now() + make_interval(days => $6::int))`,
        [hashToken(inv.token), inv.email, inv.role, inv.company, inv.publisher, inv.expiresInDays],
      );
    }
  });
}, HOOK_TIMEOUT_MS);

async function isValid(token: string): Promise<boolean> {
  const res = await t.client().post('/api/user/validate-publisher-invitation-token', {
    invitation_token: token,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data.is_valid as boolean;
}

describe('invitations', () => {
  it('reports a live invitation as valid and an expired one as not', async () => {
    expect(await isValid(publisherInvite.token)).toBe(true);
    expect(await isValid(managerInvite.token)).toBe(true);
    expect(await isValid(expiredInvite.token)).toBe(false);
  });

  it('accept-invite creates the invited publisher user, logged in, and uses the token up', async () => {
    const c = t.client();
    const res = await c.post('/api/user/accept-invite', {
      invitation_token: publisherInvite.token,
      name: 'Invited Person',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.status, res.text).toBe(200);
    const user = userResponseSchema.parse(res.body).data;
    expect(user).toMatchObject({
      name: 'Invited Person',
      email: publisherInvite.email,
      role: { alias: 'publisher_user', title: 'Publisher User' },
      company: null,
    });
    expect(user.publisher?.name).toBe('Northwind Bots');
    expect((await c.get('/api/user/me')).body.data.id).toBe(user.id);

    expect(await isValid(publisherInvite.token)).toBe(false);
    const again = await t.client().post('/api/user/accept-invite', {
      invitation_token: publisherInvite.token,
      name: 'Second Try',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.invitation_token).toEqual([AUTH_MESSAGES.invalidToken]);
    await t.client().loginAs(publisherInvite.email, PASSWORD);
  });

  it('refuses an expired invitation', async () => {
    const res = await t.client().post('/api/user/accept-invite', {
      invitation_token: expiredInvite.token,
      name: 'Too Late',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.invitation_token).toEqual([AUTH_MESSAGES.invalidToken]);
    const login = await t.client().post('/api/user/login', {
      email: expiredInvite.email,
      password: PASSWORD,
    });
    expect(login.body.errors?.email).toEqual([AUTH_MESSAGES.invalidCredentials]);
  });

  it('signup with an invitation joins its company with its role, verified at once (no mail)', async () => {
    const mark = await t.outbox.mark();
    const res = await t.client().post('/api/user/signup', {
      name: 'Invited Manager',
      email: managerInvite.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      invitation_token: managerInvite.token,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.verified });
    const login = await t.client().loginAs(managerInvite.email, PASSWORD);
    const user = userResponseSchema.parse(login.body).data;
    expect(user.role).toEqual({ alias: 'manager', title: 'Company Manager' });
    expect(user.company?.name).toBe('Acme Home Services');
    expect(await isValid(managerInvite.token)).toBe(false);
    const mails = (await t.outbox.list()).filter((m) => !mark.has(m.file));
    expect(mails.filter((m) => m.content.includes(managerInvite.email))).toEqual([]);
  });

  it('refuses a signup whose e-mail is not the invited one, creating nobody', async () => {
    const other = uniqueEmail('not-invited');
    const res = await t.client().post('/api/user/signup', {
      name: 'Gate Crasher',
      email: other,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      invitation_token: wrongEmailInvite.token,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.invitation_token).toEqual([AUTH_MESSAGES.invalidToken]);
    const login = await t.client().post('/api/user/login', { email: other, password: PASSWORD });
    expect(login.body.errors?.email).toEqual([AUTH_MESSAGES.invalidCredentials]);
    expect(await isValid(wrongEmailInvite.token)).toBe(true);
  });
});
