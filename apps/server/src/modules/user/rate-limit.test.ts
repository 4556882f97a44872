import { describe, expect, it } from 'vitest';
import {
  createLoginRateLimiter,
  slidingWindowWait,
  type LoginAttemptStore,
  type RateLimitPolicy,
} from './rate-limit.js';

function memoryStore(): LoginAttemptStore {
  const rows: { email: string; ip: string; at: number }[] = [];
  return {
    async failuresSince(email, ip, since) {
      return {
        account: rows
          .filter((r) => r.email === email && r.at >= since.account.getTime())
          .map((r) => r.at),
        ip: rows.filter((r) => r.ip === ip && r.at >= since.ip.getTime()).map((r) => r.at),
      };
    },
    async recordFailure(email, ip, at) {
      rows.push({ email, ip, at: at.getTime() });
    },
    async clearAccount(email) {
      for (let i = rows.length - 1; i >= 0; i--) if (rows[i]!.email === email) rows.splice(i, 1);
    },
  };
}

const policy: RateLimitPolicy = {
  maxAttempts: 5,
  lockoutMs: 30_000,
  maxLockoutMs: 60 * 60_000,
  windowMs: 24 * 60 * 60_000,
  ipMaxAttempts: 100,
  ipWindowMs: 15 * 60_000,
};

describe('login rate limiter', () => {
  it('lets an account fail 5 times from any addresses, then doubles the wait after each failure', async () => {
    let t = 1_000_000;
    const limiter = createLoginRateLimiter(memoryStore(), policy, () => t);
    for (let i = 0; i < 5; i++) {
      expect((await limiter.check('a@x.test', `10.0.0.${i}`)).account).toBe(0);
      await limiter.recordFailure('a@x.test', `10.0.0.${i}`);
    }
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const wait = (await limiter.check('a@x.test', '10.9.9.9')).account;
      waits.push(wait);
      t += wait * 1000;
      expect((await limiter.check('a@x.test', '10.9.9.9')).account).toBe(0);
      await limiter.recordFailure('a@x.test', `10.1.0.${i}`);
    }
    expect(waits).toEqual([30, 60, 120, 240]);
    // Other accounts are not affected.
    expect((await limiter.check('b@x.test', '10.0.0.1')).account).toBe(0);
  });

  it('caps the wait and forgets failures after the window', async () => {
    let t = 0;
    const limiter = createLoginRateLimiter(
      memoryStore(),
      { ...policy, maxLockoutMs: 10 * 60_000 },
      () => t,
    );
    for (let i = 0; i < 30; i++) await limiter.recordFailure('a@x.test', '10.0.0.1');
    expect((await limiter.check('a@x.test', '10.0.0.2')).account).toBe(600);
    t += policy.windowMs + 1;
    expect((await limiter.check('a@x.test', '10.0.0.2')).account).toBe(0);
  });

  it('reports an address over its ceiling across many accounts without limiting those accounts', async () => {
    const limiter = createLoginRateLimiter(
      memoryStore(),
      { ...policy, ipMaxAttempts: 3 },
      () => 5_000_000,
    );
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test']) {
      await limiter.recordFailure(email, '9.9.9.9');
    }
    expect(await limiter.check('d@x.test', '9.9.9.9')).toEqual({ account: 0, ip: 15 * 60 });
    expect((await limiter.check('d@x.test', '8.8.8.8')).ip).toBe(0);
  });

  it('forgets an account after a successful login, from whichever address it failed', async () => {
    const limiter = createLoginRateLimiter(memoryStore(), { ...policy, maxAttempts: 2 });
    await limiter.recordFailure('a@x.test', '1.1.1.1');
    await limiter.recordFailure('a@x.test', '2.2.2.2');
    expect((await limiter.check('a@x.test', '3.3.3.3')).account).toBeGreaterThan(0);
    await limiter.clear('a@x.test');
    expect((await limiter.check('a@x.test', '3.3.3.3')).account).toBe(0);
  });
});

describe('sliding window', () => {
  it('waits until the oldest event that counts leaves the window', () => {
    expect(slidingWindowWait([1000, 2000], 3, 60_000, 5000)).toBe(0);
    expect(slidingWindowWait([3000, 1000, 2000], 3, 60_000, 5000)).toBe(56);
    expect(slidingWindowWait([1000, 2000, 3000, 4000], 3, 60_000, 5000)).toBe(57);
  });
});
