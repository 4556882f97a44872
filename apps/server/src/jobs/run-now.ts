import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { createBilling, type CloseOutcome } from '../modules/billing/index.js';
import { createPaymentProvider, type PaymentProvider } from '../providers/payments/index.js';
import { retireDueVersions, type RetirementOutcome } from './bot-retirement.js';
import type { JobQueue } from './queue.js';
import { withQueueRuntime } from './queue-runtime.js';

/*
 * Operator commands that run a scheduled job's code at once (and tests that drive them): each opens
 * the database and the queue as the worker does. They sit apart from the jobs they run because the
 * queue start-up registers those jobs.
 */

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

/**
 * Runs the retirement at once with the job's code, for an operator or a test (`now` moves the
 * day); like closeBillingNow it opens the database itself and queues e-mails for the server's
 * worker. Embedded mode needs the server stopped (the data folder is locked).
 */
export async function retireBotVersionsNow(
  config: AppConfig,
  options: { now?: Date; runs?: number } = {},
): Promise<RetirementOutcome[]> {
  return withQueueRuntime(config, async ({ database, queue: jobs }) => {
    const deps = {
      db: database.db,
      sendMail: (message: Parameters<JobQueue['sendEmail']>[0], o: { dedupeKey: string }) =>
        jobs.sendEmail(message, o),
      appUrl: config.appUrl,
    };
    // Several runs at once show they move each pin once (the row locks decide).
    return Promise.all(
      Array.from({ length: options.runs ?? 1 }, () => retireDueVersions(deps, options.now)),
    );
  });
}
