import {
  BACK_RUN_MESSAGES,
  BOT_RUN_MESSAGES,
  redactTranscript,
  type HoldReason,
  type RedactPiiOptions,
} from '@fieldbot/shared';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { PipelineConfig } from '../config.js';
import type { BotRunJobRepo, BotRunPlace, BotRunQueue } from '../modules/bot-runs/index.js';
import { turnPriority, URGENT_PRIORITY } from './queue-policy.js';
import { BotEngineError, engineFor, type BotEngines } from '../providers/bot-engine/index.js';
import { retryOptions } from './retry-options.js';
import type { EventPublisher } from './job-events.js';
import { publishBotResultCompleted } from './result-events.js';

/**
 * bot-run {resultId}: one bot over one target's transcript, one job per bot_results row.
 *
 * Idempotent: the job id is the result id, so queueing a result twice adds nothing; the result is
 * finished by a conditional UPDATE (status = 'running') in the transaction that writes its usage
 * row (unique per result) and settles the run, so a duplicated, retried or re-delivered job (a
 * worker killed mid-run, put back by pg-boss maintenance after its expiry) finishes it exactly once.
 * Retried: a retryable engine failure (timeout, 429, 5xx) is thrown back to pg-boss, which retries
 * with backoff; a non-retryable one, or the last attempt, fails the result with its message.
 */
export const BOT_RUN_QUEUE = 'bot-run';
/** A job whose last attempt expired lands here, so its result is failed instead of running for ever. */
export const BOT_RUN_FAILED_QUEUE = 'bot-run-failed';

export interface BotRunJobData {
  resultId: string;
}

export function botRunSendOptions(config: PipelineConfig): PgBoss.SendOptions {
  return { ...retryOptions(config), deadLetter: BOT_RUN_FAILED_QUEUE };
}

export async function createBotRunQueues(boss: PgBoss): Promise<void> {
  for (const name of [BOT_RUN_FAILED_QUEUE, BOT_RUN_QUEUE]) await boss.createQueue(name, { name });
}

/** The i-th result's priority: a manual run's before any turn; unplaced ones at the default 0. */
function priorityOf(place: BotRunPlace | undefined, i: number): number {
  if (place === undefined) return 0;
  if (place === 'urgent') return URGENT_PRIORITY;
  return turnPriority(place.firstTurn + i);
}

export function createBotRunSender(
  boss: Pick<PgBoss, 'insert' | 'notifyWorker'>,
  config: PipelineConfig,
  localWorkers: string[] = [],
): BotRunQueue {
  const options = botRunSendOptions(config);
  return {
    async enqueue(resultIds, place) {
      if (resultIds.length === 0) return;
      // pg-boss inserts ON CONFLICT DO NOTHING: a result id queued again is the same job.
      await boss.insert(
        resultIds.map((id, i) => ({
          id,
          priority: priorityOf(place, i),
          name: BOT_RUN_QUEUE,
          data: { resultId: id } satisfies BotRunJobData,
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelay,
          retryBackoff: options.retryBackoff,
          expireInSeconds: options.expireInSeconds,
          deadLetter: options.deadLetter,
        })),
      );
      for (const id of localWorkers) boss.notifyWorker(id);
    },
  };
}

export interface BotRunHandlerDeps {
  repo: BotRunJobRepo;
  engines: BotEngines;
  logger: Logger;
  /**
   * Why the company's new work must wait (hard capacity reached, payment due), or null. Without
   * it nothing is ever held (see modules/capacity/capacity-hold.ts).
   */
  holdOf?(companyId: string): Promise<HoldReason | null>;
  /** Publishes bot_result.completed; without it no event goes out (unit tests of the run alone). */
  events?: EventPublisher;
  /** The company's optional kinds to mask (e-mails, phones); without it only the fixed kinds. */
  redactionOf?(companyId: string): Promise<RedactPiiOptions>;
}

/** The readable message of a failure, and whether another attempt can help. */
function describe(error: unknown): { message: string; retryable: boolean } {
  if (error instanceof BotEngineError)
    return { message: error.message, retryable: error.retryable };
  // Database hiccups and engine bugs: retried; their text is not for users.
  return { message: BOT_RUN_MESSAGES.internalError, retryable: true };
}

