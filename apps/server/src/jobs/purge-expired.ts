import { ANALYTICS_RETENTION_DAYS } from '@fieldbot/shared';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import { createAnalyticsRepo } from '../modules/analytics/index.js';
import { purgeAuditLog } from '../modules/audit-log/index.js';
import type { SessionService } from '../modules/session/index.js';
import { createSupportRepo } from '../modules/support/index.js';
import { purgeStaleAuthRows } from '../modules/user/index.js';

export const PURGE_EXPIRED_QUEUE = 'purge-expired';

export interface PurgeDeps {
  db: Db;
  sessions: Pick<SessionService, 'purgeExpired'>;
  loginWindowMs: number;
  /** The audit log's own retention (AUDIT_LOG_RETENTION_DAYS); unset keeps it all. */
  auditLogRetentionDays?: number;
  now?: () => number;
}

/**
 * Deletes rows that can no longer matter, each through the module that owns them: dead sessions,
 * old attempts, spent or stale tokens, and analytics events and Help panel messages past their
 * retention, and audit log entries past theirs.
 */
export async function purgeExpired({
  db,
  sessions,
  loginWindowMs,
  auditLogRetentionDays,
  now = Date.now,
}: PurgeDeps) {
  const t = now();
  await sessions.purgeExpired();
  await purgeStaleAuthRows(db, t, loginWindowMs);
  const retained = new Date(t - ANALYTICS_RETENTION_DAYS * 86_400_000);
  await createAnalyticsRepo(db).purgeBefore(retained);
  await createSupportRepo(db).purgeBefore(retained);
  if (auditLogRetentionDays) {
    await purgeAuditLog(db, { retentionDays: auditLogRetentionDays, now: t });
  }
}

export async function registerPurgeExpired(boss: PgBoss, deps: PurgeDeps): Promise<void> {
  await boss.createQueue(PURGE_EXPIRED_QUEUE, { name: PURGE_EXPIRED_QUEUE, retryLimit: 1 });
  // Hourly, once across all worker processes (pg-boss schedules are cluster-wide).
  await boss.schedule(PURGE_EXPIRED_QUEUE, '17 * * * *');
  await boss.work(PURGE_EXPIRED_QUEUE, async () => {
    await purgeExpired(deps);
  });
}
