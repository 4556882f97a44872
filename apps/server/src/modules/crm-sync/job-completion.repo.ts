import { centsToMoneyText, moneyTextToCents } from '@fieldbot/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { JobCompletedEvent } from './job-completed-event.js';

/**
 * Marks a job completed with its revenue and returns the job.completed event to publish. A job
 * completed already keeps its first completion time.
 */
export async function markJobCompleted(
  db: Db,
  jobId: string,
  revenueCents: number | null,
): Promise<JobCompletedEvent> {
  const [row] = await db
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
  return {
    job_id: jobId,
    company_id: row.companyId,
    customer_id: row.customerId,
    revenue_cents: moneyTextToCents(row.revenue),
  };
}

/** Closes the job.completed outbox the CRM sync drains (published once, whoever completed it). */
export async function markJobCompletionPublished(db: Db, jobId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ completionPublishedAt: sql`coalesce(${jobs.completionPublishedAt}, now())` })
    .where(eq(jobs.id, jobId));
}
