/**
 * Outgoing webhooks (issue 26 §4): the events a company endpoint can subscribe to, the retry
 * schedule the server hands to pg-boss (so the settings page can explain it) and the messages.
 */
export const WEBHOOK_EVENT_TYPES = [
  'interaction.completed',
  'bot_result.completed',
  'alert.fired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** "Send test": delivered to the endpoint whatever it subscribes to, through the same path. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookMessageType, string> = {
  'interaction.completed': 'Interaction completed',
  'bot_result.completed': 'Bot result completed',
  'alert.fired': 'Alert fired',
  'webhook.test': 'Test event',
};

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'interaction.completed': 'A recording or call has been transcribed.',
  'bot_result.completed': 'A bot finished analysing an interaction or customer.',
  'alert.fired': 'One of your alert rules matched.',
};

/** Per attempt: the receiver has this long to answer with a 2xx. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** After a rotation the previous secret still signs (beside the new one) this long. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** Endpoints per company: enough for real integrations, bounded fan-out per event. */
export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/**
 * pg-boss 10 retries with `retryBackoff`: after failed attempt k (k = 1…retryLimit) it waits
 * retryDelay·2^(k-1)·(1 + jitter), jitter uniform in [0, 1); it has no retryDelayMax. The delay is
 * chosen so that the expected time from the first attempt to the last retry is 24 hours:
 * 1.5 · retryDelay · (2^retryLimit − 1) ≈ 86 400 s.
 */
export const WEBHOOK_RETRY_LIMIT = 10;
export const WEBHOOK_RETRY_DELAY_SECONDS = 56;

export interface WebhookRetryStep {
  /** The attempt this wait leads to (2 = the first retry). */
  attempt: number;
  /** The wait after the previous attempt, shortest and longest (pg-boss adds jitter). */
  minDelaySeconds: number;
  maxDelaySeconds: number;
  /** Expected time since the first attempt. */
  expectedAfterFirstSeconds: number;
}

export function webhookRetrySchedule(
  retryLimit = WEBHOOK_RETRY_LIMIT,
  retryDelaySeconds = WEBHOOK_RETRY_DELAY_SECONDS,
): WebhookRetryStep[] {
  const steps: WebhookRetryStep[] = [];
  let expected = 0;
  for (let k = 1; k <= retryLimit; k++) {
    const base = retryDelaySeconds * 2 ** (k - 1);
    expected += base * 1.5;
    steps.push({
      attempt: k + 1,
      minDelaySeconds: base,
      maxDelaySeconds: base * 2,
      expectedAfterFirstSeconds: Math.round(expected),
    });
  }
  return steps;
}

/** "1 min", "2 h", "1 h 30 min": a short duration for the schedule's explanation. */
export function formatWebhookDelay(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 || hours >= 10 ? `${Math.round(minutes / 60)} h` : `${hours} h ${rest} min`;
}

export const WEBHOOK_MESSAGES = {
  created: 'Webhook endpoint created.',
  updated: 'Webhook endpoint saved.',
  deleted: 'Webhook endpoint deleted.',
  enabled: 'Webhook endpoint enabled.',
  disabledByAdmin: 'Webhook endpoint disabled.',
  rotated: 'Signing secret rotated. The previous secret keeps working for 24 hours.',
  testQueued: 'Test event sent. Its delivery appears in the log below.',
  notFound: 'Webhook endpoint not found.',
  urlInvalid: 'Enter a valid http(s) URL.',
  urlHttpsRequired: 'Use an https:// URL.',
  urlCredentials: 'The URL must not contain a user name or password.',
  urlUnresolvable: 'This host name could not be resolved.',
  urlRefused:
    'This URL points to a private, loopback or link-local address, which webhooks cannot reach.',
  eventsRequired: 'Choose at least one event.',
  tooMany: `A company can have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints.`,
  disabledAfterFailures:
    'Disabled after deliveries kept failing for a day. Fix the receiver, then enable it again.',
  retryExplanation:
    'Deliveries that fail (no 2xx answer within 10 seconds) are retried with growing waits for about 24 hours.',
} as const;

/** The settings page and the API (both ends build their URLs here). */
export const WEBHOOKS_PATH = '/settings/webhooks';
export const WEBHOOKS_API_PATH = '/api/webhooks';
export const webhookApiPath = (
  id: string,
  action?: 'status' | 'secret' | 'rotate-secret' | 'test' | 'deliveries',
) => `${WEBHOOKS_API_PATH}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
