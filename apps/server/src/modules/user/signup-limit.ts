import { slidingWindowWait } from './rate-limit.js';

export interface SignupAttemptStore {
  /** Timestamps (ms) of this address's sign-up attempts since `since`. */
  attemptsSince(ip: string, since: Date): Promise<number[]>;
  /** Records an attempt and drops every attempt older than `forgetBefore`. */
  record(ip: string, at: Date, forgetBefore: Date): Promise<void>;
}

export interface SignupLimiter {
  /** Seconds to wait, or 0 when the attempt is allowed (and then counted). */
  take(ip: string): Promise<number>;
}

/**
 * Sign-up answers 'Email address is already taken' (spec §5), so every attempt that gets as far
 * as that check counts, taken address or not: this bounds how fast one address can probe for
 * accounts (and create them).
 */
export function createSignupLimiter(
  store: SignupAttemptStore,
  policy: { maxPerIp: number; windowMs: number },
  now = () => Date.now(),
): SignupLimiter {
  return {
    async take(ip) {
      const t = now();
      const since = new Date(t - policy.windowMs);
      const times = await store.attemptsSince(ip, since);
      const wait = slidingWindowWait(times, policy.maxPerIp, policy.windowMs, t);
      if (wait === 0) await store.record(ip, new Date(t), since);
      return wait;
    },
  };
}
