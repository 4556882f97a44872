import { AUTH_MESSAGES } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from './support/api-client';
import { DEMO } from './support/demo';
import { useTestApp, uniqueEmail } from './support/test-app';

const t = useTestApp();

async function failFiveTimes(c: ApiClient, email: string) {
  for (let i = 1; i <= 5; i += 1) {
    const res = await c.post('/api/user/login', { email, password: `Wrong@${i}2345` });
    expect(res.status, `failed attempt ${i}: ${res.text}`).toBe(422);
    expect(res.body.errors.email).toEqual([AUTH_MESSAGES.invalidCredentials]);
  }
}

function expectTooMany(res: ApiResponse) {
  expect(res.status, res.text).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  // The message names the wait; allow a second of drift between header and text.
  expect([retryAfter - 1, retryAfter, retryAfter + 1].map(AUTH_MESSAGES.tooManyAttempts)).toContain(
    res.body.message,
  );
}

describe('login rate limit: 5 failures per e-mail and IP in 15 minutes', () => {
  it('answers the 6th attempt with 429 and Retry-After, even with the right password', async () => {
    const c = t.client();
    await failFiveTimes(c, DEMO.manager.email);
    const sixth = await c.post('/api/user/login', {
      email: DEMO.manager.email,
      password: 'Demo@12345',
    });
    expectTooMany(sixth);
    expect(c.sessionCookie === undefined || (await c.get('/api/user/me')).status === 401).toBe(
      true,
    );
    // Still limited on the next try.
    expectTooMany(
      await c.post('/api/user/login', { email: DEMO.manager.email, password: 'Demo@12345' }),
    );
  });

  it('limits an e-mail with no account in the same way (no account enumeration)', async () => {
    const c = t.client();
    const email = uniqueEmail('ghost');
    await failFiveTimes(c, email);
    expectTooMany(await c.post('/api/user/login', { email, password: 'Demo@12345' }));
  });

  it('counts the e-mail case-insensitively', async () => {
    const c = t.client();
    const email = uniqueEmail('casey');
    for (let i = 0; i < 5; i += 1) {
      const variant = i % 2 === 0 ? email.toUpperCase() : email;
      expect(
        (await c.post('/api/user/login', { email: variant, password: 'Wrong@12345' })).status,
      ).toBe(422);
    }
    expectTooMany(await c.post('/api/user/login', { email, password: 'Wrong@12345' }));
  });

  it('does not lock the owner out from another address, nor other accounts from this one', async () => {
    const attacker = t.client();
    await failFiveTimes(attacker, DEMO.tech.email);
    expectTooMany(
      await attacker.post('/api/user/login', { email: DEMO.tech.email, password: 'Demo@12345' }),
    );

    await t.client().loginAs(DEMO.tech.email);
    const sameIpOtherAccount = t.client({ ip: attacker.ip });
    await sameIpOtherAccount.loginAs(DEMO.globex.email);
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
