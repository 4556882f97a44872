/**
 * The integrations module: a company's CRM connections and their sync triggers. Code outside the
 * module imports it from here only.
 */
export { resealCrmCredentials } from './crm-reseal.js';
export type { CrmSyncQueue, SyncTrigger } from './crm-sync-queue.js';
export { crmCredentialsBox, registerIntegrationsModule } from './integrations.module.js';
