import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import {
  companiesWithRetention,
  sweepCompany,
  type RetentionDeps,
} from '../modules/retention/index.js';
import { createWaitingUniqueQueue } from './queue-policy.js';

/**
 * Retention (issue 27 §2, modules/retention). Once a day a scan queues one job per company with
 * a retention setting; each job sweeps that company in batches. Saving a changed retention
 * queues the company's job at once too. Both are safe to repeat: a sweep deletes only what is
 * still held, and resumes where a failed one stopped.
 */
export const RETENTION_SCAN_QUEUE = 'retention-scan';
export const RETENTION_COMPANY_QUEUE = 'retention-company';
/** 03:30 UTC: night in the Americas, where the companies work, and after the billing close. */
export const RETENTION_CRON = '30 3 * * *';

export interface RetentionJobData {
  companyId: string;
}

/** Queues a company's sweep now (its retention was shortened) besides the daily one. */
export interface RetentionQueue {
  sweepCompany(companyId: string): Promise<void>;
}

export function createRetentionSender(boss: PgBoss): RetentionQueue {
  return {
    async sweepCompany(companyId) {
      await boss.send(RETENTION_COMPANY_QUEUE, { companyId } satisfies RetentionJobData, {
        singletonKey: companyId,
      });
    },
  };
}

export async function createRetentionQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(RETENTION_SCAN_QUEUE, {
    name: RETENTION_SCAN_QUEUE,
    policy: 'singleton',
    retryLimit: 2,
  });
  // One waiting sweep per company; two at once would only find the same rows (deletes are
  // idempotent). A failed sweep (storage down) is retried, and resumes where it stopped.
  await createWaitingUniqueQueue(boss, RETENTION_COMPANY_QUEUE, {
    retryLimit: 5,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 3_600,
  });
}

export async function registerRetentionWorkers(
  boss: PgBoss,
  deps: RetentionDeps & { logger: Logger },
): Promise<void> {
  const { logger } = deps;
  const sender = createRetentionSender(boss);
  // Cluster-wide: pg-boss schedules run once across all worker processes.
  await boss.schedule(RETENTION_SCAN_QUEUE, RETENTION_CRON);
  await boss.work(RETENTION_SCAN_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const companies = await companiesWithRetention(deps.db);
    for (const companyId of companies) await sender.sweepCompany(companyId);
    if (companies.length > 0) logger.info({ companies: companies.length }, 'retention queued');
  });
  await boss.work<RetentionJobData>(
    RETENTION_COMPANY_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 5 },
    async ([job]) => {
      if (!job) return;
      const counts = await sweepCompany(deps, job.data.companyId);
      logger.info({ companyId: job.data.companyId, ...counts }, 'retention sweep');
    },
  );
}
