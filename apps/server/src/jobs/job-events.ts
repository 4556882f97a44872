import { centsToMoneyText, moneyTextToCents } from '@fieldbot/shared';
import { eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { notFound } from '../lib/errors.js';
import type { JobCompletedEvent } from '../modules/crm-sync/index.js';

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
  const [row] = await deps.db
    .update(jobs)
    .set({
      status: 'completed',
      revenue: revenueCents === null ? null : centsToMoneyText(revenueCents),
      completedAt: sql`coalesce(${jobs.completedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, jobId))
    .returning({ companyId: jobs.companyId, customerId: jobs.customerId, revenue: jobs.revenue });
  if (!row) throw notFound();
  const event: JobCompletedEvent = {
    job_id: jobId,
    company_id: row.companyId,
    customer_id: row.customerId,
    revenue_cents: moneyTextToCents(row.revenue),
  };
  await publishJobCompleted(deps.boss, event);
  // Closes the job.completed outbox the CRM sync drains (published once, whoever completed it).
  await deps.db
    .update(jobs)
    .set({ completionPublishedAt: sql`coalesce(${jobs.completionPublishedAt}, now())` })
    .where(eq(jobs.id, jobId));
  return event;
}
