import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppConfig, CrmConfig, JobLivenessConfig, PipelineConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { AudioTools } from '../providers/audio/index.js';
import type { BotEngines } from '../providers/bot-engine/index.js';
import type { MailMessage, MailProvider } from '../providers/mail/index.js';
import type { PaymentProvider } from '../providers/payments/payment-provider.js';
import { createBilling } from '../modules/billing/index.js';
import { createBillingQueues, registerBillingWorkers } from './billing-close.js';
import { createBotRetirementQueue, registerBotRetirementWorker } from './bot-retirement.js';
import {
  createDashboardRefreshQueue,
  registerDashboardRefreshWorker,
} from './dashboard-refresh.js';
import type { StorageProvider } from '../providers/storage/index.js';
import type { SpeechToText } from '../providers/transcription/index.js';
import { type BackRunStartQueue, createBotBackRunsRepo } from '../modules/bot-back-runs/index.js';
import {
  type BotRunQueue,
  createBotRunJobRepo,
  createBotRunsRepo,
} from '../modules/bot-runs/index.js';
import type { PipelineQueue } from '../modules/recordings/index.js';
import { createAudioMergeStep } from './audio-merge.js';
import {
  createAudioBleepQueue,
  createAudioBleepStep,
  registerAudioBleepWorker,
} from './audio-bleep.js';
import { createAudioBleepRepo, createRedactionReader } from '../modules/privacy-settings/index.js';
import {
  createBotAutomation,
  createBotAutomationQueues,
  registerBotAutomationWorkers,
} from './bot-automation.js';
import {
  createBackRunStarter,
  createBackRunStartSender,
  createBotBackRunQueue,
  registerBackRunWorker,
} from './bot-back-run.js';
import {
  createBotRunHandler,
  createBotRunQueues,
  createBotRunSender,
  registerBotRunWorkers,
} from './bot-run.js';
import { createCapacityService } from '../modules/capacity/index.js';
import {
  createCapacityCheckSender,
  createCapacityQueues,
  createResumeQueue,
  registerCapacityWorkers,
  type CapacityCheckQueue,
} from './capacity-check.js';
import { createCallDownloadStep } from './call-download.js';
import type { CrmSyncQueue } from '../modules/integrations/index.js';
import { createCrmConnector, createCrmSyncStateRepo } from '../modules/crm-sync/index.js';
import type { CrmProviders } from '../providers/crm/crm-provider.js';
import { createCrmSyncQueues, createCrmSyncSender, registerCrmSyncWorkers } from './crm-sync.js';
import {
  createWebhookDispatcherFor,
  type WebhookConfig,
  type WebhookDeliveryQueue,
} from '../modules/webhooks/index.js';
import {
  createWebhookDeliverySender,
  createWebhookQueues,
  registerWebhookWorkers,
} from './webhook-delivery.js';
import { createCrmWritebackQueue, registerCrmWritebackWorker } from './crm-writeback.js';
import { createCrmWritebackRepo } from '../modules/crm-writeback/index.js';
import {
  AUDIO_MERGE_QUEUE,
  CALL_DOWNLOAD_QUEUE,
  createPipelineQueues,
  createPipelineSender,
  registerPipelineWorkers,
  TRANSCRIBE_QUEUE,
  type LocalPipelineWorkers,
} from './pipeline.js';
import { createPipelineRepo } from '../modules/interactions/index.js';
import { registerPurgeExpired, type PurgeDeps } from './purge-expired.js';
import {
  createSendEmailQueue,
  queueEmail,
  registerSendEmailWorker,
  SEND_EMAIL_QUEUE,
} from './send-email.js';
import { withJobLiveness } from './job-liveness.js';
import { createTranscribeStep } from './transcribe.js';
import { createAlertEngine, createAlertsRepo } from '../modules/alerts/index.js';
import { alertPublisher, createAlertQueues, registerAlertWorkers } from './alert-workers.js';
import {
  createRetentionQueues,
  createRetentionSender,
  registerRetentionWorkers,
  type RetentionQueue,
} from './retention-sweep.js';
import type { CustomerDeletionQueue } from '../modules/customer-privacy/index.js';
import {
  createCustomerDeletionQueue,
  createCustomerDeletionSender,
  registerCustomerDeletionWorker,
} from './customer-deletion.js';

/** What the rest of the app needs from the job queue. */
export interface JobQueue {
  /** With a dedupe key, a mail already queued under that key is not queued again. */
  sendEmail(message: MailMessage, options?: { dedupeKey?: string }): Promise<void>;
  /** Queues the interaction pipeline (see jobs/pipeline.ts). */
  pipeline: PipelineQueue;
  /** Queues bot runs (one job per bot result, see jobs/bot-run.ts). */
  botRuns: BotRunQueue;
  /** Queues a back-run's start job, which creates its runs in chunks (jobs/bot-back-run.ts). */
  backRuns: BackRunStartQueue;
  /** Queues a capacity check of one company (its limits changed, a payment cleared its hold). */
  capacity: CapacityCheckQueue;
  /** Queues a CRM sync of one company integration (jobs/crm-sync.ts). */
  crmSync: CrmSyncQueue;
  /** Queues webhook deliveries (jobs/webhook-delivery.ts). */
  webhooks: WebhookDeliveryQueue;
  /** Queues a company's retention sweep (jobs/retention-sweep.ts). */
  retention: RetentionQueue;
  /** Queues a customer's deletion (jobs/customer-deletion.ts). */
  customerDeletion: CustomerDeletionQueue;
  stop(): Promise<void>;
}

