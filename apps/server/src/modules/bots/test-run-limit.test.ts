import { describe, expect, it } from 'vitest';
import { createTestRunLimiter } from './test-run-limit.js';

describe('test-run limiter', () => {
  it('allows max runs per window per user, then says how long to wait', () => {
    let clock = 1_000_000;
    const limiter = createTestRunLimiter({ max: 3, windowMs: 60_000 }, () => clock);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(60);
    // Another user has a budget of their own.
    expect(limiter.take('b')).toBe(0);
    clock += 20_000;
    // A refused run does not count: the wait shrinks as the oldest run ages.
    expect(limiter.take('a')).toBe(40);
    clock += 40_001;
    expect(limiter.take('a')).toBe(0);
  });
});
