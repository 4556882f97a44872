import pino from 'pino';
import { exitOnConfigError, loadConfigOrExit } from './config.js';
import { capacityWorkerConfig } from './jobs/capacity-check.js';
import { alertWorkerConfig } from './jobs/alert-workers.js';
import { createBotEngines } from './providers/bot-engine/index.js';
import { createMailProvider } from './providers/mail/index.js';
import { pipelineWorkerDeps } from './jobs/pipeline-deps.js';
import { purgeDeps } from './jobs/purge-deps.js';
import { createStorageProvider } from './providers/storage/index.js';
import { createPaymentProvider } from './providers/payments/index.js';
import { createCrmProviders } from './providers/crm/index.js';
import { createDemoNoteStore } from './modules/crm-writeback/index.js';
import { openQueueRuntime } from './jobs/queue-runtime.js';

/** A worker-only process for PostgreSQL deployments: works the job queues, serves no HTTP. */
async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL). In embedded mode (PGlite) the server runs the workers itself.',
    );
    process.exit(1);
  }
  const logger = pino({ level: config.logLevel });
  const runtime = await exitOnConfigError(() =>
    openQueueRuntime(config, {
      logger,
      workers: (database) => ({
        mail: createMailProvider(config),
        purge: purgeDeps(config, database.db),
        pipeline: pipelineWorkerDeps(config, createStorageProvider(config)),
        botEngines: createBotEngines(config.llm),
        capacity: capacityWorkerConfig(config),
        alerts: alertWorkerConfig(config),
        billing: {
          payments: createPaymentProvider(config.billing, database.db, config.sessionSecret),
          config,
        },
        crm: {
          config: config.crm,
          providers: createCrmProviders(config.crm, {
            demoNotes: createDemoNoteStore(database.db),
          }),
        },
        webhooks: config,
      }),
    }),
  );
  logger.info('worker started');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
