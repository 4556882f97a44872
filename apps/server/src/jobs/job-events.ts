import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import {
  type JobCompletedEvent,
  markJobCompleted,
  markJobCompletionPublished,
} from '../modules/crm-sync/index.js';

/**
 * Published whenever a job's status becomes completed (bot automation subscribes to it; the CRM
 * sync is meant to be its main producer, through completeJob).
 */
export const JOB_COMPLETED_EVENT = 'job.completed';

/** What publishing needs of pg-boss (a narrow shape, so callers and tests can pass their own). */
export interface EventPublisher {
  publish(event: string, data: object, options: PgBoss.SendOptions): Promise<void>;
}

/**
 * Like interaction.completed: each subscriber's copy has the job id as its id, so publishing again
 * (a retried completion) adds nothing.
 */
export async function publishJobCompleted(
  boss: EventPublisher,
  event: JobCompletedEvent,
): Promise<void> {
  await boss.publish(JOB_COMPLETED_EVENT, event, { id: event.job_id });
}

/**
 * Marks a job completed with its revenue, publishes job.completed and records that it was
 * published (completion_published_at). Safe to repeat: a job
 * completed already keeps its first completion time, and the event is deduplicated on the job id.
 */
export async function completeJob(
  deps: { db: Db; boss: EventPublisher },
  jobId: string,
  revenueCents: number | null,
): Promise<JobCompletedEvent> {
  const event = await markJobCompleted(deps.db, jobId, revenueCents);
  await publishJobCompleted(deps.boss, event);
  await markJobCompletionPublished(deps.db, jobId);
  return event;
}
