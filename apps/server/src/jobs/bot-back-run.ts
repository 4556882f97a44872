import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { PipelineConfig } from '../config.js';
import type {
  BackRunStartQueue,
  BotBackRunsRepo,
  ChunkCursor,
} from '../modules/bot-back-runs/index.js';
import { enqueueInTurn, type BotRunQueue, type BotRunsRepo } from '../modules/bot-runs/index.js';
import { drainingWorker } from './bot-run.js';
import { retryOptions } from './retry-options.js';

/**
 * bot-back-run-start {backRunId}: creates a back-run's runs (one per interaction, one result and
 * one bot-run job each) in chunks, each chunk its own transaction, so thousands of interactions
 * never make one giant request or transaction.
 *
 * Idempotent: the job id is the back-run id; a chunk takes only interactions without a run of the
 * back-run yet, and each run's dedupe key (`back-run:<backRunId>:<interactionId>`) stops a
 * concurrent copy inserting it twice. A redelivered job (killed mid-way) first queues again the
 * results still running (their bot-run jobs collapse on the result id), then carries on where the
 * last committed chunk stopped. A cancelled back-run stops before the next chunk.
 */
export const BOT_BACK_RUN_START_QUEUE = 'bot-back-run-start';
/** Interactions per chunk (one transaction, one insert of jobs). */
export const BACK_RUN_CHUNK = 200;
/** Long enough for tens of thousands of interactions; a retry resumes rather than restarts. */
const START_EXPIRE_SECONDS = 30 * 60;

interface StartJobData {
  backRunId: string;
}

export async function createBotBackRunQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(BOT_BACK_RUN_START_QUEUE, { name: BOT_BACK_RUN_START_QUEUE });
}

export function createBackRunStartSender(
  boss: Pick<PgBoss, 'insert'>,
  config: PipelineConfig,
): BackRunStartQueue {
  return {
    async start(backRunId) {
      await boss.insert([
        {
          id: backRunId,
          name: BOT_BACK_RUN_START_QUEUE,
          data: { backRunId } satisfies StartJobData,
          ...retryOptions(config),
          expireInSeconds: START_EXPIRE_SECONDS,
        },
      ]);
    },
  };
}

export function createBackRunStarter(deps: {
  repo: BotBackRunsRepo;
  /** The company's line of unfinished results: a back-run's results take their turns in it. */
  line: Pick<BotRunsRepo, 'unfinishedResults'>;
  queue: BotRunQueue;
  chunk?: number;
}) {
  const { repo, queue } = deps;
  const chunk = deps.chunk ?? BACK_RUN_CHUNK;
  const enqueue = (companyId: string, resultIds: string[]) =>
    enqueueInTurn(deps.line, queue, companyId, resultIds);
  return {
    /** Answers how many runs this delivery created. */
    async start(backRunId: string): Promise<number> {
      let backRun = await repo.forStart(backRunId);
      if (!backRun || backRun.status !== 'running') return 0;
      // A previous delivery may have committed a chunk and died before queueing its jobs.
      await enqueue(backRun.companyId, await repo.runningResults(backRunId));
      const bot = await repo.companyBot(backRun.companyId, backRun.botId);
      // Unsubscribed since: nothing more to run; total shrinks to the runs that exist.
      if (!bot) {
        await repo.setTotal(backRunId);
        return 0;
      }
      const scope = {
        companyId: backRun.companyId,
        from: backRun.from,
        to: backRun.to,
        trigger: bot.trigger,
        triggerEvent: bot.trigger_event,
      };
      let created = 0;
      let after: ChunkCursor | null = null;
      for (;;) {
        const next = await repo.createChunk(backRun, bot, scope, chunk, after);
        await enqueue(backRun.companyId, next.resultIds);
        created += next.resultIds.length;
        if (next.seen < chunk) break;
        after = next.last;
        backRun = await repo.forStart(backRunId);
        if (!backRun || backRun.status !== 'running') return created;
      }
      await repo.setTotal(backRunId);
      return created;
    },
  };
}

export type BackRunStarter = ReturnType<typeof createBackRunStarter>;

export async function registerBackRunWorker(
  boss: PgBoss,
  starter: BackRunStarter,
  logger: Logger,
): Promise<void> {
  await drainingWorker<StartJobData>(
    boss,
    BOT_BACK_RUN_START_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
    async (job) => {
      const created = await starter.start(job.data.backRunId);
      logger.info({ backRunId: job.data.backRunId, created }, 'back-run started');
    },
  );
}
