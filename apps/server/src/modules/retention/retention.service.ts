import { retentionCutoff } from '@fieldbot/shared';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../../lib/audit-trail.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { ownedKeys } from '../../db/queries/interaction-files.js';
import { createRetentionRepo } from './retention.repo.js';

/**
 * Retention (issue 27 §2): deletes, in batches, the audio and the transcripts (with their bot
 * results' content) of a company's interactions that started more than its set number of days
 * ago, except for customers on legal hold. Ages count from the interaction's started_at, so a
 * late upload or transcription does not extend how long a conversation is kept.
 *
 * Idempotent and resumable: a batch deletes its storage objects first and then, in one
 * transaction, the rows and pointers that led to them; a crash in between leaves the rows, so the
 * next run finds the batch again, and deleting an object already gone is no error. A second run
 * finds nothing and deletes nothing. Interactions, usage and bot metering are kept, so the
 * dashboard rollups (built from those) stay as they were; found tags keep a marker for the same
 * reason (retention.repo.ts clearResults).
 */
export const RETENTION_BATCH_SIZE = 500;

export interface RetentionDeps {
  db: Db;
  storage: Pick<StorageProvider, 'delete' | 'list'>;
  /** The clock deciding what has expired (tests move it). */
  now?: () => Date;
  batchSize?: number;
}

export interface RetentionCounts {
  /** Interactions whose audio was deleted. */
  audio: number;
  /** Interactions whose transcript (or bot results' content) was deleted. */
  transcripts: number;
  botResults: number;
  storageObjects: number;
  transcriptCacheEntries: number;
}

const zeroCounts = (): RetentionCounts => ({
  audio: 0,
  transcripts: 0,
  botResults: 0,
  storageObjects: 0,
  transcriptCacheEntries: 0,
});

/** The job acts for the company, with no user behind it. */
const systemActor = (companyId: string): AuditActor => ({
  userId: null,
  actorEmail: null,
  companyId,
  publisherId: null,
  ip: null,
  userAgent: null,
});

/** Deletes what has expired in one company; returns what it deleted. */
export async function sweepCompany(
  deps: RetentionDeps,
  companyId: string,
): Promise<RetentionCounts> {
  const { db, storage } = deps;
  const now = deps.now?.() ?? new Date();
  const size = deps.batchSize ?? RETENTION_BATCH_SIZE;
  const repo = createRetentionRepo(db);
  const counts = zeroCounts();
  const policy = await repo.policyOf(companyId);
  if (!policy) return counts;

  try {
    if (policy.audioDays !== null) {
      const cutoff = retentionCutoff(now, policy.audioDays);
      for (;;) {
        const batch = await repo.expiredAudio(companyId, cutoff, size);
        if (batch.length === 0) break;
        for (const key of await ownedKeys(db, companyId, batch)) {
          await storage.delete(key);
          counts.storageObjects += 1;
        }
        await repo.markAudioDeleted(
          batch.map((item) => item.id),
          now,
        );
        counts.audio += batch.length;
        if (batch.length < size) break;
      }
    }

    if (policy.transcriptDays !== null) {
      const cutoff = retentionCutoff(now, policy.transcriptDays);
      for (;;) {
        const ids = await repo.expiredTranscripts(companyId, cutoff, size);
        if (ids.length === 0) break;
        const { botResults } = await repo.deleteTranscripts(ids, now);
        counts.transcripts += ids.length;
        counts.botResults += botResults;
        if (ids.length < size) break;
      }
      for (;;) {
        const ids = await repo.expiredCustomerResults(companyId, cutoff, size);
        if (ids.length === 0) break;
        counts.botResults += await repo.clearCustomerResults(ids);
        if (ids.length < size) break;
      }
      // The cache is keyed by the audio's bytes, not by interaction: its entries are aged by when
      // they were written, which is at or after the start of the interaction they came from.
      for await (const entry of storage.list(`transcript-cache/${companyId}/`)) {
        if (entry.modifiedAt.getTime() > cutoff.getTime()) continue;
        await storage.delete(entry.key);
        counts.transcriptCacheEntries += 1;
      }
    }
  } finally {
    // What was deleted is recorded even when a batch failed: the retry records the rest.
    if (Object.values(counts).some((n) => n > 0)) {
      await recordAudit(db, systemActor(companyId), {
        event: 'retention.deleted',
        target: { type: 'company', id: companyId },
        meta: {
          ...counts,
          audio_retention_days: policy.audioDays,
          transcript_retention_days: policy.transcriptDays,
        },
      });
    }
  }
  return counts;
}

/** Every company with a retention setting, one after the other (operators and tests). */
export async function sweepAllCompanies(deps: RetentionDeps) {
  const outcomes: (RetentionCounts & { companyId: string })[] = [];
  for (const policy of await createRetentionRepo(deps.db).policies()) {
    outcomes.push({ companyId: policy.companyId, ...(await sweepCompany(deps, policy.companyId)) });
  }
  return outcomes;
}

/** Companies with a retention setting (the daily scan queues one sweep per company). */
export async function companiesWithRetention(db: Db): Promise<string[]> {
  return (await createRetentionRepo(db).policies()).map((policy) => policy.companyId);
}
