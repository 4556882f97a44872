import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companyIntegrations,
  crmSyncCursors,
  crmSyncRuns,
  integrations,
  interactions,
  jobs,
  type CrmEntity,
} from '../../db/schema/index.js';
import { moneyTextToCents } from '@fieldbot/shared';
import type { JobCompletedEvent } from './job-completed-event.js';
import type { SyncTrigger } from '../integrations/index.js';

export type SyncCounts = Partial<
  Record<CrmEntity, { created: number; updated: number; skipped: number }>
>;

/** The bookkeeping of CRM syncs: leases, cursors, runs, and the outboxes read after each page. */
export function createCrmSyncStateRepo(db: Db) {
  return {
    async integration(id: string) {
      const [row] = await db
        .select({
          id: companyIntegrations.id,
          companyId: companyIntegrations.companyId,
          slug: integrations.slug,
          valuesSealed: companyIntegrations.valuesSealed,
          syncProcessStatus: companyIntegrations.syncProcessStatus,
          providerState: companyIntegrations.providerState,
        })
        .from(companyIntegrations)
        .innerJoin(integrations, eq(integrations.id, companyIntegrations.integrationId))
        .where(eq(companyIntegrations.id, id));
      return row;
    },

    /** Marks a requested sync: 'pending' unless one runs; a run row unless one is queued or running. */
    async request(id: string, trigger: SyncTrigger): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(companyIntegrations)
          .set({
            syncProcessStatus: sql`case when ${companyIntegrations.syncProcessStatus} = 'in-progress' then 'in-progress' else 'pending' end`,
            updatedAt: sql`now()`,
          })
          .where(eq(companyIntegrations.id, id))
          .returning({ companyId: companyIntegrations.companyId });
        if (!row) return false;
        const [open] = await tx
          .select({ id: crmSyncRuns.id })
          .from(crmSyncRuns)
          .where(
            and(
              eq(crmSyncRuns.companyIntegrationId, id),
              inArray(crmSyncRuns.status, ['queued', 'running']),
            ),
          )
          .limit(1);
        if (!open) {
          await tx
            .insert(crmSyncRuns)
            .values({ companyIntegrationId: id, companyId: row.companyId, trigger });
        }
        return true;
      });
    },

    /**
     * Takes the company's sync lease; null while another worker holds it. The lease's exact expiry
     * (as text, to the microsecond) is the holder's token: renewing and releasing match on it, so a
     * worker whose lease ran out and was taken over can't extend or free the new holder's.
     */
    async acquireLease(id: string, seconds: number): Promise<string | null> {
      const [row] = await db
        .update(companyIntegrations)
        .set({ syncLeaseUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(
          and(
            eq(companyIntegrations.id, id),
            or(
              isNull(companyIntegrations.syncLeaseUntil),
              lt(companyIntegrations.syncLeaseUntil, sql`now()`),
            ),
          ),
        )
        .returning({ token: sql<string>`${companyIntegrations.syncLeaseUntil}::text` });
      return row?.token ?? null;
    },

    /** Extends a lease still held; null when it was lost (it ran out and another worker took it). */
    async renewLease(id: string, token: string, seconds: number): Promise<string | null> {
      const [row] = await db
        .update(companyIntegrations)
        .set({ syncLeaseUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(
          and(
            eq(companyIntegrations.id, id),
            eq(companyIntegrations.syncLeaseUntil, sql`${token}::timestamptz`),
          ),
        )
        .returning({ token: sql<string>`${companyIntegrations.syncLeaseUntil}::text` });
      return row?.token ?? null;
    },

    async releaseLease(id: string, token: string) {
      await db
        .update(companyIntegrations)
        .set({ syncLeaseUntil: null })
        .where(
          and(
            eq(companyIntegrations.id, id),
            eq(companyIntegrations.syncLeaseUntil, sql`${token}::timestamptz`),
          ),
        );
    },

    /** Seconds until the current lease runs out (0 when free). */
    async leaseRemainingSeconds(id: string): Promise<number> {
      const [row] = await db
        .select({
          seconds: sql<number>`greatest(0, ceil(extract(epoch from ${companyIntegrations.syncLeaseUntil} - now())))::int`,
        })
        .from(companyIntegrations)
        .where(eq(companyIntegrations.id, id));
      return row?.seconds ?? 0;
    },

    /** In progress: the run row queued for it (or a new one) becomes running. */
    async start(id: string, companyId: string, trigger: SyncTrigger): Promise<string> {
      return db.transaction(async (tx) => {
        await tx
          .update(companyIntegrations)
          .set({
            syncProcessStatus: 'in-progress',
            lastSyncStartedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(companyIntegrations.id, id));
        const [open] = await tx
          .update(crmSyncRuns)
          .set({ status: 'running', startedAt: sql`coalesce(${crmSyncRuns.startedAt}, now())` })
          .where(
            and(
              eq(crmSyncRuns.companyIntegrationId, id),
              inArray(crmSyncRuns.status, ['queued', 'running']),
            ),
          )
          .returning({ id: crmSyncRuns.id });
        if (open) return open.id;
        const [created] = await tx
          .insert(crmSyncRuns)
          .values({
            companyIntegrationId: id,
            companyId,
            trigger,
            status: 'running',
            startedAt: sql`now()`,
          })
          .returning({ id: crmSyncRuns.id });
        return created!.id;
      });
    },

    async finish(id: string, runId: string, counts: SyncCounts, error: string | null) {
      await db.transaction(async (tx) => {
        await tx
          .update(companyIntegrations)
          .set(
            error === null
              ? { syncProcessStatus: 'success', lastSyncedAt: sql`now()`, lastSyncError: null }
              : { syncProcessStatus: 'fail', lastSyncError: error },
          )
          .where(eq(companyIntegrations.id, id));
        await tx
          .update(crmSyncRuns)
          .set({
            status: error === null ? 'success' : 'fail',
            counts,
            error,
            finishedAt: sql`now()`,
          })
          .where(eq(crmSyncRuns.id, runId));
      });
    },

    /**
     * The sync's job gave up (its workers kept dying before it could finish or fail): its open run
     * ends failed and the card says so, unless a later sync has finished since.
     */
    async abandon(id: string, error: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(companyIntegrations)
          .set({ syncProcessStatus: 'fail', lastSyncError: error })
          .where(
            and(
              eq(companyIntegrations.id, id),
              inArray(companyIntegrations.syncProcessStatus, ['pending', 'in-progress']),
            ),
          );
        await tx
          .update(crmSyncRuns)
          .set({ status: 'fail', error, finishedAt: sql`now()` })
          .where(and(eq(crmSyncRuns.companyIntegrationId, id), isNull(crmSyncRuns.finishedAt)));
      });
    },

    /** A retry is coming: the run stays open, the status shows it waits. */
    async willRetry(id: string, runId: string, counts: SyncCounts, error: string) {
      await db
        .update(companyIntegrations)
        .set({ syncProcessStatus: 'pending', lastSyncError: error })
        .where(eq(companyIntegrations.id, id));
      await db.update(crmSyncRuns).set({ counts }).where(eq(crmSyncRuns.id, runId));
    },

    async cursors(id: string): Promise<Map<CrmEntity, string>> {
      const rows = await db
        .select({ entity: crmSyncCursors.entity, cursor: crmSyncCursors.cursor })
        .from(crmSyncCursors)
        .where(eq(crmSyncCursors.companyIntegrationId, id));
      return new Map(rows.map((r) => [r.entity, r.cursor]));
    },

    async saveProviderState(id: string, state: unknown) {
      await db
        .update(companyIntegrations)
        .set({ providerState: state })
        .where(eq(companyIntegrations.id, id));
    },

    /** job.completed outbox: completed jobs of the company whose event isn't published yet. */
    async unpublishedCompletions(companyId: string, limit: number): Promise<JobCompletedEvent[]> {
      const rows = await db
        .select({ id: jobs.id, customerId: jobs.customerId, revenue: jobs.revenue })
        .from(jobs)
        .where(
          and(
            eq(jobs.companyId, companyId),
            eq(jobs.status, 'completed'),
            isNull(jobs.completionPublishedAt),
          ),
        )
        .limit(limit);
      return rows.map((r) => ({
        job_id: r.id,
        company_id: companyId,
        customer_id: r.customerId,
        revenue_cents: moneyTextToCents(r.revenue),
      }));
    },

    async markCompletionsPublished(jobIds: string[]) {
      if (jobIds.length === 0) return;
      await db
        .update(jobs)
        .set({ completionPublishedAt: sql`now()` })
        .where(inArray(jobs.id, jobIds));
    },

    /** Calls of the integration still waiting for their recording (re-queued after a crash). */
    async pendingDownloads(id: string): Promise<string[]> {
      const rows = await db
        .select({ id: interactions.id })
        .from(interactions)
        .where(
          and(
            eq(interactions.sourceIntegrationId, id),
            eq(interactions.downloadStatus, 'in-progress'),
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Connections syncing on schedule whose last sync started more than `minutes` ago. */
    async dueForSchedule(minutes: number): Promise<string[]> {
      const rows = await db
        .select({ id: companyIntegrations.id })
        .from(companyIntegrations)
        .where(
          and(
            eq(companyIntegrations.syncStatus, 'on'),
            // A never-synced connection waits for the admin's first Sync: saving credentials alone
            // pulls nothing, and cannot turn that Sync into a 409 'already in progress'.
            lt(
              companyIntegrations.lastSyncStartedAt,
              sql`now() - make_interval(mins => ${minutes})`,
            ),
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}

export type CrmSyncStateRepo = ReturnType<typeof createCrmSyncStateRepo>;

/** Moves an entity's cursor in the page's transaction, counting the rows it wrote. */
export async function moveCursor(
  tx: Db,
  id: string,
  entity: CrmEntity,
  cursor: string,
  rows: number,
) {
  await tx
    .insert(crmSyncCursors)
    .values({ companyIntegrationId: id, entity, cursor, rowsSynced: rows })
    .onConflictDoUpdate({
      target: [crmSyncCursors.companyIntegrationId, crmSyncCursors.entity],
      set: {
        cursor,
        rowsSynced: sql`${crmSyncCursors.rowsSynced} + ${rows}`,
        updatedAt: sql`now()`,
      },
    });
}
