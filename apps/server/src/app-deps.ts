import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { CapacityCheckQueue } from './jobs/capacity-check.js';
import type { RetentionQueue } from './jobs/retention-sweep.js';
import type { BackRunStartQueue } from './modules/bot-back-runs/index.js';
import type { BotRunQueue } from './modules/bot-runs/index.js';
import type { CrmSyncQueue } from './modules/integrations/index.js';
import type { WebhookDeliveryQueue } from './modules/webhooks/index.js';
import type { CustomerDeletionQueue } from './modules/customer-privacy/index.js';
import type { PipelineQueue } from './modules/recordings/index.js';
import type { BotEngines } from './providers/bot-engine/index.js';
import type { MailMessage } from './providers/mail/index.js';
import type { PaymentProvider } from './providers/payments/index.js';
import type { StorageProvider } from './providers/storage/index.js';

/** What buildApp is given: the configuration, the database and the outside services and queues. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  storage: StorageProvider;
  /** Queues an e-mail (pg-boss send-email); a dedupe key already queued is not queued again. */
  sendMail(message: MailMessage, options?: { dedupeKey?: string }): Promise<void>;
  /** Queues the interaction pipeline: audio merge of new recordings, CSR call downloads. */
  pipeline: PipelineQueue;
  /** The bot engines (test runs of the builder); server.ts builds them from the configuration. */
  botEngines: BotEngines;
  /** Queues bot runs: one pg-boss job per bot result. */
  botRuns: BotRunQueue;
  /** Queues the start job of a back-run. */
  backRuns: BackRunStartQueue;
  /** Queues a capacity check of one company (resumes paused work after a limit is raised). */
  capacityCheck?: CapacityCheckQueue;
  /** Card payments: Stripe when configured, else the built-in sandbox (createPaymentProvider). */
  payments: PaymentProvider;
  /** Queues CRM syncs (the sync engine, jobs/crm-sync.ts). */
  crmSync: CrmSyncQueue;
  /** Queues webhook deliveries ("Send test"; events fan out in the workers). */
  webhooks: WebhookDeliveryQueue;
  /** Queues a customer's deletion job (one per privacy request). */
  customerDeletion: CustomerDeletionQueue;
  /** Queues a company's retention sweep (besides the daily one). */
  retention?: RetentionQueue;
  /** The request log's destination instead of stdout (tests capture it). */
  logStream?: { write(line: string): void };
}
