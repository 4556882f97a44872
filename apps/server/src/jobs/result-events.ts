import type { EventPublisher } from './job-events.js';

/**
 * Published once per successful bot result (alerts, webhooks and the CRM write-back subscribe to
 * it). A failed result publishes nothing: it found nothing to act on.
 */
export const BOT_RESULT_COMPLETED_EVENT = 'bot_result.completed';

export interface BotResultCompletedEvent {
  result_id: string;
  run_id: string;
  company_id: string;
  bot_id: string;
  version_id: string;
  /** The run's target: an interaction, or a customer (with the job that triggered it). */
  interaction_id: string | null;
  customer_id: string | null;
  job_id: string | null;
}

/**
 * Each subscriber's copy has the result id as its job id, and pg-boss inserts jobs ON CONFLICT DO
 * NOTHING, so publishing again (the worker died between publishing and marking it published) adds
 * nothing: subscribers get the event once.
 */
export async function publishBotResultCompleted(
  boss: EventPublisher,
  event: BotResultCompletedEvent,
): Promise<void> {
  await boss.publish(BOT_RESULT_COMPLETED_EVENT, event, { id: event.result_id });
}
