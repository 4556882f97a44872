export interface LoginAttemptStore {
  /**
   * Timestamps (ms) of failures of this account from any address since `accountSince`, and of
   * this address against any account since `ipSince`.
   */
  failuresSince(
    email: string,
    ip: string,
    since: { account: Date; ip: Date },
  ): Promise<{ account: number[]; ip: number[] }>;
  recordFailure(email: string, ip: string, at: Date): Promise<void>;
  /** Forgets every failure of the account, from whichever address. */
  clearAccount(email: string): Promise<void>;
}

export interface LoginWait {
  /** Seconds before this account may be tried again (from any address); 0 when it may. */
  account: number;
  /** Seconds before this address drops below its ceiling of failures; 0 when it is below. */
  ip: number;
}

export interface LoginRateLimiter {
  check(email: string, ip: string): Promise<LoginWait>;
  recordFailure(email: string, ip: string): Promise<void>;
  /** A successful login: the account's failures are forgotten. */
  clear(email: string): Promise<void>;
}

export interface RateLimitPolicy {
  /** Failures per account, from any address, before each further attempt has to wait. */
  maxAttempts: number;
  /** The first wait; it doubles with every further failure, up to `maxLockoutMs`. */
  lockoutMs: number;
  maxLockoutMs: number;
  /** How long an account's failures count. */
  windowMs: number;
  /** Failures per address (all accounts together) inside `ipWindowMs` before it is slowed. */
  ipMaxAttempts: number;
  ipWindowMs: number;
}

/** The longest wait an account is ever given, whatever the number of failures. */
export const MAX_LOCKOUT_MS = 60 * 60_000;

/**
 * Limits guessing per account across all addresses with an exponentially growing wait, so a
 * botnet cannot try one account without limit; the per-address ceiling is only reported (the
 * service still lets a right password through), so one attacker behind a shared address (an office
 * NAT, a load balancer) cannot lock out the other accounts that log in from it.
 */
/** Whole seconds to wait for a duration in ms (at least 1 when there is any wait). */
export const waitSeconds = (ms: number) => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

/**
 * Seconds until fewer than `limit` of `times` (ms) fall inside a sliding window of `windowMs`:
 * the oldest event that still counts towards the limit has to leave the window.
 */
export function slidingWindowWait(times: number[], limit: number, windowMs: number, t: number) {
  if (times.length < limit) return 0;
  const sorted = [...times].sort((a, b) => a - b);
  const oldestCounted = sorted[sorted.length - limit] ?? t;
  return waitSeconds(oldestCounted + windowMs - t);
}

export function createLoginRateLimiter(
  store: LoginAttemptStore,
  policy: RateLimitPolicy,
  now = () => Date.now(),
): LoginRateLimiter {
  const accountWait = (times: number[], t: number) => {
    const extra = times.length - policy.maxAttempts;
    if (extra < 0) return 0;
    // 2^extra overflows to Infinity for absurd counts; min() keeps the cap.
    const lockout = Math.min(policy.maxLockoutMs, policy.lockoutMs * 2 ** extra);
    return waitSeconds(Math.max(...times) + lockout - t);
  };

  return {
    async check(email, ip) {
      const t = now();
      const failures = await store.failuresSince(email, ip, {
        account: new Date(t - policy.windowMs),
        ip: new Date(t - policy.ipWindowMs),
      });
      return {
        account: accountWait(failures.account, t),
        ip: slidingWindowWait(failures.ip, policy.ipMaxAttempts, policy.ipWindowMs, t),
      };
    },
    async recordFailure(email, ip) {
      await store.recordFailure(email, ip, new Date(now()));
    },
    async clear(email) {
      await store.clearAccount(email);
    },
  };
}