/** The outside services the interaction pipeline's workers use. */
export interface PipelineWorkerDeps {
  storage: StorageProvider;
  audio: AudioTools;
  stt: SpeechToText;
}

export interface StartQueueOptions {
  database: Database;
  databaseUrl: string | undefined;
  logger: Logger;
  /** Retries and expiry of pipeline jobs: web processes queue them too. */
  pipeline: PipelineConfig;
  /** How often expired jobs (a killed worker's) are retried and old ones purged. */
  maintenanceIntervalSeconds: number;
  /** How often a worker renews its jobs, and how soon a job not renewed is a dead worker's. */
  liveness: JobLivenessConfig;
  /** When set, this process also works the queues. */
  workers?: {
    mail: MailProvider;
    purge: PurgeDeps;
    pipeline: PipelineWorkerDeps;
    /** The engines bot-run jobs analyse transcripts with. */
    botEngines: BotEngines;
    /**
     * Spending limits: holds bot runs and transcription of a company at its hard
     * capacity or while payment is due, resumes them, e-mails soft-capacity thresholds.
     */
    capacity: {
      pricePerMinuteCents: number;
      checkSeconds: number;
      /** The page the e-mails link to. */
      settingsUrl: string;
      /** How long a worker trusts a "not on hold" verdict before measuring the spend again. */
      holdCacheMs: number;
    };
    /** The monthly close charges through this provider. */
    billing: { payments: PaymentProvider; config: Pick<AppConfig, 'appUrl' | 'billing'> };
    /** CRM syncs and the download of synced calls' recordings. */
    crm: { config: CrmConfig; providers: CrmProviders };
    /** Alert e-mails: the app URL of their links and the key their unsubscribe links are signed with. */
    alerts: { appUrl: string; secret: string };
    /** Outgoing webhooks: the allow-list of private hosts, the app URL for links. */
    webhooks: WebhookConfig;
  };
}

