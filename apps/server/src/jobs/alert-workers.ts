import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import type { JobCompletedEvent } from '../modules/crm-sync/index.js';
import type { AlertEngineDeps, AlertEngine } from '../modules/alerts/index.js';
import { publishAlertFired } from './alert-events.js';
import type { EventPublisher } from './job-events.js';
import { drainingWorker } from './bot-run.js';
import { JOB_COMPLETED_EVENT } from './job-events.js';
import { BOT_RESULT_COMPLETED_EVENT, type BotResultCompletedEvent } from './result-events.js';

/**
 * Alerts (ADR 029): a queue of its own on bot_result.completed and on job.completed (each
 * subscriber gets its copy, deduplicated on the event's id), and a schedule every 15 minutes
 * for the spend rules and the 7:00 digests. Handlers are thin: the engine is idempotent, so
 * pg-boss retries (and a duplicated job) redo only what is unfinished.
 */
export const ALERT_ON_RESULT_QUEUE = 'alert-on-bot-result';
export const ALERT_ON_JOB_QUEUE = 'alert-on-job-completed';
export const ALERT_TICK_QUEUE = 'alert-tick';
/** Every quarter hour: the digest goes out between 7:00 and 7:15 local, whatever the zone's offset. */
export const ALERT_TICK_CRON = '*/15 * * * *';

const retries = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

export async function createAlertQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(ALERT_ON_RESULT_QUEUE, { name: ALERT_ON_RESULT_QUEUE, ...retries });
  await boss.createQueue(ALERT_ON_JOB_QUEUE, { name: ALERT_ON_JOB_QUEUE, ...retries });
  await boss.createQueue(ALERT_TICK_QUEUE, { name: ALERT_TICK_QUEUE, retryLimit: 1 });
  await boss.subscribe(BOT_RESULT_COMPLETED_EVENT, ALERT_ON_RESULT_QUEUE);
  await boss.subscribe(JOB_COMPLETED_EVENT, ALERT_ON_JOB_QUEUE);
}

/** What the alert workers need of the configuration (links in e-mails, their signing key). */
export function alertWorkerConfig(config: Pick<AppConfig, 'appUrl' | 'sessionSecret'>) {
  return { appUrl: config.appUrl, secret: config.sessionSecret };
}

/** alert.fired of an alert row: once per alert, whatever its number of recipients. */
export function alertPublisher(boss: EventPublisher): AlertEngineDeps['publish'] {
  return (alert, rule) =>
    publishAlertFired(boss, {
      alert_id: alert.id,
      rule_id: rule.id,
      rule_name: rule.name,
      company_id: rule.companyId,
      condition: rule.condition,
      summary: alert.summary,
      interaction_id: alert.interactionId,
      bot_result_id: alert.botResultId,
      job_id: alert.jobId,
      evidence_seconds: alert.evidenceSeconds,
      fired_at: alert.createdAt.toISOString(),
    });
}

export async function registerAlertWorkers(
  boss: PgBoss,
  deps: { engine: AlertEngine; logger: Logger; now?: () => Date },
): Promise<void> {
  const { engine, logger } = deps;
  const now = deps.now ?? (() => new Date());
  await drainingWorker<BotResultCompletedEvent>(
    boss,
    ALERT_ON_RESULT_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
    async (job) => {
      const fired = await engine.onResult(job.data.result_id);
      if (fired.length > 0) logger.debug({ resultId: job.data.result_id, fired }, 'alerts');
    },
  );
  await drainingWorker<JobCompletedEvent>(
    boss,
    ALERT_ON_JOB_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 },
    async (job) => {
      await engine.onJobCompleted(job.data);
    },
  );
  // Cluster-wide: pg-boss runs a schedule once across worker processes.
  await boss.schedule(ALERT_TICK_QUEUE, ALERT_TICK_CRON);
  await boss.work(ALERT_TICK_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const at = now();
    await engine.checkSpend(at);
    const digests = await engine.sendDigests(at);
    if (digests > 0) logger.info({ digests }, 'alert digests queued');
  });
}
