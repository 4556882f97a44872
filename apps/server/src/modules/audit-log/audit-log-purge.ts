import type { Db } from '../../db/client.js';
import { createAuditLogRepo } from './audit-log.repo.js';

const DAY_MS = 86_400_000;

/** Deletes the entries older than the log's retention (AUDIT_LOG_RETENTION_DAYS) at `now`. */
export async function purgeAuditLog(
  db: Db,
  options: { retentionDays: number; now: number; batchSize?: number },
): Promise<number> {
  const before = new Date(options.now - options.retentionDays * DAY_MS);
  return createAuditLogRepo(db).purgeBefore(before, options.batchSize);
}