export function createBotRunHandler({
  repo,
  engines,
  logger,
  holdOf,
  events,
  redactionOf,
}: BotRunHandlerDeps) {
  type Loaded = NonNullable<Awaited<ReturnType<BotRunJobRepo['load']>>>;
  /** Publishes, then marks: a crash in between publishes again, which adds nothing. */
  const publishCompleted = async (row: Loaded): Promise<void> => {
    if (!events) return;
    await publishBotResultCompleted(events, {
      result_id: row.id,
      run_id: row.runId,
      company_id: row.companyId,
      bot_id: row.botId,
      version_id: row.versionId,
      interaction_id: row.interactionId,
      customer_id: row.customerId,
      job_id: row.jobId,
    });
    await repo.markPublished(row.id);
  };

  return {
    /** One attempt; `final` when pg-boss will not retry after this one. */
    async run(resultId: string, attempt: { final: boolean; signal?: AbortSignal }): Promise<void> {
      const row = await repo.load(resultId);
      if (!row) return; // deleted
      if (row.status === 'success' && !row.completionPublishedAt) return publishCompleted(row);
      if (row.status !== 'running') return; // finished already
      await repo.countAttempt(resultId);
      // Checked after counting the attempt: cancel() fails only results with no attempt, so a
      // back-run cancelled at any moment either failed this result already or is seen here.
      if (await repo.backRunCancelled(resultId)) {
        await repo.finish(resultId, { status: 'failed', message: BACK_RUN_MESSAGES.cancelled });
        return;
      }
      // A held company's run waits, never dropped: the result stays running with the reason (the
      // attempt counted above marks this pause), and capacity-check queues it again later.
      const hold = holdOf ? await holdOf(row.companyId) : null;
      if (hold) {
        await repo.pause(resultId, hold);
        logger.info({ resultId, companyId: row.companyId, hold }, 'bot run paused');
        return;
      }
      let succeeded = false;
      try {
        const stored = row.interactionId
          ? await repo.interactionTranscript(row.interactionId)
          : await repo.customerTranscript(row.customerId!);
        // Transcripts are masked when made; one stored before masking existed is masked here, so
        // no bot or LLM reads a card number (equal-length masks keep the stored offsets valid).
        const redaction = redactionOf ? await redactionOf(row.companyId) : {};
        const transcript = stored && redactTranscript(stored, redaction);
        if (!transcript || transcript.text.trim() === '') {
          throw new BotEngineError(
            row.interactionId
              ? BOT_RUN_MESSAGES.noTranscript
              : BOT_RUN_MESSAGES.noCustomerTranscript,
            false,
          );
        }
        const engine = engineFor(engines, row.version.engine);
        const result = await engine.run(
          {
            name: row.version.name,
            prompt: row.version.prompt,
            outputTags: row.version.outputTags,
            referenceTexts: row.version.referenceTexts,
          },
          transcript,
          { signal: attempt.signal },
        );
        succeeded = await repo.finish(resultId, {
          status: 'success',
          result,
          transcriptText: transcript.text,
        });
      } catch (error) {
        const failure = describe(error);
        const final = !failure.retryable || attempt.final;
        logger.warn({ err: error, resultId, final }, 'bot run failed');
        if (!final) throw error;
        await repo.finish(resultId, { status: 'failed', message: failure.message });
      }
      // Outside the try: a failed publish retries the job, which then only publishes.
      if (succeeded) await publishCompleted(row);
    },

    /** The last attempt expired (the worker was killed or hung). */
    async expire(resultId: string): Promise<void> {
      await repo.finish(resultId, { status: 'failed', message: BOT_RUN_MESSAGES.expired });
    },
  };
}

export type BotRunHandler = ReturnType<typeof createBotRunHandler>;

/**
 * A pg-boss worker that fetches again at once after a job: pg-boss waits the polling interval
 * after every fetch, found or not, which would cap a poller at one job a second. Notifying itself
 * skips that wait; an empty fetch still waits.
 */
export async function drainingWorker<T extends object>(
  boss: PgBoss,
  queue: string,
  options: PgBoss.WorkOptions & { includeMetadata: true },
  handle: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
): Promise<string> {
  let id = '';
  id = await boss.work<T>(queue, options, async ([job]) => {
    if (!job) return;
    try {
      await handle(job);
    } finally {
      boss.notifyWorker(id);
    }
  });
  return id;
}

export async function registerBotRunWorkers(
  boss: PgBoss,
  handler: BotRunHandler,
  options: { pollers: number; localWorkers: string[] },
): Promise<void> {
  for (let i = 0; i < options.pollers; i++) {
    const id = await drainingWorker<BotRunJobData>(
      boss,
      BOT_RUN_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async (job) => {
        await handler.run(job.data.resultId, {
          final: job.retryCount >= job.retryLimit,
          // pg-boss stops waiting at the job's expiry; stop the engine's requests with it.
          signal: AbortSignal.timeout(job.expireInSeconds * 1000),
        });
      },
    );
    options.localWorkers.push(id);
  }
  await boss.work<BotRunJobData>(
    BOT_RUN_FAILED_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 5 },
    async ([job]) => {
      if (job) await handler.expire(job.data.resultId);
    },
  );
}
