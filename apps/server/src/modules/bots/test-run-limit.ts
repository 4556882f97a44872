import { slidingWindowWait } from '../user/index.js';

/**
 * Test runs may call a paid LLM, so each user gets a budget per sliding window. Kept in memory: a
 * test run is an interactive click, the budget only has to stop a loop or a stuck button, and each
 * server process enforcing it alone is good enough for that.
 */
export interface TestRunLimit {
  max: number;
  windowMs: number;
}

export const TEST_RUN_LIMIT: TestRunLimit = { max: 20, windowMs: 10 * 60_000 };

export interface TestRunLimiter {
  /** Takes one run from the user's budget: 0 when allowed, else the seconds to wait. */
  take(userId: string): number;
}

export function createTestRunLimiter(
  limit: TestRunLimit = TEST_RUN_LIMIT,
  now: () => number = Date.now,
): TestRunLimiter {
  const runs = new Map<string, number[]>();
  return {
    take(userId) {
      const t = now();
      const recent = (runs.get(userId) ?? []).filter((at) => at > t - limit.windowMs);
      const wait = slidingWindowWait(recent, limit.max, limit.windowMs, t);
      if (wait === 0) recent.push(t);
      // Users whose runs all left the window are forgotten, so the map stays as small as the
      // number of users testing right now.
      for (const [id, times] of runs) {
        if (id !== userId && times.every((at) => at <= t - limit.windowMs)) runs.delete(id);
      }
      runs.set(userId, recent);
      return wait;
    },
  };
}
