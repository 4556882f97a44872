import { createHmac } from 'node:crypto';
import {
  AUTH_MESSAGES,
  MESSAGES,
  ROLE_TITLES,
  userResponseSchema,
  type RoleAlias,
} from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { DEMO } from './support/demo';
import { INTERCOM_SECRET, useTestApp, uniqueEmail } from './support/test-app';

const PASSWORD = 'Tangerine#Kiwi2026x';
const NEW_PASSWORD = 'Renewed$2026y';

/** Spec §3 "Logged-in user": every field the client reads. */
const USER_FIELDS = [
  'id',
  'name',
  'email',
  'image',
  'phone',
  'crm_user_id',
  'role',
  'display_mode',
  'created_at',
  'company',
  'publisher',
  'permissions',
  'intercom_company_id',
  'intercom_id',
  'intercom_hash',
];

const t = useTestApp();

/** Signs up a fresh account through the API and verifies it via the mailed link. */
async function signupAndVerify(name: string, email: string, password = PASSWORD) {
  const c = t.client();
  const before = await t.outbox.mark();
  const res = await c.post('/api/user/signup', {
    name,
    email,
    password,
    password_confirmation: password,
  });
  expect(res.status, res.text).toBe(201);
  const token = await t.outbox.waitForToken(email, 'verify', { after: before });
  const verified = await c.get(`/api/user/verify/${token}`);
  expect(verified.status, verified.text).toBe(200);
  return c;
}

