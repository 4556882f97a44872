import { describe, expect, it } from 'vitest';
import { createLoginRateLimiter, type LoginAttemptStore } from './rate-limit.js';

function memoryStore(): LoginAttemptStore {
  const rows: { email: string; ip: string; at: number }[] = [];
  return {
    async failuresSince(email, ip, since) {
      const recent = rows.filter((r) => r.at >= since.getTime());
      return {
        pair: recent.filter((r) => r.email === email && r.ip === ip).map((r) => r.at),
        ip: recent.filter((r) => r.ip === ip).map((r) => r.at),
      };
    },
    async recordFailure(email, ip, at) {
      rows.push({ email, ip, at: at.getTime() });
    },
    async clear(email, ip) {
      for (let i = rows.length - 1; i >= 0; i--) {
        if (rows[i]!.email === email && rows[i]!.ip === ip) rows.splice(i, 1);
      }
    },
  };
}

describe('login rate limiter', () => {
  const windowMs = 15 * 60_000;

  it('allows 5 failures per e-mail and IP, then asks to wait until the window frees up', async () => {
    let t = 1_000_000;
    const limiter = createLoginRateLimiter(
      memoryStore(),
      { maxAttempts: 5, maxAttemptsPerIp: 20, windowMs },
      () => t,
    );
    for (let i = 0; i < 5; i++) {
      expect(await limiter.retryAfter('a@x.test', '1.1.1.1')).toBe(0);
      await limiter.recordFailure('a@x.test', '1.1.1.1');
      t += 1000;
    }
    expect(await limiter.retryAfter('a@x.test', '1.1.1.1')).toBe(15 * 60 - 5);
    // Another address or another IP is not affected.
    expect(await limiter.retryAfter('b@x.test', '1.1.1.1')).toBe(0);
    expect(await limiter.retryAfter('a@x.test', '2.2.2.2')).toBe(0);
    t += windowMs;
    expect(await limiter.retryAfter('a@x.test', '1.1.1.1')).toBe(0);
  });

  it('limits one IP across many addresses', async () => {
    const t = 5_000_000;
    const limiter = createLoginRateLimiter(
      memoryStore(),
      { maxAttempts: 5, maxAttemptsPerIp: 3, windowMs },
      () => t,
    );
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test']) {
      await limiter.recordFailure(email, '9.9.9.9');
    }
    expect(await limiter.retryAfter('d@x.test', '9.9.9.9')).toBeGreaterThan(0);
  });

  it('forgets an address after a successful login', async () => {
    const limiter = createLoginRateLimiter(memoryStore(), {
      maxAttempts: 2,
      maxAttemptsPerIp: 50,
      windowMs,
    });
    await limiter.recordFailure('a@x.test', '1.1.1.1');
    await limiter.recordFailure('a@x.test', '1.1.1.1');
    expect(await limiter.retryAfter('a@x.test', '1.1.1.1')).toBeGreaterThan(0);
    await limiter.clear('a@x.test', '1.1.1.1');
    expect(await limiter.retryAfter('a@x.test', '1.1.1.1')).toBe(0);
  });
});
