import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { BillingService } from '../modules/billing/index.js';
import { createWaitingUniqueQueue } from './queue-policy.js';

/**
 * The monthly close. Hourly, a scan finds the companies whose previous month (their
 * timezone) has ended without an invoice, and queues one job per company and month; each job
 * creates the invoice once and charges it once (see BillingService.closeCompany), so a repeated
 * scan, a redelivered job or a crashed worker bills nothing twice.
 */
export const BILLING_CLOSE_SCAN_QUEUE = 'billing-close-scan';
export const BILLING_CLOSE_COMPANY_QUEUE = 'billing-close-company';

export interface BillingCloseJobData {
  companyId: string;
  period: string;
}

export async function createBillingQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(BILLING_CLOSE_SCAN_QUEUE, {
    name: BILLING_CLOSE_SCAN_QUEUE,
    policy: 'singleton',
    retryLimit: 2,
  });
  // At most one waiting job per company and month (singletonKey); a close is idempotent (one
  // invoice per company and month, one charge per invoice), so two never bill twice.
  await createWaitingUniqueQueue(boss, BILLING_CLOSE_COMPANY_QUEUE, {
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 300,
  });
}

/** Queues the close of each company due; returns how many were queued (a key already queued is skipped). */
export async function scanBillingClose(boss: PgBoss, billing: BillingService): Promise<number> {
  const due = await billing.companiesDue();
  let queued = 0;
  for (const item of due) {
    const id = await boss.send(BILLING_CLOSE_COMPANY_QUEUE, item, {
      singletonKey: `${item.companyId}:${item.period}`,
    });
    if (id) queued += 1;
  }
  return queued;
}

export async function registerBillingWorkers(
  boss: PgBoss,
  deps: { billing: BillingService; closeCron: string; logger: Logger },
): Promise<void> {
  const { billing, logger } = deps;
  // Cluster-wide: pg-boss schedules run once across all worker processes.
  await boss.schedule(BILLING_CLOSE_SCAN_QUEUE, deps.closeCron);
  await boss.work(BILLING_CLOSE_SCAN_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const queued = await scanBillingClose(boss, billing);
    if (queued > 0) logger.info({ queued }, 'billing close queued');
  });
  await boss.work<BillingCloseJobData>(
    BILLING_CLOSE_COMPANY_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 5 },
    async ([job]) => {
      if (!job) return;
      const outcome = await billing.closeCompanyById(job.data.companyId, job.data.period);
      logger.info({ ...outcome }, 'billing close');
    },
  );
}
