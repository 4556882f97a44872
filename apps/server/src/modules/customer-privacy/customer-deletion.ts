import { CUSTOMER_PRIVACY_BATCH } from '@fieldbot/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { privacyRequests, users } from '../../db/schema/index.js';
import { recordAudit, type AuditActor } from '../../lib/audit-trail.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { refreshDirtyDays } from '../dashboards/index.js';
import { interactionFilesPage } from '../../db/queries/interaction-files.js';
import { deleteStorageObjects } from './storage-keys.js';

export interface DeletionDeps {
  db: Db;
  storage: StorageProvider;
  /** Rows per batch (tests use small ones to cross batch boundaries). */
  batchSize?: number;
}

export type DeletionOutcome = 'completed' | 'already_completed' | 'missing' | 'refused';

type Counts = Record<string, number>;

const add = (counts: Counts, key: string, n: number) => {
  counts[key] = (counts[key] ?? 0) + n;
};

/** The actor of a job's audit entry: who asked, without a request's address. */
export async function requesterActor(
  db: Db,
  requestedById: string | null,
  companyId: string | null,
): Promise<AuditActor> {
  const [user] = requestedById
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, requestedById))
    : [];
  return {
    userId: user ? requestedById : null,
    actorEmail: user?.email ?? null,
    companyId,
    publisherId: null,
    ip: null,
    userAgent: null,
  };
}

/** Rows of the company that point at the given interactions, jobs or the customer by text. */
async function deleteDependents(
  tx: Db,
  companyId: string,
  refs: { interactionIds?: string[]; jobIds?: string[]; customerId?: string },
) {
  const interactionIds = refs.interactionIds ?? [];
  const jobIds = refs.jobIds ?? [];
  const keys = [
    ...interactionIds.map((id) => `interaction:${id}`),
    ...jobIds.map((id) => `job:${id}`),
    ...(refs.customerId ? [`customer:${refs.customerId}`] : []),
  ];
  const ids = [...interactionIds, ...jobIds, ...(refs.customerId ? [refs.customerId] : [])];
  if (ids.length === 0) return;
  const keyArray = sql`${sql.param(keys)}::text[]`;
  // Alerts name the finding in their summary and link; their notifications cascade.
  await tx.execute(sql`delete from alerts where company_id = ${companyId}
    and (finding_key = any(${keyArray})
      or interaction_id = any(${sql.param(interactionIds)}::uuid[])
      or job_id = any(${sql.param(jobIds)}::uuid[]))`);
  // The CRM keeps its own copy of a note; ours (the target and what was written) goes.
  await tx.execute(
    sql`delete from crm_writebacks where company_id = ${companyId} and target_key = any(${keyArray})`,
  );
  // Webhook bodies carry ids and findings of the customer: the delivery log loses those messages.
  const patterns = ids.map((id) => `%${id}%`);
  await tx.execute(sql`delete from webhook_messages where company_id = ${companyId}
    and body like any(${sql.param(patterns)}::text[])`);
}

/**
 * Deletes one end customer and everything held about them (issue 27 §4), for the deletion job.
 * Batches of interactions, then of jobs: each batch removes its storage objects first (idempotent),
 * then its rows and the request's running counts in one transaction, so a run cut short continues
 * where it stopped and counts nothing twice. Cascades take transcripts, segments, consent records,
 * audio assets, usage records, bot runs, results, their usage, feedback and marks. Closed invoices
 * are snapshots (lines name the product and a bot, never a customer) and keep their totals.
 */
export async function runCustomerDeletion(
  deps: DeletionDeps,
  requestId: string,
): Promise<DeletionOutcome> {
  try {
    return await deleteCustomer(deps, requestId);
  } catch (error) {
    // Kept for the status page; the job is retried and continues from the last batch.
    await deps.db
      .update(privacyRequests)
      .set({ lastError: error instanceof Error ? error.message.slice(0, 500) : 'failed' })
      .where(eq(privacyRequests.id, requestId))
      .catch(() => undefined);
    throw error;
  }
}

