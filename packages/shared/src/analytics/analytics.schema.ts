import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

/**
 * Spec §7 tracked events besides playback (PLAYBACK_EVENTS): a failed card change, and a soft
 * capacity of 80 or more being saved (the spec does not name that event).
 */
export const ANALYTICS_EVENTS = {
  changeCardFailed: 'Change Card Failed',
  softCapacity: 'Soft Capacity Set',
} as const;

/** First-party events are kept this long, then purged (the hourly purge job). */
export const ANALYTICS_RETENTION_DAYS = 90;
/** The web sends a batch when this many events wait, or every ANALYTICS_FLUSH_MS. */
export const ANALYTICS_BATCH_MAX_EVENTS = 50;
export const ANALYTICS_FLUSH_MS = 5000;
/** Events one user may send per rolling hour (a busy reviewer sends a few hundred). */
export const ANALYTICS_EVENTS_PER_USER_HOUR = 3000;
export const ANALYTICS_MESSAGES = {
  tooMany: 'Too many analytics events. Please try again later.',
} as const;
/** Bounds of one event, so a batch stays small (a few KB) whatever a page puts in it. */
export const ANALYTICS_EVENT_NAME_MAX = 100;
export const ANALYTICS_PROPERTY_KEYS_MAX = 20;
export const ANALYTICS_PROPERTY_KEY_MAX = 64;
export const ANALYTICS_PROPERTY_VALUE_MAX = 500;

/** Flat values only, so any vendor's tracker accepts them. */
export const analyticsPropertiesSchema = z
  .record(
    z.string().min(1).max(ANALYTICS_PROPERTY_KEY_MAX, MESSAGES.invalidValue),
    z.union([z.string().max(ANALYTICS_PROPERTY_VALUE_MAX), z.number(), z.boolean(), z.null()], {
      error: MESSAGES.invalidValue,
    }),
    { error: MESSAGES.invalidValue },
  )
  .refine((p) => Object.keys(p).length <= ANALYTICS_PROPERTY_KEYS_MAX, MESSAGES.invalidValue);
export type AnalyticsProperties = z.infer<typeof analyticsPropertiesSchema>;

export const analyticsEventSchema = z.object(
  {
    event: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(ANALYTICS_EVENT_NAME_MAX, MESSAGES.invalidValue),
    properties: analyticsPropertiesSchema.default({}),
    /** When it happened in the browser; events wait in a queue before they are sent. */
    at: z.iso.datetime({ offset: true, error: MESSAGES.invalidValue }),
  },
  { error: MESSAGES.invalidValue },
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * POST /api/analytics/events. Who sent the events (user, company, publisher) is taken from the
 * session by the server; fields naming them in the body are ignored.
 */
export const analyticsBatchSchema = z.object(
  {
    events: z
      .array(analyticsEventSchema, { error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .max(ANALYTICS_BATCH_MAX_EVENTS, MESSAGES.invalidValue),
  },
  { error: MESSAGES.invalidValue },
);
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

export const analyticsBatchResponseSchema = z.object({
  data: z.object({ accepted: z.number().int() }),
});
export const ANALYTICS_EVENTS_PATH = '/api/analytics/events';
