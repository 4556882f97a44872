/** Properties of one tracked event; kept flat so any vendor's tracker accepts them. */
export type AnalyticsProperties = Record<string, string | number | boolean | null>;

export interface AnalyticsEvent {
  event: string;
  properties: AnalyticsProperties;
  /** ISO time the event happened, so queued events keep their moment when a vendor replays them. */
  at: string;
}

/** What the app needs from an analytics vendor (spec §7: a tracker loaded lazily with the user id). */
export interface AnalyticsTracker {
  track(event: string, properties: AnalyticsProperties): void;
}

declare global {
  interface Window {
    /** Events waiting for the vendor script, which drains this queue when it loads. */
    fieldbotAnalyticsQueue?: AnalyticsEvent[];
  }
}

/** Until a vendor script is wired, events wait on window for it (the usual snippet pattern). */
export const queueTracker: AnalyticsTracker = {
  track(event, properties) {
    (window.fieldbotAnalyticsQueue ??= []).push({
      event,
      properties,
      at: new Date().toISOString(),
    });
  },
};

let tracker: AnalyticsTracker = queueTracker;

/** Swaps in a vendor's tracker (and back, with no argument). */
export function setAnalyticsTracker(next: AnalyticsTracker = queueTracker): void {
  tracker = next;
}

/**
 * The app's one entry point for tracking. An object (not a bare function) so tests can
 * `vi.spyOn(analytics, 'track')`. Tracking never breaks the page: a failing tracker is ignored.
 */
export const analytics = {
  track(event: string, properties: AnalyticsProperties = {}): void {
    try {
      tracker.track(event, properties);
    } catch {
      // Analytics is best effort.
    }
  },
};
