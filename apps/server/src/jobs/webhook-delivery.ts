import { WEBHOOK_RETRY_DELAY_SECONDS, WEBHOOK_RETRY_LIMIT } from '@fieldbot/shared';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { WebhookDeliveryQueue, WebhookDispatcher } from '../modules/webhooks/index.js';
import { ALERT_FIRED_EVENT, type AlertFiredEvent } from './alert-events.js';
import { drainingWorker } from './bot-run.js';
import {
  INTERACTION_COMPLETED_EVENT,
  type InteractionCompletedEvent,
} from './interaction-events.js';
import { BOT_RESULT_COMPLETED_EVENT, type BotResultCompletedEvent } from './result-events.js';

/**
 * Webhooks (ADR 031): one queue per subscribed event (its copy of the event, id = the event's id)
 * fans out to one message per endpoint; one delivery job per message (id = the message id) makes
 * the HTTP attempts, retried by pg-boss with the backoff of WEBHOOK_RETRY_* (about 24 hours).
 */
export const WEBHOOK_EVENT_QUEUES = {
  [INTERACTION_COMPLETED_EVENT]: 'webhook-interaction-completed',
  [BOT_RESULT_COMPLETED_EVENT]: 'webhook-bot-result-completed',
  [ALERT_FIRED_EVENT]: 'webhook-alert-fired',
} as const;
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

interface DeliveryJob {
  messageId: string;
}

export async function createWebhookQueues(boss: PgBoss): Promise<void> {
  for (const [event, queue] of Object.entries(WEBHOOK_EVENT_QUEUES)) {
    await boss.createQueue(queue, {
      name: queue,
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
    });
    await boss.subscribe(event, queue);
  }
  await boss.createQueue(WEBHOOK_DELIVERY_QUEUE, {
    name: WEBHOOK_DELIVERY_QUEUE,
    retryLimit: WEBHOOK_RETRY_LIMIT,
    retryDelay: WEBHOOK_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    // An attempt takes at most the 10 s timeout; a worker killed mid-attempt is retried soon.
    expireInSeconds: 60,
  });
}

export function createWebhookDeliverySender(boss: Pick<PgBoss, 'send'>): WebhookDeliveryQueue {
  return {
    async deliver(messageId, options = {}) {
      await boss.send(
        WEBHOOK_DELIVERY_QUEUE,
        { messageId } satisfies DeliveryJob,
        // A test answers the admin's click: one attempt, its result in the log, no retries.
        { id: messageId, ...(options.test ? { retryLimit: 0 } : {}) },
      );
    },
  };
}

/** Thin handlers: the dispatcher does the work; a failed attempt throws so pg-boss retries it. */
export async function registerWebhookWorkers(
  boss: PgBoss,
  dispatcher: WebhookDispatcher,
  logger: Logger,
): Promise<void> {
  const options = { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 } as const;
  await drainingWorker<InteractionCompletedEvent>(
    boss,
    WEBHOOK_EVENT_QUEUES[INTERACTION_COMPLETED_EVENT],
    options,
    async (job) => {
      await dispatcher.onInteractionCompleted(job.data);
    },
  );
  await drainingWorker<BotResultCompletedEvent>(
    boss,
    WEBHOOK_EVENT_QUEUES[BOT_RESULT_COMPLETED_EVENT],
    options,
    async (job) => {
      await dispatcher.onBotResultCompleted(job.data);
    },
  );
  await drainingWorker<AlertFiredEvent>(
    boss,
    WEBHOOK_EVENT_QUEUES[ALERT_FIRED_EVENT],
    options,
    async (job) => {
      await dispatcher.onAlertFired(job.data);
    },
  );
  await drainingWorker<DeliveryJob>(boss, WEBHOOK_DELIVERY_QUEUE, options, async (job) => {
    const attempt = job.retryCount + 1;
    const outcome = await dispatcher.deliver(job.data.messageId, {
      attempt,
      final: job.retryCount >= job.retryLimit,
    });
    if (outcome === 'failed') {
      logger.info({ messageId: job.data.messageId, attempt }, 'webhook attempt failed');
      throw new Error(`webhook attempt ${attempt} failed`);
    }
  });
}
