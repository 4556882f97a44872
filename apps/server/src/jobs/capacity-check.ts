import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppConfig, PipelineConfig } from '../config.js';
import type { CapacityService, ResumeQueue } from '../modules/capacity/index.js';
import { BOT_RUN_QUEUE, botRunSendOptions, type BotRunJobData } from './bot-run.js';
import { createWaitingUniqueQueue } from './queue-policy.js';
import { pipelineSendOptions, transcribeJob } from './pipeline.js';

/**
 * capacity-check {companyId?}: soft-capacity e-mails and the resumption of paused work. With a
 * company id it checks that company (queued when its limits change or a payment clears
 * the hold); without, it checks every company with paused work or recent usage. A timer in each
 * worker process queues the periodic pass every CAPACITY_CHECK_SECONDS; the queue holds one
 * waiting job per singleton key (a company, or 'all'), so processes never pile passes up.
 */
export const CAPACITY_CHECK_QUEUE = 'capacity-check';

export interface CapacityCheckJobData {
  companyId?: string;
}

/** What the app queues: a check of one company, now. */
export interface CapacityCheckQueue {
  check(companyId: string): Promise<void>;
}

export async function createCapacityQueues(boss: PgBoss): Promise<void> {
  await createWaitingUniqueQueue(boss, CAPACITY_CHECK_QUEUE);
}

export function createCapacityCheckSender(boss: Pick<PgBoss, 'send'>): CapacityCheckQueue {
  return {
    async check(companyId) {
      await boss.send(CAPACITY_CHECK_QUEUE, { companyId } satisfies CapacityCheckJobData, {
        singletonKey: companyId,
        retryLimit: 3,
        retryDelay: 5,
      });
    },
  };
}

/**
 * Queues paused work again through the same queues and options as the first time, under a job id
 * per pause (see resumeJobId): the bot-run job id of a result is its own id the first time, and
 * pg-boss keeps finished jobs for a while, so a reused id would be ignored.
 */
export function createResumeQueue(
  boss: Pick<PgBoss, 'insert'>,
  config: PipelineConfig,
): ResumeQueue {
  const bot = botRunSendOptions(config);
  const pipeline = pipelineSendOptions(config);
  const common = (o: PgBoss.SendOptions) => ({
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelay,
    retryBackoff: o.retryBackoff,
    expireInSeconds: o.expireInSeconds,
    deadLetter: o.deadLetter,
  });
  return {
    async botResults(items) {
      await boss.insert(
        items.map((item) => ({
          id: item.jobId,
          name: BOT_RUN_QUEUE,
          data: { resultId: item.id } satisfies BotRunJobData,
          ...common(bot),
        })),
      );
    },
    async transcriptions(items) {
      await boss.insert(
        items.map((item) => ({
          id: item.jobId,
          // A hold lifted may release a company's whole backlog at once: not in front of recordings.
          ...transcribeJob(item.id, { background: true }),
          ...common(pipeline),
        })),
      );
    },
  };
}

export interface CapacityWorkerOptions {
  service: CapacityService;
  logger: Logger;
  /** Seconds between periodic passes (config.billing.capacityCheckSeconds). */
  checkSeconds: number;
}

/** Works the queue and starts the periodic timer; the returned function stops the timer. */
export async function registerCapacityWorkers(
  boss: PgBoss,
  { service, logger, checkSeconds }: CapacityWorkerOptions,
): Promise<() => void> {
  // A company whose usage stopped a while ago has had its thresholds checked already.
  const recentMs = Math.max(3 * checkSeconds, 15 * 60) * 1000;
  await boss.work<CapacityCheckJobData>(
    CAPACITY_CHECK_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: Math.min(2, checkSeconds) },
    async ([job]) => {
      if (!job) return;
      const ids = job.data.companyId
        ? [job.data.companyId]
        : await service.companiesToCheck(new Date(Date.now() - recentMs));
      for (const companyId of ids) {
        const outcome = await service.check(companyId);
        if (outcome.resumed > 0 || outcome.mailed !== null) {
          logger.info({ companyId, ...outcome }, 'capacity check');
        }
      }
    },
  );
  const tick = () => {
    boss
      .send(CAPACITY_CHECK_QUEUE, {} satisfies CapacityCheckJobData, {
        singletonKey: 'all',
        // One pass per interval across all worker processes.
        singletonSeconds: checkSeconds,
        expireInSeconds: Math.max(60, checkSeconds * 5),
      })
      .catch((error: unknown) => logger.error({ err: error }, 'capacity check not queued'));
  };
  tick();
  const timer = setInterval(tick, checkSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The capacity part of a worker's options, from the configuration. */
export function capacityWorkerConfig(config: Pick<AppConfig, 'billing' | 'appUrl'>) {
  return {
    pricePerMinuteCents: config.billing.pricePerMinuteCents,
    checkSeconds: config.billing.capacityCheckSeconds,
    holdCacheMs: config.billing.capacityHoldCacheMs,
    settingsUrl: `${config.appUrl}/settings/billing`,
  };
}
