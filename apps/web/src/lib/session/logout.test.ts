import { ANALYTICS_EVENTS_PATH } from '@fieldbot/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { mockApi } from '@/test/mock-api';
import { LOGOUT_ANALYTICS_WAIT_MS, logout } from './logout';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('logout()', () => {
  it("sends the session's waiting analytics events before ending the session", async () => {
    const order: string[] = [];
    let releaseEvents = () => {};
    const { calls } = mockApi({
      [`POST ${ANALYTICS_EVENTS_PATH}`]: () =>
        new Promise((resolve) => {
          releaseEvents = () => resolve({ status: 202, body: null });
        }).then((reply) => {
          order.push('events stored');
          return reply as { status: number; body: null };
        }),
      'POST /api/user/logout': () => {
        order.push('logout');
        return { body: { message: 'Logged out.' } };
      },
    });
    analytics.track('Recording Playback Paused', { interaction_id: 'R-1' });

    const done = logout();
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toEqual([ANALYTICS_EVENTS_PATH]));
    releaseEvents();
    await done;
    expect(order).toEqual(['events stored', 'logout']);
  });

  it('does not wait more than a second for an analytics endpoint that hangs', async () => {
    vi.useFakeTimers();
    const { calls } = mockApi({
      [`POST ${ANALYTICS_EVENTS_PATH}`]: () => new Promise(() => {}),
      'POST /api/user/logout': { body: { message: 'Logged out.' } },
    });
    analytics.track('Recording Playback Paused', { interaction_id: 'R-2' });

    const done = logout();
    await vi.advanceTimersByTimeAsync(LOGOUT_ANALYTICS_WAIT_MS - 1);
    expect(calls.some((c) => c.path === '/api/user/logout')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual({ message: 'Logged out.' });
  });
});
