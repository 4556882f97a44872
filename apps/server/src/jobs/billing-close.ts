import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { createBilling, type BillingService, type CloseOutcome } from '../modules/billing/index.js';
import { createPaymentProvider, type PaymentProvider } from '../providers/payments/index.js';
import { createWaitingUniqueQueue } from './queue-policy.js';
import { withQueueRuntime } from './queue-runtime.js';

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

export interface CloseNowOptions {
  companyId?: string;
  /** 'YYYY-MM'; default: each company's previous month in its timezone. */
  period?: string;
  concurrency?: number;
  /** The close's clock (tests close past months as of their first day). */
  now?: Date;
}

/**
 * The operator command's body (`npm run billing:close`): opens the database as the server does,
 * closes the month at once with the same service as the job, and queues its e-mails on the job
 * queue (the server's worker sends them). Embedded mode: the data folder is locked by a running
 * server, so this needs the server stopped (openDatabase says so); on PostgreSQL it runs beside it.
 */
export async function closeBillingNow(
  config: AppConfig,
  options: CloseNowOptions | CloseNowOptions[],
  overrides: { payments?: PaymentProvider; logger?: Logger } = {},
): Promise<CloseOutcome[]> {
  return withQueueRuntime(
    config,
    async ({ database, queue: jobs }) => {
      const outcomes: CloseOutcome[] = [];
      for (const run of Array.isArray(options) ? options : [options]) {
        const billing = createBilling({
          db: database.db,
          config,
          payments:
            overrides.payments ??
            createPaymentProvider(config.billing, database.db, config.sessionSecret),
          sendMail: (message) => jobs.sendEmail(message),
          now: run.now ? () => run.now! : undefined,
        });
        outcomes.push(...(await billing.closeAll(run)));
      }
      return outcomes;
    },
    { logger: overrides.logger },
  );
}
