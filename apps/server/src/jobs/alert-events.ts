import type { EventPublisher } from './job-events.js';

/**
 * Published once per alert: one rule matching one finding (a bot result, a completed job, a month's
 * spend), whatever the number of its recipients. Webhooks subscribe to it.
 */
export const ALERT_FIRED_EVENT = 'alert.fired';

export interface AlertFiredEvent {
  /** The alert's own id: unique per (rule, finding), so a repeated finding publishes the same id. */
  alert_id: string;
  rule_id: string;
  rule_name: string;
  company_id: string;
  /** What the rule watches, e.g. 'tag_found', 'tag_not_found', 'job_without_recording', 'spend_threshold'. */
  condition: string;
  /** One human-readable line, e.g. "Booking outcome: Not booked". */
  summary: string;
  interaction_id: string | null;
  bot_result_id: string | null;
  job_id: string | null;
  /** Seconds into the interaction's audio where the evidence starts, when there is one. */
  evidence_seconds: number | null;
  fired_at: string;
}

/** Each subscriber's copy has the alert id as its id: publishing again adds nothing. */
export async function publishAlertFired(
  boss: EventPublisher,
  event: AlertFiredEvent,
): Promise<void> {
  await boss.publish(ALERT_FIRED_EVENT, event, { id: event.alert_id });
}
