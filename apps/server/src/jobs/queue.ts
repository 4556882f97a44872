import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import type { MailMessage, MailProvider } from '../providers/mail/index.js';
import { registerPurgeExpired, type PurgeDeps } from './purge-expired.js';
import { createSendEmailQueue, registerSendEmailWorker, SEND_EMAIL_QUEUE } from './send-email.js';

/** What the rest of the app needs from the job queue. */
export interface JobQueue {
  sendEmail(message: MailMessage): Promise<void>;
  stop(): Promise<void>;
}

export interface StartQueueOptions {
  database: Database;
  databaseUrl: string | undefined;
  logger: Logger;
  /** When set, this process also works the queues. */
  workers?: { mail: MailProvider; purge: PurgeDeps };
}

export async function startJobQueue(options: StartQueueOptions): Promise<JobQueue> {
  const { database, databaseUrl, logger, workers } = options;
  const common = {
    // Only worker processes run maintenance; web-only processes just enqueue.
    supervise: Boolean(workers),
    schedule: Boolean(workers),
  };
  const boss =
    database.kind === 'postgres' && databaseUrl
      ? new PgBoss({ connectionString: databaseUrl, max: 4, ...common })
      : new PgBoss({
          db: { executeSql: (text, values) => database.executeSql(text, values) },
          ...common,
        });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await createSendEmailQueue(boss);
  if (workers) {
    // PGlite runs one query at a time, so extra pollers there would only add load.
    await registerSendEmailWorker(boss, workers.mail, database.kind === 'postgres' ? 3 : 1);
    await registerPurgeExpired(boss, workers.purge);
  }

  return {
    async sendEmail(message) {
      await boss.send(SEND_EMAIL_QUEUE, message);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
