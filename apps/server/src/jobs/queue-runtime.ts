import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { seedReferenceData } from '../seed/seed.js';
import { startJobQueue, type JobQueue, type StartQueueOptions } from './queue.js';

export interface QueueRuntime {
  database: Database;
  queue: JobQueue;
  /** Stops the queue (its workers finish or give back their jobs), then closes the database. */
  stop(): Promise<void>;
}

/**
 * The start-up of every process that uses the job queue without serving HTTP (the worker, and the
 * operator commands that run a job's code at once): open the database, migrate it, start the
 * queue with the configured expiry and liveness, and hand back how to stop in that order reversed.
 */
export async function openQueueRuntime(
  config: AppConfig,
  options: {
    logger?: Logger;
    /** This process also works the queues (the worker); the commands only enqueue. */
    workers?: (database: Database) => NonNullable<StartQueueOptions['workers']>;
  } = {},
): Promise<QueueRuntime> {
  const database = await openDatabase(config);
  try {
    await database.migrate(() => seedReferenceData(database.db));
    const queue = await startJobQueue({
      database,
      databaseUrl: config.databaseUrl,
      logger: options.logger ?? pino({ level: 'warn' }),
      pipeline: config.pipeline,
      maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
      liveness: config.jobLiveness,
      workers: options.workers?.(database),
    });
    return {
      database,
      queue,
      async stop() {
        await queue.stop().catch(() => undefined);
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Runs `body` with the queue started and always stops it after (the operator commands). */
export async function withQueueRuntime<T>(
  config: AppConfig,
  body: (runtime: QueueRuntime) => Promise<T>,
  options: { logger?: Logger } = {},
): Promise<T> {
  const runtime = await openQueueRuntime(config, options);
  try {
    return await body(runtime);
  } finally {
    await runtime.stop();
  }
}
