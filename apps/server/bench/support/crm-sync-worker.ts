/**
 * The worker process of the CRM sync benchmark (bench/crm-sync.ts forks it): the crm-sync queue's
 * worker as `npm run worker` registers it (registerCrmSyncWorkers with the real connector, the
 * ServiceTitan adapter and the repos), and no other worker: the call-download jobs the sync queues
 * stay queued, so the measurement is the sync's alone. It samples its own memory every 20 ms and
 * answers the parent's 'peak' message with the peaks since the last one.
 */
import PgBoss from 'pg-boss';
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { createCrmSyncQueues, registerCrmSyncWorkers } from '../../src/jobs/crm-sync';
import { createPipelineQueues, createPipelineSender } from '../../src/jobs/pipeline';
import { createCrmConnector } from '../../src/modules/crm-sync/crm-connection';
import { createCrmSyncStateRepo } from '../../src/modules/crm-sync/crm-sync-state.repo';
import { createCrmProviders } from '../../src/providers/crm/index';

export interface MemoryPeak {
  rssBytes: number;
  heapUsedBytes: number;
  /** RSS when the worker had started, before any sync. */
  idleRssBytes: number;
}

export type WorkerMessage = { type: 'ready' } | ({ type: 'peak' } & MemoryPeak);

const send = (message: WorkerMessage) => process.send?.(message);

async function main() {
  const config = loadConfig(process.env);
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  // As startJobQueue's: one pool of 4 for the queue beside the app's pool.
  const boss = new PgBoss({ connectionString: config.databaseUrl, max: 4, supervise: false });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await createPipelineQueues(boss);
  await createCrmSyncQueues(boss);
  const repo = createCrmSyncStateRepo(database.db);
  const connector = createCrmConnector({
    config: config.crm,
    providers: createCrmProviders(config.crm),
    repo,
  });
  const pipeline = createPipelineSender(boss, config.pipeline);
  await registerCrmSyncWorkers(boss, {
    db: database.db,
    repo,
    connector,
    boss,
    pipeline,
    crm: config.crm,
    pipelineConfig: config.pipeline,
    logger,
    sender: { requestSync: async () => undefined },
    syncIntervalMinutes: 0,
  });

  const idleRssBytes = process.memoryUsage().rss;
  let peak = { rssBytes: idleRssBytes, heapUsedBytes: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak = {
      rssBytes: Math.max(peak.rssBytes, rss),
      heapUsedBytes: Math.max(peak.heapUsedBytes, heapUsed),
    };
  };
  setInterval(sample, 20).unref();
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'peak') return;
    sample();
    send({ type: 'peak', ...peak, idleRssBytes });
    peak = { rssBytes: 0, heapUsedBytes: 0 };
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
