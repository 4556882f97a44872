export interface LoginAttemptStore {
  /** Timestamps (ms) of failures since `since` for this e-mail+IP and for the IP overall. */
  failuresSince(email: string, ip: string, since: Date): Promise<{ pair: number[]; ip: number[] }>;
  recordFailure(email: string, ip: string, at: Date): Promise<void>;
  clear(email: string, ip: string): Promise<void>;
}

export interface LoginRateLimiter {
  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed. */
  retryAfter(email: string, ip: string): Promise<number>;
  recordFailure(email: string, ip: string): Promise<void>;
  clear(email: string, ip: string): Promise<void>;
}

export interface RateLimitPolicy {
  /** Failures allowed per e-mail+IP inside the window. */
  maxAttempts: number;
  /** Failures allowed per IP across all e-mails (slows down address spraying). */
  maxAttemptsPerIp: number;
  windowMs: number;
}

/** The per-IP allowance is a multiple of the per-address one. */
export const PER_IP_FACTOR = 4;

export function createLoginRateLimiter(
  store: LoginAttemptStore,
  policy: RateLimitPolicy,
  now = () => Date.now(),
): LoginRateLimiter {
  const waitFor = (times: number[], limit: number, t: number) => {
    if (times.length < limit) return 0;
    // The window frees up when the oldest failure that still counts towards the limit leaves it.
    const sorted = [...times].sort((a, b) => a - b);
    const oldestCounted = sorted[sorted.length - limit] ?? t;
    return Math.max(1, Math.ceil((oldestCounted + policy.windowMs - t) / 1000));
  };

  return {
    async retryAfter(email, ip) {
      const t = now();
      const { pair, ip: perIp } = await store.failuresSince(
        email,
        ip,
        new Date(t - policy.windowMs),
      );
      return Math.max(
        waitFor(pair, policy.maxAttempts, t),
        waitFor(perIp, policy.maxAttemptsPerIp, t),
      );
    },
    async recordFailure(email, ip) {
      await store.recordFailure(email, ip, new Date(now()));
    },
    async clear(email, ip) {
      await store.clear(email, ip);
    },
  };
}
