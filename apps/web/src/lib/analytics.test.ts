import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_FLUSH_MS,
  CSRF_COOKIE,
  CSRF_HEADER,
  type AnalyticsEvent,
} from '@fieldbot/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addAnalyticsTracker, analytics, createEventBatcher, type SendBatch } from './analytics';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

function recordingSender() {
  const batches: { events: AnalyticsEvent[]; keepalive: boolean }[] = [];
  const send = vi.fn<SendBatch>(async (events, { keepalive }) => {
    batches.push({ events, keepalive });
  });
  return { batches, send };
}

describe('event batcher', () => {
  it('sends one batch a few seconds after the first event, with every event since', async () => {
    const { batches, send } = recordingSender();
    const batcher = createEventBatcher({ send, flushMs: 5000, maxEvents: 10 });
    batcher.track('Recording Playback Started', { interaction_id: 'R-1', timeframe: '00:05' });
    await vi.advanceTimersByTimeAsync(3000);
    batcher.track('Recording Playback Paused', { interaction_id: 'R-1', timeframe: '00:09' });
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(batches).toEqual([
      {
        keepalive: false,
        events: [
          {
            event: 'Recording Playback Started',
            properties: { interaction_id: 'R-1', timeframe: '00:05' },
            at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
          },
          expect.objectContaining({ event: 'Recording Playback Paused' }),
        ],
      },
    ]);
    expect(batcher.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends at once when a batch is full, and everything on flush (page hide) with keepalive', async () => {
    const { batches, send } = recordingSender();
    const batcher = createEventBatcher({ send, flushMs: 5000, maxEvents: 3 });
    for (let i = 0; i < 4; i += 1) batcher.track(`e${i}`, {});
    expect(batches.map((b) => b.events.map((e) => e.event))).toEqual([['e0', 'e1', 'e2']]);
    batcher.flush({ keepalive: true });
    expect(batches.at(-1)).toEqual({
      keepalive: true,
      events: [expect.objectContaining({ event: 'e3' })],
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps a batch that could not be sent for the next attempt', async () => {
    const send = vi
      .fn<SendBatch>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const batcher = createEventBatcher({ send, flushMs: 1000, maxEvents: 10 });
    batcher.track('a', {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(batcher.pending().map((e) => e.event)).toEqual(['a']);
    batcher.track('b', {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(send.mock.calls[1]![0].map((e) => e.event)).toEqual(['a', 'b']);
    expect(batcher.pending()).toEqual([]);
  });
});

describe('analytics', () => {
  it('posts batches to the first-party endpoint with the CSRF header, and on page hide', async () => {
    document.cookie = `${CSRF_COOKIE}=tok123; path=/`;
    const fetchMock = vi.fn(async () => new Response('{"data":{"accepted":1}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    analytics.track('Playback Speed Changed', { previous_speed: 1, new_speed: 1.5 });
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(ANALYTICS_EVENTS_PATH);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: false });
    expect((init.headers as Record<string, string>)[CSRF_HEADER]).toBe('tok123');
    expect(JSON.parse(init.body as string)).toEqual({
      events: [
        {
          event: 'Playback Speed Changed',
          properties: { previous_speed: 1, new_speed: 1.5 },
          at: expect.any(String),
        },
      ],
    });

    analytics.track('Change Card Failed');
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, hidden] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(hidden.keepalive).toBe(true);
    expect(JSON.parse(hidden.body as string).events).toHaveLength(1);
  });

  it('sends full batches of at most the server limit', async () => {
    document.cookie = `${CSRF_COOKIE}=tok123; path=/`;
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    for (let i = 0; i < ANALYTICS_BATCH_MAX_EVENTS + 1; i += 1) analytics.track(`e${i}`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    analytics.flush();
    const sizes = fetchMock.mock.calls.map(
      (call) =>
        JSON.parse((call as unknown as [string, RequestInit])[1].body as string).events.length,
    );
    expect(sizes).toEqual([ANALYTICS_BATCH_MAX_EVENTS, 1]);
  });

  it('hands events to vendor trackers too, and never throws when one fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    const track = vi.fn();
    const remove = addAnalyticsTracker({ track });
    const removeBroken = addAnalyticsTracker({
      track: () => {
        throw new Error('vendor down');
      },
    });
    expect(() => analytics.track('Recording Playback Paused', { pause_time: 3 })).not.toThrow();
    expect(track).toHaveBeenCalledWith('Recording Playback Paused', { pause_time: 3 });
    remove();
    removeBroken();
    analytics.track('Recording Playback Paused');
    expect(track).toHaveBeenCalledTimes(1);
    analytics.flush();
  });
});
