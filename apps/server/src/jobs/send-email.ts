import type PgBoss from 'pg-boss';
import type { MailMessage, MailProvider } from '../providers/mail/index.js';

export const SEND_EMAIL_QUEUE = 'send-email';

export const sendEmailQueueOptions = {
  retryLimit: 5,
  retryDelay: 2,
  retryBackoff: true,
} satisfies Omit<PgBoss.Queue, 'name'>;

export async function createSendEmailQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(SEND_EMAIL_QUEUE, { name: SEND_EMAIL_QUEUE, ...sendEmailQueueOptions });
}

export async function registerSendEmailWorker(boss: PgBoss, mail: MailProvider): Promise<void> {
  await boss.work<MailMessage>(
    SEND_EMAIL_QUEUE,
    // Short polling so a verification mail lands within about a second.
    { pollingIntervalSeconds: 0.5, batchSize: 5 },
    async (jobs) => {
      // A throw fails the whole batch and pg-boss retries it with backoff; resending an
      // already-sent message is the lesser evil compared with losing one.
      for (const job of jobs) await mail.send(job.data);
    },
  );
}
