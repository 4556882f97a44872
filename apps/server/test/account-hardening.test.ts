import { AUTH_MESSAGES, MESSAGES } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type ApiResponse } from './support/api-client';
import { DEMO } from './support/demo';
import { useTestApp, uniqueEmail } from './support/test-app';

const SIGNUP_LIMIT = 4;
const t = useTestApp({ env: { SIGNUP_MAX_PER_IP: String(SIGNUP_LIMIT) } });

const GOOD_PASSWORD = 'Tangerine#Kiwi2026x';

function expectPasswordRefused(res: ApiResponse, message: string) {
  expect(res.status, res.text).toBe(422);
  expect(res.body.errors.password).toEqual([message]);
}

const signupBody = (email: string, password: string, name = 'Robin Quartermaine') => ({
  name,
  email,
  password,
  password_confirmation: password,
});

describe('new passwords', () => {
  it.each(['Summer2024!', 'Aa1!Aa1!', DEMO_PASSWORD, 'P@ssw0rd2024'])(
    'sign-up refuses the breached or published password %s and creates nothing',
    async (password) => {
      const email = uniqueEmail('breached');
      const c = t.client();
      expectPasswordRefused(
        await c.post('/api/user/signup', signupBody(email, password)),
        AUTH_MESSAGES.breachedPassword,
      );
      // Nothing was created: the address is still free.
      expect((await c.post('/api/user/signup', signupBody(email, GOOD_PASSWORD))).status).toBe(201);
    },
  );

  it.each([
    ['the product name', 'Fieldbot1!'],
    ['the e-mail address', 'Quartermaine.Robin#7'],
    ['the name', 'Robin$Kettle42'],
  ])('sign-up refuses a password containing %s', async (_what, password) => {
    const res = await t
      .client()
      .post('/api/user/signup', signupBody(uniqueEmail('quartermaine.robin'), password));
    expectPasswordRefused(res, AUTH_MESSAGES.personalPassword);
  });

  it('change-password refuses the current password, a breached one and the own e-mail', async () => {
    const c = t.client();
    await c.loginAs(DEMO.manager.email);
    const change = (password: string) =>
      c.post('/api/user/change-password', {
        current_password: DEMO_PASSWORD,
        password,
        password_confirmation: password,
      });
    // 'demo' is part of the manager's own address (demo.fieldbot.test), checked before the lists.
    expectPasswordRefused(await change(DEMO_PASSWORD), AUTH_MESSAGES.personalPassword);
    expectPasswordRefused(await change('Summer2024!'), AUTH_MESSAGES.breachedPassword);
    expectPasswordRefused(await change('Manager#Xq2026'), AUTH_MESSAGES.personalPassword);
    // Nothing changed: the session and the old password still work.
    expect((await c.get('/api/user/me')).status).toBe(200);
    await t.client().loginAs(DEMO.manager.email);
  });

  it('change-password and reset refuse the current password when it passes every other check', async () => {
    const email = uniqueEmail('same');
    const c = t.client();
    const before = await t.outbox.mark();
    expect((await c.post('/api/user/signup', signupBody(email, GOOD_PASSWORD))).status).toBe(201);
    const verify = await t.outbox.waitForToken(email, 'verify', { after: before });
    expect((await c.get(`/api/user/verify/${verify}`)).status).toBe(200);
    await c.loginAs(email, GOOD_PASSWORD);

    const changed = await c.post('/api/user/change-password', {
      current_password: GOOD_PASSWORD,
      password: GOOD_PASSWORD,
      password_confirmation: GOOD_PASSWORD,
    });
    expectPasswordRefused(changed, AUTH_MESSAGES.samePassword);

    const asked = await t.outbox.mark();
    await t.client().post('/api/user/forgot-password', { email });
    const token = await t.outbox.waitForToken(email, 'reset-password', { after: asked });
    const reset = (password: string) =>
      t.client().post('/api/user/reset-password', {
        token,
        password,
        password_confirmation: password,
      });
    expectPasswordRefused(await reset(GOOD_PASSWORD), AUTH_MESSAGES.samePassword);
    expectPasswordRefused(await reset('Summer2024!'), AUTH_MESSAGES.breachedPassword);
    // The refused attempts did not spend the link.
    expect((await reset('Walnut&Comet77')).status).toBe(200);
    await t.client().loginAs(email, 'Walnut&Comet77');
  });
});

describe('sign-up rate limit per address', () => {
  it('keeps the taken-address message but answers 429 with Retry-After past the limit', async () => {
    const c = t.client();
    // A refused password is answered before the address is looked at, so it does not count.
    for (let i = 0; i < SIGNUP_LIMIT + 1; i += 1) {
      const weak = await c.post('/api/user/signup', signupBody(uniqueEmail('weak'), 'Summer2024!'));
      expectPasswordRefused(weak, AUTH_MESSAGES.breachedPassword);
    }
    for (let i = 0; i < SIGNUP_LIMIT; i += 1) {
      const res = await c.post('/api/user/signup', signupBody(DEMO.admin.email, GOOD_PASSWORD));
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors.email).toEqual([MESSAGES.emailTaken]);
    }
    const limited = await c.post(
      '/api/user/signup',
      signupBody(uniqueEmail('late'), GOOD_PASSWORD),
    );
    expect(limited.status, limited.text).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(limited.body.message).toBe(AUTH_MESSAGES.tooManySignups(retryAfter));

    // Another address signs up as usual.
    const other = await t
      .client()
      .post('/api/user/signup', signupBody(uniqueEmail('other'), GOOD_PASSWORD));
    expect(other.status, other.text).toBe(201);
  });
});
