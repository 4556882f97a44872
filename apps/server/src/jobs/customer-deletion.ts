import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import {
  runCustomerDeletion,
  type CustomerDeletionQueue,
} from '../modules/customer-privacy/index.js';
import type { StorageProvider } from '../providers/storage/index.js';
import { drainingWorker } from './bot-run.js';

/**
 * A customer's deletion (issue 27 §4): one job per privacy request, its pg-boss id the request id,
 * so queueing it twice queues one job, and a job delivered again (a retry, a dead worker's job)
 * finds the request completed and does nothing, or continues where the last run stopped.
 */
export const CUSTOMER_DELETION_QUEUE = 'customer-deletion';

interface DeletionJob {
  requestId: string;
}

export async function createCustomerDeletionQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(CUSTOMER_DELETION_QUEUE, {
    name: CUSTOMER_DELETION_QUEUE,
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    // A batch is short; a worker killed mid-run is retried soon and resumes.
    expireInSeconds: 15 * 60,
  });
}

export function createCustomerDeletionSender(boss: Pick<PgBoss, 'send'>): CustomerDeletionQueue {
  return {
    async enqueue(requestId) {
      await boss.send(CUSTOMER_DELETION_QUEUE, { requestId } satisfies DeletionJob, {
        id: requestId,
      });
    },
  };
}

export async function registerCustomerDeletionWorker(
  boss: PgBoss,
  deps: { db: Db; storage: StorageProvider; logger: Logger },
): Promise<void> {
  await drainingWorker<DeletionJob>(
    boss,
    CUSTOMER_DELETION_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
    async (job) => {
      const outcome = await runCustomerDeletion(deps, job.data.requestId);
      deps.logger.info({ requestId: job.data.requestId, outcome }, 'customer deletion');
    },
  );
}
