import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('retries network and server errors twice', () => {
    const error = new ApiError(500, 'x');
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(1, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'timeout'))).toBe(true);
  });

  it('never retries a 4xx answer', () => {
    for (const status of [401, 403, 404, 419, 422, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'x'))).toBe(false);
    }
  });
});
