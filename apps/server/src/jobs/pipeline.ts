import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { PipelineConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { PipelineQueue } from '../modules/recordings/index.js';
import {
  AudioDecodeError,
  AudioToolMissingError,
  type AudioTools,
} from '../providers/audio/index.js';
import type { StorageProvider } from '../providers/storage/index.js';
import { TranscriptionError, type SpeechToText } from '../providers/transcription/index.js';
import { nicenessOf, turnPriority, URGENT_PRIORITY } from './queue-policy.js';
import { retryOptions } from './retry-options.js';

/**
 * The interaction pipeline: pg-boss queues, one job per step and interaction.
 *
 *   POST /api/company/recordings ─► audio-merge ─► transcribe ─► status completed + interaction.completed
 *   POST /api/company/call/download ─► call-download ─► audio-merge ─► …
 *   CRM sync ─► call-download ─► audio-merge ─► transcribe-background ─► …
 *
 * Durable: a job lives in the database from the moment it is queued. A worker that dies mid-job
 * leaves it `active`; once its expiry (PIPELINE_JOB_TIMEOUT_SECONDS) has passed, pg-boss maintenance
 * (JOB_MAINTENANCE_SECONDS) puts it back as a retry and another worker runs it again.
 * Idempotent: every step may run twice (a retry after a crash, a duplicate queueing) and leaves the
 * same result: the merged file and its asset row are overwritten, usage is inserted ON CONFLICT DO
 * NOTHING, segments are replaced in one transaction, and the completion event is deduplicated (see
 * interaction-events.ts).
 * Retried: a failing step is retried PIPELINE_RETRY_LIMIT times (PIPELINE_RETRY_DELAY_SECONDS,
 * doubling); the last failure writes the step's error status and message on the interaction.
 * Failures no retry can fix (no transcription service, no ffmpeg) are final at once.
 */
export const AUDIO_MERGE_QUEUE = 'audio-merge';
export const TRANSCRIBE_QUEUE = 'transcribe';
export const CALL_DOWNLOAD_QUEUE = 'call-download';
/**
 * The transcribe step of calls a CRM sync brought in (possibly thousands at once) and of paused work
 * resumed after a capacity hold: a queue with workers of its own, so a recording someone is waiting
 * for never waits behind that backlog, not even behind the one call being transcribed.
 */
export const TRANSCRIBE_BACKGROUND_QUEUE = 'transcribe-background';
/**
 * pg-boss's dead letter queue of the steps: a job whose LAST attempt expired (the worker was killed
 * or hung) lands here, so the interaction still gets its error status instead of staying
 * in-progress for ever. Failures the handler sees itself are written by the handler.
 */
export const PIPELINE_FAILED_QUEUE = 'interaction-pipeline-failed';

export type PipelineStep =
  typeof AUDIO_MERGE_QUEUE | typeof TRANSCRIBE_QUEUE | typeof CALL_DOWNLOAD_QUEUE;

/** The queues of the steps; a step's work may wait in more than one (see TRANSCRIBE_BACKGROUND_QUEUE). */
export type PipelineQueueName = PipelineStep | typeof TRANSCRIBE_BACKGROUND_QUEUE;

export interface PipelineJobData {
  interactionId: string;
  /** Which step; read by the dead letter handler, which only gets the data. */
  step: PipelineStep;
}

/**
 * The queue and data of a transcription: in TRANSCRIBE_BACKGROUND_QUEUE for work nobody is
 * waiting on (synced calls, work resumed after a capacity hold), else in TRANSCRIBE_QUEUE.
 */
export function transcribeJob(
  interactionId: string,
  { background }: { background: boolean },
): { name: PipelineQueueName; data: PipelineJobData } {
  return {
    name: background ? TRANSCRIBE_BACKGROUND_QUEUE : TRANSCRIBE_QUEUE,
    data: { interactionId, step: TRANSCRIBE_QUEUE },
  };
}

export interface PipelineSender extends PipelineQueue {
  /**
   * Merges again (a downloaded call); a fresh job each time. `turn`: a CRM-synced call's place
   * among its company's calls waiting for the merge (see transcribe).
   */
  merge(interactionId: string, options?: { turn?: number }): Promise<void>;
  /**
   * `background`: a CRM-synced call, in TRANSCRIBE_BACKGROUND_QUEUE; `turn`: its place among its
   * company's synced calls waiting for transcription (1 = the first), so that companies take
   * turns instead of one company's backlog holding everyone else's first calls.
   */
  transcribe(
    interactionId: string,
    options?: { background?: boolean; turn?: number },
  ): Promise<void>;
  /**
   * downloadCall for many calls, each with its job id, in one INSERT (a CRM sync queues a page of
   * calls at once: one statement instead of one per call). `firstTurn`: the first call's place
   * among its company's new calls; the others follow it (see transcribe).
   */
  downloadCalls(
    calls: { interactionId: string; jobId: string }[],
    options?: { firstTurn?: number },
  ): Promise<void>;
}

export interface PipelineDeps {
  db: Db;
  storage: StorageProvider;
  audio: AudioTools;
  stt: SpeechToText;
  config: PipelineConfig;
  logger: Logger;
}

/** A failure with a sentence for the interaction page, and whether trying again can help. */
export class PipelineError extends Error {
  override name = 'PipelineError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The user-facing message of a failure, and whether another attempt can help. */
export function describeFailure(
  error: unknown,
  fallback: string,
): { message: string; retryable: boolean } {
  if (error instanceof PipelineError || error instanceof TranscriptionError) {
    return { message: error.message, retryable: error.retryable };
  }
  if (error instanceof AudioToolMissingError) return { message: error.message, retryable: false };
  // Deterministic for a given input, but cheap to retry, and a chunk may have been rewritten.
  if (error instanceof AudioDecodeError) return { message: error.message, retryable: true };
  // Database or storage hiccups: retried; their text is not for users.
  return { message: fallback, retryable: true };
}

export function pipelineSendOptions(config: PipelineConfig) {
  // Narrow (not PgBoss.SendOptions), so it also fits boss.insert's rows.
  return {
    ...retryOptions(config),
    deadLetter: PIPELINE_FAILED_QUEUE,
  } satisfies PgBoss.SendOptions;
}

export async function createPipelineQueues(boss: PgBoss): Promise<void> {
  // Options travel with each job (pipelineSendOptions), so a changed configuration applies to the
  // next job without updating queues that already exist.
  for (const name of [
    PIPELINE_FAILED_QUEUE,
    AUDIO_MERGE_QUEUE,
    TRANSCRIBE_QUEUE,
    TRANSCRIBE_BACKGROUND_QUEUE,
    CALL_DOWNLOAD_QUEUE,
  ]) {
    await boss.createQueue(name, { name });
  }
}

/** Ids of this process's pg-boss workers per queue (filled by registerPipelineWorkers). */
export type LocalPipelineWorkers = Map<PipelineQueueName, string[]>;

export function createPipelineSender(
  boss: PgBoss,
  config: PipelineConfig,
  localWorkers: LocalPipelineWorkers = new Map(),
): PipelineSender {
  const options = pipelineSendOptions(config);
  const send = async (
    { name, data }: { name: PipelineQueueName; data: PipelineJobData },
    extra: PgBoss.SendOptions = {},
  ) => {
    await boss.send(name, data, { ...options, ...extra });
    // A worker of this process takes the job now rather than at its next poll, so the steps of
    // one interaction follow each other without polling gaps (other processes still poll).
    for (const id of localWorkers.get(name) ?? []) boss.notifyWorker(id);
  };
  const sendStep = (step: PipelineStep, interactionId: string, extra?: PgBoss.SendOptions) =>
    send({ name: step, data: { interactionId, step } }, extra);
  // pg-boss fetches higher priorities first; equal ones in the order they were queued. What a
  // person is waiting for (a recorded visit, a call they asked to download again) gets 1, the
  // rest 0, so a CRM sync's hundreds of downloads and merges do not stand in front of it.
  const now = { priority: URGENT_PRIORITY };
  return {
    mergeRecording: (id) => sendStep(AUDIO_MERGE_QUEUE, id, { id, ...now }),
    merge: (id, opts) =>
      sendStep(AUDIO_MERGE_QUEUE, id, opts?.turn ? { priority: turnPriority(opts.turn) } : {}),
    // A company's n-th waiting synced call 1 − n: every company's first before anyone's second.
    // Recordings keep priority 1 too, ahead of synced calls queued here by earlier versions.
    transcribe: (id, opts) => {
      const background = opts?.background ?? false;
      return send(
        transcribeJob(id, { background }),
        background ? { priority: turnPriority(opts?.turn ?? 1) } : now,
      );
    },
    downloadCall: (id, jobId) => sendStep(CALL_DOWNLOAD_QUEUE, id, jobId ? { id: jobId } : now),
    async downloadCalls(calls, opts) {
      if (calls.length === 0) return;
      const first = opts?.firstTurn;
      // Like send: an existing job of the same id is left alone (ON CONFLICT DO NOTHING).
      await boss.insert(
        calls.map(({ interactionId, jobId }, i) => ({
          ...options,
          ...(first ? { priority: turnPriority(first + i) } : {}),
          id: jobId,
          name: CALL_DOWNLOAD_QUEUE,
          data: { interactionId, step: CALL_DOWNLOAD_QUEUE } satisfies PipelineJobData,
        })),
      );
      for (const id of localWorkers.get(CALL_DOWNLOAD_QUEUE) ?? []) boss.notifyWorker(id);
    },
  };
}

/** One step of the pipeline: its work, and what its final failure writes on the interaction. */
export interface PipelineStepHandler {
  /** `niceness`: of the step's child processes, from the job's priority (nicenessOf). */
  run(interactionId: string, signal: AbortSignal, context: { niceness: number }): Promise<void>;
  fail(interactionId: string, message: string): Promise<void>;
  /** Shown when the failure is not one of ours (a database error…). */
  fallbackMessage: string;
  /** Shown when the last attempt expired (worker killed or hung). */
  expiredMessage: string;
}

/**
 * Runs one attempt. A retryable failure with attempts left is thrown back to pg-boss (retry later);
 * otherwise the step's failure is written and the job ends.
 */
export async function runPipelineJob(
  job: PgBoss.JobWithMetadata<PipelineJobData>,
  handler: PipelineStepHandler,
  logger: Logger,
): Promise<void> {
  const { interactionId } = job.data;
  // pg-boss stops waiting at the job's expiry; stop the child processes and requests with it.
  const signal = AbortSignal.timeout(job.expireInSeconds * 1000);
  const started = Date.now();
  try {
    await handler.run(interactionId, signal, { niceness: nicenessOf(job.priority) });
    // How long a step waited in its queue and ran: what a slow "in progress" comes down to.
    logger.info(
      {
        interactionId,
        queue: job.name,
        attempt: job.retryCount + 1,
        queuedMs: started - new Date(job.createdOn).getTime(),
        tookMs: Date.now() - started,
      },
      'interaction pipeline step done',
    );
  } catch (error) {
    const failure = describeFailure(error, handler.fallbackMessage);
    const final = !failure.retryable || job.retryCount >= job.retryLimit;
    logger.warn(
      { err: error, interactionId, queue: job.name, attempt: job.retryCount + 1, final },
      'interaction pipeline step failed',
    );
    if (!final) throw error;
    await handler.fail(interactionId, failure.message);
  }
}

export interface PipelineWorkerOptions {
  handlers: Record<PipelineStep, PipelineStepHandler>;
  /** Receives the ids of the workers started here (see createPipelineSender). */
  localWorkers: LocalPipelineWorkers;
  logger: Logger;
  /**
   * Parallel transcriptions per process and transcribe queue (network-bound with a whisper
   * service); merges and downloads run one at a time.
   */
  transcribePollers: number;
}

export async function registerPipelineWorkers(
  boss: PgBoss,
  { handlers, localWorkers, logger, transcribePollers }: PipelineWorkerOptions,
): Promise<void> {
  const work = async (queue: PipelineQueueName, handler: PipelineStepHandler, pollers: number) => {
    const ids: string[] = [];
    localWorkers.set(queue, ids);
    for (let i = 0; i < pollers; i++) {
      const id = await boss.work<PipelineJobData>(
        queue,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (job) await runPipelineJob(job, handler, logger);
        },
      );
      ids.push(id);
    }
  };
  // ffmpeg is CPU-bound: one merge at a time per process leaves a core for the web server.
  await work(AUDIO_MERGE_QUEUE, handlers[AUDIO_MERGE_QUEUE], 1);
  await work(TRANSCRIBE_QUEUE, handlers[TRANSCRIBE_QUEUE], transcribePollers);
  await work(TRANSCRIBE_BACKGROUND_QUEUE, handlers[TRANSCRIBE_QUEUE], transcribePollers);
  await work(CALL_DOWNLOAD_QUEUE, handlers[CALL_DOWNLOAD_QUEUE], 1);
  await boss.work<PipelineJobData>(
    PIPELINE_FAILED_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 5 },
    async ([job]) => {
      if (!job) return;
      const handler = handlers[job.data.step];
      logger.warn(
        { interactionId: job.data.interactionId, step: job.data.step },
        'interaction pipeline step expired',
      );
      await handler.fail(job.data.interactionId, handler.expiredMessage);
    },
  );
}
