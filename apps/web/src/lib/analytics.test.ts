import { afterEach, describe, expect, it, vi } from 'vitest';
import { analytics, setAnalyticsTracker } from './analytics';

afterEach(() => {
  setAnalyticsTracker();
  delete window.fieldbotAnalyticsQueue;
});

describe('analytics', () => {
  it('queues events on window until a vendor script takes them', () => {
    analytics.track('Recording Playback Started', { interaction_id: 'R-1', timeframe: '00:05' });
    expect(window.fieldbotAnalyticsQueue).toEqual([
      {
        event: 'Recording Playback Started',
        properties: { interaction_id: 'R-1', timeframe: '00:05' },
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      },
    ]);
  });

  it('hands events to the tracker set, and never throws when it fails', () => {
    const track = vi.fn();
    setAnalyticsTracker({ track });
    analytics.track('Playback Speed Changed', { previous_speed: 1, new_speed: 1.2 });
    expect(track).toHaveBeenCalledWith('Playback Speed Changed', {
      previous_speed: 1,
      new_speed: 1.2,
    });
    expect(window.fieldbotAnalyticsQueue).toBeUndefined();

    setAnalyticsTracker({
      track: () => {
        throw new Error('vendor down');
      },
    });
    expect(() => analytics.track('Recording Playback Paused')).not.toThrow();
  });
});