describe('signup → verify → login → me → logout', () => {
  it('walks the whole account life cycle and me carries every field of spec §3', async () => {
    const email = uniqueEmail('flow');
    const c = t.client();
    const before = await t.outbox.mark();

    const signup = await c.post('/api/user/signup', {
      name: 'Flow  Tester',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(signup.status, signup.text).toBe(201);
    expect(signup.body).toEqual({ message: AUTH_MESSAGES.signupSent });

    const mail = await t.outbox.waitFor(email, { after: before });
    const token = t.outbox.linkToken(mail, 'verify');
    expect(token.length).toBeGreaterThanOrEqual(20);

    // Not verified yet: the right password is still refused with the e-mail message.
    const early = await c.post('/api/user/login', { email, password: PASSWORD });
    expect(early.status).toBe(422);
    expect(early.body.errors.email).toEqual([AUTH_MESSAGES.emailNotVerified]);
    expect(early.body.message).toBe(AUTH_MESSAGES.emailNotVerified);

    const verify = await c.get(`/api/user/verify/${token}`);
    expect(verify.status, verify.text).toBe(200);
    expect(verify.body).toEqual({ message: AUTH_MESSAGES.verified });

    const login = await c.post('/api/user/login', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(login.status, login.text).toBe(200);
    const loggedIn = userResponseSchema.parse(login.body).data;
    expect(loggedIn.email).toBe(email);
    // Repeated spaces collapse to one (spec §5).
    expect(loggedIn.name).toBe('Flow Tester');

    const me = await c.get('/api/user/me');
    expect(me.status, me.text).toBe(200);
    const user = userResponseSchema.parse(me.body).data;
    expect(Object.keys(me.body.data).sort()).toEqual([...USER_FIELDS].sort());
    expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(user.id).toBe(loggedIn.id);
    expect(user.role.title).toBe(ROLE_TITLES[user.role.alias as RoleAlias]);
    expect(Number.isNaN(Date.parse(user.created_at))).toBe(false);
    expect(user.created_at).toMatch(/Z$/);
    expect(user.display_mode).toBe('light');
    expect(user.image).toBeNull();
    expect(user.phone).toBeNull();
    expect(Array.isArray(user.permissions)).toBe(true);
    expect(user.intercom_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(user.intercom_hash).toBe(
      createHmac('sha256', INTERCOM_SECRET).update(user.id).digest('hex'),
    );
    // No secret leaks through the allow-listed response.
    expect(me.text).not.toMatch(/password|argon2|token_hash/i);

    const logout = await c.post('/api/user/logout', { device_uuid: 'device-1' });
    expect(logout.status, logout.text).toBe(200);
    expect(typeof logout.body.message).toBe('string');

    const after = await c.get('/api/user/me');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: AUTH_MESSAGES.unauthenticated });
  });

  it('gives each user a different intercom_hash, the HMAC of their own id', async () => {
    const a = t.client();
    const b = t.client();
    const userA = (await a.loginAs(DEMO.admin.email)).body.data;
    const userB = (await b.loginAs(DEMO.manager.email)).body.data;
    expect(userA.id).not.toBe(userB.id);
    expect(userA.intercom_hash).not.toBe(userB.intercom_hash);
    for (const u of [userA, userB]) {
      expect(u.intercom_hash).toBe(
        createHmac('sha256', INTERCOM_SECRET).update(u.id).digest('hex'),
      );
    }
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const email = uniqueEmail('dupe');
    await signupAndVerify('Dupe One', email);
    const res = await t.client().post('/api/user/signup', {
      name: 'Dupe Two',
      email: email.toUpperCase(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual([MESSAGES.emailTaken]);
  });

  it('answers a bad verification token with 422 or 404 and a message', async () => {
    const res = await t.client().get('/api/user/verify/not-a-real-token-0123456789');
    expect([404, 422]).toContain(res.status);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses a wrong password with the credentials message', async () => {
    const res = await t.client().post('/api/user/login', {
      email: DEMO.admin.email,
      password: 'Wrong@12345',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: AUTH_MESSAGES.invalidCredentials,
      errors: { email: [AUTH_MESSAGES.invalidCredentials] },
    });
  });
});

describe('forgot and reset password', () => {
  it('answers the same for an unknown and a known address, and mails only the known one', async () => {
    const email = uniqueEmail('forgot');
    await signupAndVerify('Forgot Me', email);
    const unknown = uniqueEmail('nobody');
    const before = await t.outbox.mark();

    const known = await t.client().post('/api/user/forgot-password', { email });
    const missing = await t.client().post('/api/user/forgot-password', { email: unknown });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual(known.body);
    expect(known.body).toEqual({ message: AUTH_MESSAGES.resetLinkSent });

    await t.outbox.waitFor(email, { after: before });
    expect(await t.outbox.mailsTo(unknown)).toEqual([]);
  });

  it('resets via the mailed token once; the old password and the reused token fail', async () => {
    const email = uniqueEmail('reset');
    const owner = await signupAndVerify('Reset Me', email);
    await owner.loginAs(email, PASSWORD);
    expect((await owner.get('/api/user/me')).status).toBe(200);

    const before = await t.outbox.mark();
    const asked = await t.client().post('/api/user/forgot-password', { email });
    expect(asked.status).toBe(200);
    const token = await t.outbox.waitForToken(email, 'reset-password', { after: before });

    const reset = await t.client().post('/api/user/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toEqual({ message: AUTH_MESSAGES.passwordReset });

    // The reset ends the user's existing sessions.
    expect((await owner.get('/api/user/me')).status).toBe(401);

    const old = await t.client().post('/api/user/login', { email, password: PASSWORD });
    expect(old.status).toBe(422);
    expect(old.body.errors.email).toEqual([AUTH_MESSAGES.invalidCredentials]);
    await t.client().loginAs(email, NEW_PASSWORD);

    const reuse = await t.client().post('/api/user/reset-password', {
      token,
      password: 'Another$2026z',
      password_confirmation: 'Another$2026z',
    });
    expect([404, 422]).toContain(reuse.status);
    expect(reuse.body.message).toBe(AUTH_MESSAGES.invalidToken);
    // The reused token changed nothing.
    await t.client().loginAs(email, NEW_PASSWORD);
  });

  it('refuses an invented reset token', async () => {
    const res = await t.client().post('/api/user/reset-password', {
      token: 'x'.repeat(64),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect([404, 422]).toContain(res.status);
    expect(res.body.message).toBe(AUTH_MESSAGES.invalidToken);
  });
});

describe('change password', () => {
  it('refuses a wrong current password with 422 and keeps the session', async () => {
    const email = uniqueEmail('change-wrong');
    const c = await signupAndVerify('Change Wrong', email);
    await c.loginAs(email, PASSWORD);
    const res = await c.post('/api/user/change-password', {
      current_password: 'Not$theRight1',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.current_password).toEqual([AUTH_MESSAGES.currentPasswordWrong]);
    expect((await c.get('/api/user/me')).status).toBe(200);
    await t.client().loginAs(email, PASSWORD);
  });

  it('ends every session of the user on success; the new password logs in', async () => {
    const email = uniqueEmail('change-ok');
    const c = await signupAndVerify('Change Ok', email);
    await c.loginAs(email, PASSWORD);
    const other = t.client();
    await other.loginAs(email, PASSWORD);

    const res = await c.post('/api/user/change-password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.passwordChanged });

    expect((await c.get('/api/user/me')).status).toBe(401);
    expect((await other.get('/api/user/me')).status).toBe(401);

    const old = await t.client().post('/api/user/login', { email, password: PASSWORD });
    expect(old.status).toBe(422);
    await t.client().loginAs(email, NEW_PASSWORD);
  });

  it('is refused to an anonymous caller', async () => {
    const res = await t.client().post('/api/user/change-password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.unauthenticated });
  });
});
