import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedDemoData, seedReferenceData } from './seed/seed.js';
import { capacityWorkerConfig } from './jobs/capacity-check.js';
import { alertWorkerConfig } from './jobs/alert-workers.js';
import { startJobQueue, type JobQueue } from './jobs/queue.js';
import { createBotEngines, type BotEngines } from './providers/bot-engine/index.js';
import { createMailProvider } from './providers/mail/index.js';
import { createPaymentProvider } from './providers/payments/index.js';
import { pipelineWorkerDeps } from './jobs/pipeline-deps.js';
import { purgeDeps } from './jobs/purge-deps.js';
import { crmCredentialsBox, type CrmSyncQueue } from './modules/integrations/index.js';
import { createDemoNoteStore } from './modules/crm-writeback/index.js';
import { createCrmProviders } from './providers/crm/index.js';
import type { CrmProviders } from './providers/crm/crm-provider.js';
import { createStorageProvider, type StorageProvider } from './providers/storage/index.js';
import type { PaymentProvider } from './providers/payments/payment-provider.js';
import { serveWebApp } from './web-app/serve-web-app.js';

export interface Server {
  app: FastifyInstance;
  /** SQL on the server's own connection (tests: the embedded database takes no second opener). */
  executeSql: Database['executeSql'];
  /** Queues a CRM sync (tests drive the sync engine through it, as the Sync button does). */
  crmSync: CrmSyncQueue;
  close(): Promise<void>;
}

/** Replacements of outside services (tests inject fake bot engines). */
export interface ServerOverrides {
  botEngines?: BotEngines;
  /** Tests inject an in-memory provider whose cards they script. */
  payments?: PaymentProvider;
  /** Tests inject a recording CRM sync queue. */
  crmSync?: CrmSyncQueue;
  /** Tests read the request log. */
  logStream?: { write(line: string): void };
  /** Tests inject an in-memory CRM whose pages they script. */
  crmProviders?: CrmProviders;
}

/**
 * Migrations, reference data and (SEED_DEMO) the demo data: everything a first start writes before
 * the job queue starts. Tests run it once into a template database that each test file copies.
 */
export async function migrateAndSeed(
  database: Database,
  config: AppConfig,
  storage: StorageProvider,
  logger: Logger,
): Promise<void> {
  await database.migrate(async () => {
    await seedReferenceData(database.db);
    if (
      config.seedDemo &&
      (await seedDemoData(database.db, {
        storage,
        crmCredentials: crmCredentialsBox(config.crm),
        billing: { pricePerMinuteCents: config.billing.pricePerMinuteCents, appUrl: config.appUrl },
      }))
    ) {
      logger.info('demo data loaded (password Demo@12345)');
    }
  });
}

/** The composition root: database, migrations, seed, job queue and the HTTP app. */
export async function createServer(
  config: AppConfig,
  overrides: ServerOverrides = {},
): Promise<Server> {
  const logger = pino({ level: config.logLevel });
  // Before the seed, which stores the demo audio through it.
  const storage = createStorageProvider(config);
  const database = await openDatabase(config);
  const botEngines = overrides.botEngines ?? createBotEngines(config.llm);
  const payments =
    overrides.payments ?? createPaymentProvider(config.billing, database.db, config.sessionSecret);
  let queue: JobQueue | undefined;
  let app: FastifyInstance | undefined;
  try {
    await migrateAndSeed(database, config, storage, logger);

    // Embedded mode has no separate worker processes, so it always works the queue itself.
    const runWorkers = config.runWorkers || database.kind === 'pglite';
    queue = await startJobQueue({
      database,
      databaseUrl: config.databaseUrl,
      logger,
      pipeline: config.pipeline,
      maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
      liveness: config.jobLiveness,
      workers: runWorkers
        ? {
            mail: createMailProvider(config),
            purge: purgeDeps(config, database.db),
            pipeline: pipelineWorkerDeps(config, storage),
            botEngines,
            capacity: capacityWorkerConfig(config),
            billing: { payments, config },
            alerts: alertWorkerConfig(config),
            crm: {
              config: config.crm,
              providers:
                overrides.crmProviders ??
                createCrmProviders(config.crm, { demoNotes: createDemoNoteStore(database.db) }),
            },
            webhooks: config,
          }
        : undefined,
    });

    const jobs = queue;
    app = await buildApp({
      config,
      database,
      storage,
      sendMail: (message, options) => jobs.sendEmail(message, options),
      pipeline: jobs.pipeline,
      botEngines,
      botRuns: jobs.botRuns,
      backRuns: jobs.backRuns,
      capacityCheck: jobs.capacity,
      payments,
      crmSync: overrides.crmSync ?? jobs.crmSync,
      webhooks: jobs.webhooks,
      customerDeletion: jobs.customerDeletion,
      retention: jobs.retention,
      logStream: overrides.logStream,
    });
    await serveWebApp(app, config.webDist);
    await app.ready();
  } catch (error) {
    await app?.close().catch(() => undefined);
    await queue?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }

  const built = app;
  const jobs = queue;
  let closing: Promise<void> | undefined;
  return {
    app: built,
    executeSql: (text, values) => database.executeSql(text, values),
    crmSync: jobs.crmSync,
    close() {
      closing ??= (async () => {
        await built.close();
        await jobs.stop();
        await database.close();
      })();
      return closing;
    },
  };
}
