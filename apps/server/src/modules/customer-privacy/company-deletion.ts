import { CUSTOMER_PRIVACY_BATCH } from '@fieldbot/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { companies, privacyRequests } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit-trail.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { interactionFilesPage } from '../../db/queries/interaction-files.js';
import { deleteStorageObjects, deleteUploadedObjects } from './storage-keys.js';

export type CompanyDeletionStart =
  { ok: true; requestId: string } | { ok: false; reason: 'no_company' | 'name_mismatch' };

/**
 * An operator's request to delete a whole company: checked against the exact company name, and
 * the unfinished request of that company when there is one (running the command again resumes).
 */
export async function startCompanyDeletion(
  db: Db,
  companyId: string,
  confirmName: string,
): Promise<CompanyDeletionStart> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return { ok: false, reason: 'no_company' };
  if (company.name !== confirmName) return { ok: false, reason: 'name_mismatch' };
  const [open] = await db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.companyId, companyId),
        eq(privacyRequests.kind, 'company_deletion'),
        inArray(privacyRequests.status, ['queued', 'running', 'failed']),
      ),
    );
  if (open) return { ok: true, requestId: open.id };
  const [created] = await db
    .insert(privacyRequests)
    .values({ companyId, kind: 'company_deletion', requestedById: null })
    .returning({ id: privacyRequests.id });
  return { ok: true, requestId: created!.id };
}

/**
 * Deletes a company (issue 27 §4, for operators): its storage objects in batches, then in one
 * transaction its audit log (the purge switch the append-only trigger honours), its users and the
 * company row, whose foreign keys cascade to everything else it owns. The request row is detached
 * from the company in that transaction so it survives as the record of the deletion, with counts
 * only; the one audit entry left, company.deleted, has no tenant and names the company by id.
 */
export async function runCompanyDeletion(
  deps: { db: Db; storage: StorageProvider; batchSize?: number },
  requestId: string,
): Promise<{
  outcome: 'completed' | 'already_completed' | 'missing';
  counts: Record<string, number>;
}> {
  const { db, storage } = deps;
  const batch = deps.batchSize ?? CUSTOMER_PRIVACY_BATCH;
  const [request] = await db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.id, requestId));
  if (!request || request.kind !== 'company_deletion') return { outcome: 'missing', counts: {} };
  if (request.status === 'completed')
    return { outcome: 'already_completed', counts: request.counts };
  const companyId = request.companyId;
  if (!companyId) return { outcome: 'missing', counts: {} };
  const counts: Record<string, number> = { ...request.counts };
  const add = (key: string, n: number) => (counts[key] = (counts[key] ?? 0) + n);
  await db
    .update(privacyRequests)
    .set({ status: 'running', attempts: sql`${privacyRequests.attempts} + 1` })
    .where(eq(privacyRequests.id, requestId));
  const saveCounts = (tx: Db) =>
    tx.update(privacyRequests).set({ counts }).where(eq(privacyRequests.id, requestId));

  for (;;) {
    const page = await interactionFilesPage(db, sql`i.company_id = ${companyId}`, batch);
    if (page.length === 0) break;
    const keys = await deleteStorageObjects(db, storage, companyId, page);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`delete from interactions where id = any(${sql.param(page.map((p) => p.id))}::uuid[])`,
      );
      add('interactions', page.length);
      add('storage_objects', keys.length);
      await saveCounts(tx);
    });
  }

  // The company's cached transcripts (keyed by the audio's bytes, so found by their prefix).
  for await (const entry of storage.list(`transcript-cache/${companyId}/`)) {
    await storage.delete(entry.key);
    add('storage_objects', 1);
  }

  // Files the company's users uploaded (logos, avatars, files never attached to a recording).
  for (;;) {
    const paths = rowsOf<{ path: string }>(
      await db.execute(sql`select path from uploaded_files
        where company_id = ${companyId}
          or user_id in (select id from users where company_id = ${companyId})
        order by path limit ${batch}`),
    ).map((r) => r.path);
    if (paths.length === 0) break;
    await deleteUploadedObjects(db, storage, paths);
    add('storage_objects', paths.length);
    await saveCounts(db);
  }

  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('fieldbot.audit_purge', 'on', true)`);
    const auditRows = rowsOf(
      await tx.execute(sql`delete from audit_log where company_id = ${companyId} returning id`),
    ).length;
    add('audit_entries', auditRows);
    add(
      'users',
      rowsOf(await tx.execute(sql`delete from users where company_id = ${companyId} returning id`))
        .length,
    );
    add(
      'customers',
      Number(
        rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from customers where company_id = ${companyId}`,
          ),
        )[0]?.n ?? 0,
      ),
    );
    // Keep the request as the record of the deletion: the company's cascade would take it.
    await tx
      .update(privacyRequests)
      .set({
        companyId: null,
        status: 'completed',
        counts,
        completedAt: new Date(),
        lastError: null,
      })
      .where(eq(privacyRequests.id, requestId));
    await tx.delete(companies).where(eq(companies.id, companyId));
    await recordAudit(
      tx,
      {
        userId: null,
        actorEmail: null,
        companyId: null,
        publisherId: null,
        ip: null,
        userAgent: null,
      },
      {
        event: 'company.deleted',
        target: { type: 'company', id: companyId },
        meta: { company_id: companyId, request_id: requestId, counts },
      },
    );
  });
  // Rollup marks have no foreign key; the refresh drops a gone company's marks, this saves it the work.
  await db.execute(sql`delete from dashboard_dirty_days where company_id = ${companyId}`);
  return { outcome: 'completed', counts };
}
