import { selectBotsForInteraction, selectBotsForJobCompleted } from '@fieldbot/shared';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import {
  enqueueInTurn,
  type BotRunQueue,
  type BotRunsRepo,
  type SubscribedBot,
} from '../modules/bot-runs/index.js';
import { drainingWorker } from './bot-run.js';
import {
  INTERACTION_COMPLETED_EVENT,
  type InteractionCompletedEvent,
} from './interaction-events.js';
import type { JobCompletedEvent } from '../modules/crm-sync/index.js';
import { JOB_COMPLETED_EVENT } from './job-events.js';

/**
 * Automatic runs: on interaction.completed and job.completed, the company's bots whose
 * trigger and trigger event fit (spec §5) run as one automatic run. The run's dedupe key is the
 * event, so a redelivered event inserts nothing and only re-queues the run's unfinished results
 * (their jobs collapse on the result id); this also covers a crash between the run's insert and
 * the queueing of its jobs.
 */
export const BOT_ON_INTERACTION_QUEUE = 'bot-automation-interaction-completed';
export const BOT_ON_JOB_QUEUE = 'bot-automation-job-completed';

export async function createBotAutomationQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(BOT_ON_INTERACTION_QUEUE, { name: BOT_ON_INTERACTION_QUEUE });
  await boss.createQueue(BOT_ON_JOB_QUEUE, { name: BOT_ON_JOB_QUEUE });
  await boss.subscribe(INTERACTION_COMPLETED_EVENT, BOT_ON_INTERACTION_QUEUE);
  await boss.subscribe(JOB_COMPLETED_EVENT, BOT_ON_JOB_QUEUE);
}

export function createBotAutomation(deps: { repo: BotRunsRepo; queue: BotRunQueue }) {
  const { repo, queue } = deps;

  const run = async (
    event: { companyId: string; dedupeKey: string },
    target: { customerId: string | null; interactionId: string | null; jobId: string | null },
    targetType: 'customer' | 'field-recording' | 'csr-call',
    bots: readonly SubscribedBot[],
  ): Promise<string | null> => {
    if (bots.length === 0) return null;
    const created = await repo.createRun({
      companyId: event.companyId,
      targetType,
      ...target,
      runType: 'automatic',
      runById: null,
      dedupeKey: event.dedupeKey,
      bots,
    });
    await enqueueInTurn(repo, queue, event.companyId, created.resultIds);
    return created.runId;
  };

  return {
    async onInteractionCompleted(event: InteractionCompletedEvent) {
      const bots = selectBotsForInteraction(await repo.companyBots(event.company_id), {
        type: event.type,
        call_type: event.call_type,
      });
      return run(
        {
          companyId: event.company_id,
          dedupeKey: `${INTERACTION_COMPLETED_EVENT}:${event.interaction_id}`,
        },
        { customerId: null, interactionId: event.interaction_id, jobId: null },
        event.type,
        bots,
      );
    },

    async onJobCompleted(event: JobCompletedEvent) {
      const bots = selectBotsForJobCompleted(
        await repo.companyBots(event.company_id),
        event.revenue_cents,
      );
      return run(
        { companyId: event.company_id, dedupeKey: `${JOB_COMPLETED_EVENT}:${event.job_id}` },
        { customerId: event.customer_id, interactionId: null, jobId: event.job_id },
        'customer',
        bots,
      );
    },
  };
}

export type BotAutomation = ReturnType<typeof createBotAutomation>;

/** Failures are thrown back to pg-boss, which retries the event (the run is deduplicated). */
export async function registerBotAutomationWorkers(
  boss: PgBoss,
  automation: BotAutomation,
  logger: Logger,
  /** Pollers of the interaction queue: a burst of completed interactions is the common case. */
  pollers = 1,
): Promise<void> {
  for (let i = 0; i < pollers; i++) {
    await drainingWorker<InteractionCompletedEvent>(
      boss,
      BOT_ON_INTERACTION_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async (job) => {
        const runId = await automation.onInteractionCompleted(job.data);
        logger.debug({ interactionId: job.data.interaction_id, runId }, 'bot automation');
      },
    );
  }
  await drainingWorker<JobCompletedEvent>(
    boss,
    BOT_ON_JOB_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
    async (job) => {
      const runId = await automation.onJobCompleted(job.data);
      logger.debug({ jobId: job.data.job_id, runId }, 'bot automation');
    },
  );
}
