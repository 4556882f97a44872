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

/**
 * A dedupe key is a pg-boss singleton: within the same 12-hour slot (the longest pg-boss allows,
 * its archive interval), sending a key again is a no-op whether the first is queued, retried or
 * sent. Callers keep their own durable mark (e.g. bot_versions.deprecation_notified_at).
 */
export const EMAIL_DEDUPE_SECONDS = 12 * 60 * 60;

export async function queueEmail(
  boss: PgBoss,
  message: MailMessage,
  options: { dedupeKey?: string } = {},
): Promise<void> {
  await boss.send(
    SEND_EMAIL_QUEUE,
    message,
    options.dedupeKey
      ? { singletonKey: options.dedupeKey, singletonSeconds: EMAIL_DEDUPE_SECONDS }
      : {},
  );
}

/** `pollers` parallel workers in this process, each taking one message at a time. */
export async function registerSendEmailWorker(
  boss: PgBoss,
  mail: MailProvider,
  pollers = 1,
): Promise<void> {
  for (let i = 0; i < pollers; i++) {
    await boss.work<MailMessage>(
      SEND_EMAIL_QUEUE,
      // Short polling so a verification mail lands within about a second. One job per fetch:
      // a failed send is retried alone, and never re-sends mails that already went out.
      { pollingIntervalSeconds: 0.5, batchSize: 1 },
      async ([job]) => {
        if (job) await mail.send(job.data);
      },
    );
  }
}
