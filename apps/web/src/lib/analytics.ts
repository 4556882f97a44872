import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_FLUSH_MS,
  CSRF_COOKIE,
  CSRF_HEADER,
  type AnalyticsEvent,
  type AnalyticsProperties,
} from '@fieldbot/shared';
import { readCookie } from './cookies';

export type { AnalyticsProperties } from '@fieldbot/shared';

/** What the app needs from an analytics destination (our endpoint, or a vendor such as PostHog). */
export interface AnalyticsTracker {
  track(event: string, properties: AnalyticsProperties): void;
}

/** Sends one batch; rejects when it may be sent again later (network down, server error). */
export type SendBatch = (
  events: AnalyticsEvent[],
  options: { keepalive: boolean },
) => Promise<void>;

/** Events kept while the endpoint cannot be reached; the oldest are dropped past this. */
const MAX_QUEUED = 500;

/**
 * Collects events and sends them in batches: when `maxEvents` wait, `flushMs` after the first
 * one, and at once on `flush()` (page hide). A failed batch goes back to the front of the queue.
 */
export function createEventBatcher({
  send,
  flushMs = ANALYTICS_FLUSH_MS,
  maxEvents = ANALYTICS_BATCH_MAX_EVENTS,
}: {
  send: SendBatch;
  flushMs?: number;
  maxEvents?: number;
}) {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Sends what waits; settles once every batch was sent or put back. */
  const flush = ({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const sending: Promise<void>[] = [];
    while (queue.length > 0) {
      const batch = queue.splice(0, maxEvents);
      sending.push(
        send(batch, { keepalive }).catch(() => {
          queue = [...batch, ...queue].slice(-MAX_QUEUED);
        }),
      );
    }
    return Promise.all(sending).then(() => undefined);
  };

  return {
    track(event: string, properties: AnalyticsProperties): void {
      queue.push({ event, properties, at: new Date().toISOString() });
      if (queue.length > MAX_QUEUED) queue.shift();
      if (queue.length >= maxEvents) flush();
      else timer ??= setTimeout(() => void flush(), flushMs);
    },
    flush,
    pending: (): readonly AnalyticsEvent[] => queue,
    /** Forgets what waits, unsent (a test's events must not reach the next test's server). */
    discard(): void {
      clearTimeout(timer);
      timer = undefined;
      queue = [];
    },
  };
}

/**
 * POST /api/analytics/events with the session cookie and the CSRF header. Page-hide batches use
 * `fetch(…, {keepalive})` rather than navigator.sendBeacon, which cannot send the X-XSRF-TOKEN
 * header the server requires of every POST. Not through lib/http: a failed analytics call must
 * never open the Session Expired modal or any other UI.
 */
export const sendToFirstParty: SendBatch = async (events, { keepalive }) => {
  const token = readCookie(CSRF_COOKIE);
  // Logged out (no CSRF cookie yet): nobody to attribute the events to.
  if (!token) return;
  const response = await fetch(ANALYTICS_EVENTS_PATH, {
    method: 'POST',
    credentials: 'include',
    keepalive,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [CSRF_HEADER]: token,
    },
    body: JSON.stringify({ events }),
  });
  // 4xx (logged out, refused batch) will not improve by sending again; 5xx may.
  if (response.status >= 500) throw new Error(`analytics: HTTP ${response.status}`);
};

let firstParty: ReturnType<typeof createEventBatcher> | undefined;

/** The app's batcher, made on the first event, flushed whenever the page is hidden or left. */
function firstPartyBatcher() {
  if (!firstParty) {
    const batcher = createEventBatcher({ send: sendToFirstParty });
    const flushOnHide = () => {
      if (document.visibilityState === 'hidden') void batcher.flush({ keepalive: true });
    };
    document.addEventListener('visibilitychange', flushOnHide);
    window.addEventListener('pagehide', () => void batcher.flush({ keepalive: true }));
    firstParty = batcher;
  }
  return firstParty;
}

/** Vendors connected at run time (PostHog when configured), besides the first-party store. */
const vendors = new Set<AnalyticsTracker>();

/** Adds a vendor tracker; the returned function removes it. */
export function addAnalyticsTracker(tracker: AnalyticsTracker): () => void {
  vendors.add(tracker);
  return () => vendors.delete(tracker);
}

/**
 * The app's one entry point for tracking. An object (not a bare function) so tests can
 * `vi.spyOn(analytics, 'track')`. Tracking never breaks the page: a failing tracker is ignored.
 */
export const analytics = {
  track(event: string, properties: AnalyticsProperties = {}): void {
    for (const tracker of [firstPartyBatcher(), ...vendors]) {
      try {
        tracker.track(event, properties);
      } catch {
        // Analytics is best effort.
      }
    }
  },
  /** Drops what waits, unsent: tests call it between tests that share the module. */
  discardPending(): void {
    firstParty?.discard();
  },
  /** Sends what waits now (e.g. before logging out); settles when it has been sent. */
  flush(): Promise<void> {
    return firstParty?.flush() ?? Promise.resolve();
  },
};

export interface AnalyticsIdentity {
  id: string;
  email: string;
  name: string;
  company: string | null;
}

/**
 * PostHog, loaded only when the server has a key (GET /api/client-config) and a user is logged in:
 * posthog-js is imported on demand, so it costs nothing otherwise. Only our own events are sent
 * (no autocapture, pageviews or recordings) and no remote script is loaded (strict CSP). Returns
 * a disconnect function that forgets the user (logout).
 */
export function connectPostHog(
  config: { key: string; host: string },
  user: AnalyticsIdentity,
): () => void {
  let disconnected = false;
  let remove: (() => void) | undefined;
  let reset: (() => void) | undefined;
  import('posthog-js')
    .then(({ default: posthog }) => {
      if (disconnected) return;
      posthog.init(config.key, {
        api_host: config.host,
        autocapture: false,
        capture_pageview: false,
        capture_pageleave: false,
        disable_session_recording: true,
        disable_external_dependency_loading: true,
        persistence: 'localStorage',
      });
      posthog.identify(user.id, { email: user.email, name: user.name, company: user.company });
      remove = addAnalyticsTracker({
        track: (event, properties) => posthog.capture(event, properties),
      });
      reset = () => posthog.reset();
    })
    .catch(() => {
      // The vendor could not load (offline, blocked): first-party analytics go on.
    });
  return () => {
    disconnected = true;
    remove?.();
    reset?.();
  };
}
