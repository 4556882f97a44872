import { AUTH_MESSAGES } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type ApiClient, type ApiResponse } from './support/api-client';
import { DEMO } from './support/demo';
import { sleep, useTestApp, uniqueEmail } from './support/test-app';

// Short waits so that the growing delay can be watched; a low address ceiling to reach it fast.
const LOCKOUT_SECONDS = 3;
const IP_CEILING = 8;
const t = useTestApp({
  env: {
    LOGIN_LOCKOUT_SECONDS: String(LOCKOUT_SECONDS),
    LOGIN_IP_MAX_ATTEMPTS: String(IP_CEILING),
  },
});

async function fail(c: ApiClient, email: string, i = 0) {
  const res = await c.post('/api/user/login', { email, password: `Wrong@${i}2345` });
  expect(res.status, `failed attempt ${i}: ${res.text}`).toBe(422);
  expect(res.body.errors.email).toEqual([AUTH_MESSAGES.invalidCredentials]);
}

/** Five failures of one account, each from an address of its own. */
async function failFromManyAddresses(email: string) {
  for (let i = 1; i <= 5; i += 1) await fail(t.client(), email, i);
}

function expectTooMany(res: ApiResponse, maxSeconds: number): number {
  expect(res.status, res.text).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(res.body.message).toBe(AUTH_MESSAGES.tooManyAttempts(retryAfter));
  return retryAfter;
}

describe('login rate limit per account, across addresses', () => {
  it('limits an account tried from many addresses, even with the right password', async () => {
    await failFromManyAddresses(DEMO.manager.email);
    const owner = t.client();
    expectTooMany(
      await owner.post('/api/user/login', { email: DEMO.manager.email, password: DEMO_PASSWORD }),
      LOCKOUT_SECONDS,
    );
    expect(
      owner.sessionCookie === undefined || (await owner.get('/api/user/me')).status === 401,
    ).toBe(true);
  });

  it('doubles the wait with every further failure', async () => {
    const email = uniqueEmail('botnet-target');
    await failFromManyAddresses(email);
    const first = expectTooMany(
      await t.client().post('/api/user/login', { email, password: 'Wrong@12345' }),
      LOCKOUT_SECONDS,
    );
    await sleep(first * 1000 + 200);
    await fail(t.client(), email, 6);
    const second = expectTooMany(
      await t.client().post('/api/user/login', { email, password: 'Wrong@12345' }),
      2 * LOCKOUT_SECONDS,
    );
    expect(second).toBeGreaterThan(LOCKOUT_SECONDS);
  });

  it('counts the e-mail case-insensitively', async () => {
    const email = uniqueEmail('casey');
    for (let i = 0; i < 5; i += 1)
      await fail(t.client(), i % 2 === 0 ? email.toUpperCase() : email);
    expectTooMany(
      await t.client().post('/api/user/login', { email, password: 'Wrong@12345' }),
      LOCKOUT_SECONDS,
    );
  });

  it('forgets the failures after a successful login', async () => {
    for (let i = 0; i < 4; i += 1) await fail(t.client(), DEMO.publisherUser.email, i);
    await t.client().loginAs(DEMO.publisherUser.email);
    for (let i = 0; i < 4; i += 1) await fail(t.client(), DEMO.publisherUser.email, i);
    await t.client().loginAs(DEMO.publisherUser.email);
  });

  it('does not count a validation failure as a login attempt', async () => {
    const c = t.client();
    for (let i = 0; i < 6; i += 1) {
      const res = await c.post('/api/user/login', { email: DEMO.publisher.email, password: '' });
      expect(res.status).toBe(422);
      expect(res.body.errors.password).toBeDefined();
    }
    await c.loginAs(DEMO.publisher.email);
  });
});

describe('login rate limit per address', () => {
  it('an attacker’s address does not lock out another account logging in from it', async () => {
    const attacker = t.client();
    for (let i = 1; i <= 5; i += 1) await fail(attacker, DEMO.tech.email, i);
    expectTooMany(
      await attacker.post('/api/user/login', { email: DEMO.tech.email, password: DEMO_PASSWORD }),
      LOCKOUT_SECONDS,
    );
    await t.client({ ip: attacker.ip }).loginAs(DEMO.globex.email);
  });

  it('over its ceiling, a busy address gets 429 for wrong passwords but right ones still log in', async () => {
    const office = t.client();
    // Spraying: one failure per account, so no account is limited, only the address.
    for (let i = 0; i < IP_CEILING; i += 1) await fail(office, uniqueEmail('sprayed'), i);
    const sprayed = await office.post('/api/user/login', {
      email: uniqueEmail('sprayed'),
      password: 'Wrong@12345',
    });
    expectTooMany(sprayed, 15 * 60);

    const colleague = t.client({ ip: office.ip });
    const typo = await colleague.post('/api/user/login', {
      email: DEMO.admin.email,
      password: 'Demo@1234',
    });
    expectTooMany(typo, 15 * 60);
    await colleague.loginAs(DEMO.admin.email);
    expect((await colleague.get('/api/user/me')).body.data.email).toBe(DEMO.admin.email);
    // Another address is not concerned.
    await fail(t.client(), uniqueEmail('elsewhere'));
  });
});