export async function startJobQueue(options: StartQueueOptions): Promise<JobQueue> {
  const { database, databaseUrl, logger, workers } = options;
  const common = {
    // Only worker processes run maintenance; web-only processes just enqueue.
    supervise: Boolean(workers),
    schedule: Boolean(workers),
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  };
  const pgBoss =
    database.kind === 'postgres' && databaseUrl
      ? new PgBoss({ connectionString: databaseUrl, max: 4, ...common })
      : new PgBoss({
          db: { executeSql: (text, values) => database.executeSql(text, values) },
          ...common,
        });
  pgBoss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await pgBoss.start();
  // Workers renew the jobs they work and log their failures (jobs/job-liveness.ts).
  const liveness = withJobLiveness(pgBoss, options.liveness, logger);
  const boss = liveness.boss;
  await createSendEmailQueue(boss);
  await createPipelineQueues(boss);
  await createAudioBleepQueue(boss, options.pipeline);
  await createBotRunQueues(boss);
  await createBotAutomationQueues(boss);
  await createBotBackRunQueue(boss);
  await createCapacityQueues(boss);
  await createBillingQueues(boss);
  await createCrmSyncQueues(boss);
  await createCrmWritebackQueue(boss, options.pipeline);
  await createBotRetirementQueue(boss);
  await createDashboardRefreshQueue(boss);
  await createAlertQueues(boss);
  await createWebhookQueues(boss);
  await createRetentionQueues(boss);
  await createCustomerDeletionQueue(boss);
  const localWorkers: LocalPipelineWorkers = new Map();
  const pipeline = createPipelineSender(boss, options.pipeline, localWorkers);
  const localBotWorkers: string[] = [];
  const botRuns = createBotRunSender(boss, options.pipeline, localBotWorkers);
  const backRuns = createBackRunStartSender(boss, options.pipeline);
  const capacity = createCapacityCheckSender(boss);
  const crmSyncRepo = createCrmSyncStateRepo(database.db);
  const crmSync = createCrmSyncSender(boss, crmSyncRepo, options.pipeline);
  const webhooks = createWebhookDeliverySender(boss);
  const retention = createRetentionSender(boss);
  const customerDeletion = createCustomerDeletionSender(boss);
  let stopCapacityTimer: (() => void) | undefined;
  let stopCrmSchedule: (() => void) | undefined;
  if (workers) {
    // PGlite runs one query at a time, so extra pollers there would only add load.
    const postgres = database.kind === 'postgres';
    await registerSendEmailWorker(boss, workers.mail, postgres ? 3 : 1);
    await registerPurgeExpired(boss, workers.purge);
    const capacityService = createCapacityService({
      db: database.db,
      pricePerMinuteCents: workers.capacity.pricePerMinuteCents,
      resume: createResumeQueue(boss, options.pipeline),
      sendMail: async (message) => {
        await boss.send(SEND_EMAIL_QUEUE, message);
      },
      settingsUrl: workers.capacity.settingsUrl,
      holdCacheMs: workers.capacity.holdCacheMs,
    });
    const holdOf = (companyId: string) => capacityService.holdOf(companyId);
    const deps = { ...workers.pipeline, db: database.db, config: options.pipeline, logger };
    const repo = createPipelineRepo(database.db);
    const crmConnector = createCrmConnector({
      config: workers.crm.config,
      providers: workers.crm.providers,
      repo: crmSyncRepo,
    });
    await registerPipelineWorkers(boss, {
      handlers: {
        [AUDIO_MERGE_QUEUE]: createAudioMergeStep(deps, repo, pipeline),
        [TRANSCRIBE_QUEUE]: createTranscribeStep(deps, repo, boss, holdOf),
        [CALL_DOWNLOAD_QUEUE]: createCallDownloadStep(deps, repo, pipeline, crmConnector),
      },
      localWorkers,
      logger,
      transcribePollers: postgres ? 2 : 1,
    });
    await registerAudioBleepWorker(
      boss,
      createAudioBleepStep({ ...workers.pipeline, repo: createAudioBleepRepo(database.db) }),
      logger,
    );
    await registerBotRunWorkers(
      boss,
      createBotRunHandler({
        repo: createBotRunJobRepo(database.db),
        engines: workers.botEngines,
        logger,
        holdOf,
        events: boss,
        redactionOf: createRedactionReader(database.db),
      }),
      // LLM calls wait on the network: a few at once per process on PostgreSQL.
      { pollers: postgres ? 3 : 1, localWorkers: localBotWorkers },
    );
    await registerBotAutomationWorkers(
      boss,
      createBotAutomation({ repo: createBotRunsRepo(database.db), queue: botRuns }),
      logger,
      // Each event is a few short transactions (runs are deduplicated by key), so they overlap well.
      postgres ? 3 : 1,
    );
    await registerBackRunWorker(
      boss,
      createBackRunStarter({
        repo: createBotBackRunsRepo(database.db),
        line: createBotRunsRepo(database.db),
        queue: botRuns,
      }),
      logger,
    );
    stopCapacityTimer = await registerCapacityWorkers(boss, {
      service: capacityService,
      logger,
      checkSeconds: workers.capacity.checkSeconds,
    });
    await registerBillingWorkers(boss, {
      billing: createBilling({
        db: database.db,
        config: workers.billing.config,
        payments: workers.billing.payments,
        sendMail: async (message) => {
          await boss.send(SEND_EMAIL_QUEUE, message);
        },
      }),
      closeCron: workers.billing.config.billing.closeCron,
      logger,
    });
    await registerBotRetirementWorker(boss, {
      db: database.db,
      sendMail: (message, options) => queueEmail(boss, message, options),
      appUrl: workers.billing.config.appUrl,
      logger,
    });
    await registerDashboardRefreshWorker(boss, { db: database.db, logger });
    await registerRetentionWorkers(boss, {
      db: database.db,
      storage: workers.pipeline.storage,
      logger,
    });
    await registerAlertWorkers(boss, {
      engine: createAlertEngine({
        db: database.db,
        repo: createAlertsRepo(database.db),
        publish: alertPublisher(boss),
        sendMail: (message, mailOptions) => queueEmail(boss, message, mailOptions),
        links: workers.alerts,
        pricePerMinuteCents: workers.capacity.pricePerMinuteCents,
        logger,
      }),
      logger,
    });
    await registerWebhookWorkers(
      boss,
      createWebhookDispatcherFor(workers.webhooks, {
        db: database.db,
        queue: webhooks,
        sendMail: (message, mailOptions) => queueEmail(boss, message, mailOptions),
      }).dispatcher,
      logger,
    );
    stopCrmSchedule = await registerCrmSyncWorkers(boss, {
      db: database.db,
      repo: crmSyncRepo,
      connector: crmConnector,
      boss,
      pipeline,
      crm: workers.crm.config,
      pipelineConfig: options.pipeline,
      logger,
      sender: crmSync,
      syncIntervalMinutes: workers.crm.config.syncIntervalMinutes,
    });
    await registerCustomerDeletionWorker(boss, {
      db: database.db,
      storage: workers.pipeline.storage,
      logger,
    });
    await registerCrmWritebackWorker(boss, {
      repo: createCrmWritebackRepo(database.db),
      connector: crmConnector,
      appUrl: workers.billing.config.appUrl,
      logger,
    });
  }

  return {
    sendEmail: (message, options) => queueEmail(boss, message, options),
    pipeline: { mergeRecording: pipeline.mergeRecording, downloadCall: pipeline.downloadCall },
    botRuns,
    backRuns,
    capacity,
    crmSync,
    webhooks,
    customerDeletion,
    retention,
    async stop() {
      stopCapacityTimer?.();
      stopCrmSchedule?.();
      liveness.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