async function deleteCustomer(deps: DeletionDeps, requestId: string): Promise<DeletionOutcome> {
  const { db, storage } = deps;
  const batch = deps.batchSize ?? CUSTOMER_PRIVACY_BATCH;
  const [request] = await db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.id, requestId));
  if (!request || request.kind !== 'customer_deletion' || !request.companyId || !request.customerId)
    return 'missing';
  if (request.status === 'completed') return 'already_completed';
  const companyId = request.companyId;
  const customerId = request.customerId;
  const counts: Counts = { ...request.counts };

  const [hold] = rowsOf<{ legal_hold: boolean }>(
    await db.execute(
      sql`select legal_hold from customers where id = ${customerId} and company_id = ${companyId}`,
    ),
  );
  if (hold?.legal_hold) {
    await db
      .update(privacyRequests)
      .set({ status: 'failed', lastError: 'legal hold' })
      .where(eq(privacyRequests.id, requestId));
    return 'refused';
  }
  await db
    .update(privacyRequests)
    .set({ status: 'running', attempts: sql`${privacyRequests.attempts} + 1` })
    .where(eq(privacyRequests.id, requestId));
  const saveCounts = (tx: Db) =>
    tx.update(privacyRequests).set({ counts }).where(eq(privacyRequests.id, requestId));

  for (;;) {
    const page = await interactionFilesPage(
      db,
      sql`i.company_id = ${companyId} and i.customer_id = ${customerId}`,
      batch,
    );
    if (page.length === 0) break;
    const keys = await deleteStorageObjects(db, storage, companyId, page);
    const ids = page.map((p) => p.id);
    await db.transaction(async (tx) => {
      await deleteDependents(tx, companyId, { interactionIds: ids });
      await tx.execute(sql`delete from interactions where id = any(${sql.param(ids)}::uuid[])`);
      add(counts, 'interactions', ids.length);
      add(counts, 'storage_objects', keys.length);
      await saveCounts(tx);
    });
  }

  for (;;) {
    const jobIds = rowsOf<{ id: string }>(
      await db.execute(sql`select id from jobs where company_id = ${companyId}
        and customer_id = ${customerId} order by id limit ${batch}`),
    ).map((r) => r.id);
    if (jobIds.length === 0) break;
    await db.transaction(async (tx) => {
      await deleteDependents(tx, companyId, { jobIds });
      await tx.execute(sql`delete from jobs where id = any(${sql.param(jobIds)}::uuid[])`);
      add(counts, 'jobs', jobIds.length);
      await saveCounts(tx);
    });
  }

  await db.transaction(async (tx) => {
    await deleteDependents(tx, companyId, { customerId });
    const locations = rowsOf(
      await tx.execute(sql`delete from customer_locations where company_id = ${companyId}
        and customer_id = ${customerId} returning id`),
    ).length;
    add(counts, 'locations', locations);
    // Top-customer rollups of the customer; the day rollups are recomputed below from the marks
    // the triggers left when the jobs and interactions went.
    await tx.execute(sql`delete from dashboard_customer_days where company_id = ${companyId}
      and customer_id = ${customerId}`);
    await tx.execute(sql`delete from dashboard_customer_months where company_id = ${companyId}
      and customer_id = ${customerId}`);
    const gone = rowsOf(
      await tx.execute(sql`delete from customers where id = ${customerId}
        and company_id = ${companyId} returning id`),
    ).length;
    add(counts, 'customers', gone);
    await saveCounts(tx);
  });

  await refreshDirtyDays(db, { companyId });

  await db.transaction(async (tx) => {
    await tx
      .update(privacyRequests)
      .set({ status: 'completed', counts, completedAt: new Date(), lastError: null })
      .where(eq(privacyRequests.id, requestId));
    await recordAudit(tx, await requesterActor(tx, request.requestedById, companyId), {
      event: 'customer.deleted',
      target: { type: 'customer', id: customerId },
      meta: { request_id: requestId, counts },
    });
  });
  return 'completed';
}
