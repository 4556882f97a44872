import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { PipelineConfig } from '../config.js';
import { writeBack, type WritebackDeps } from '../modules/crm-writeback/index.js';
import { BOT_RESULT_COMPLETED_EVENT, type BotResultCompletedEvent } from './result-events.js';

/**
 * crm-writeback: on bot_result.completed, writes the result as a note in the company's CRM when
 * its admin turned that on for the bot (modules/crm-writeback, ADR 032). The queue's copy of the
 * event has the result id as its job id, so a republished event adds nothing. Retries come from
 * the pipeline's settings with backoff; the last attempt records its failure for the card.
 */
export const CRM_WRITEBACK_QUEUE = 'crm-writeback';

export async function createCrmWritebackQueue(boss: PgBoss, config: PipelineConfig) {
  await boss.createQueue(CRM_WRITEBACK_QUEUE, {
    name: CRM_WRITEBACK_QUEUE,
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: config.retryDelaySeconds > 0,
    expireInSeconds: config.jobTimeoutSeconds,
  });
  await boss.subscribe(BOT_RESULT_COMPLETED_EVENT, CRM_WRITEBACK_QUEUE);
}

export async function registerCrmWritebackWorker(
  boss: PgBoss,
  deps: WritebackDeps & { logger: Logger },
): Promise<void> {
  await boss.work<BotResultCompletedEvent>(
    CRM_WRITEBACK_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      const outcome = await writeBack(deps, job.data.result_id, {
        final: job.retryCount >= job.retryLimit,
      });
      deps.logger.debug({ resultId: job.data.result_id, outcome }, 'CRM write-back');
    },
  );
}
