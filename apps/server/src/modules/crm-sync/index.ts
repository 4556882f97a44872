/**
 * The CRM sync module: what a sync stores and its bookkeeping; jobs/crm-sync.ts runs the syncs.
 * Code outside the module imports it from here only.
 */
export { createCrmConnector, type CrmConnector } from './crm-connection.js';
export { upsertPage, type SyncTarget } from './crm-sync-records.repo.js';
export {
  createCrmSyncStateRepo,
  moveCursor,
  type CrmSyncStateRepo,
  type SyncCounts,
} from './crm-sync-state.repo.js';
export type { JobCompletedEvent } from './job-completed-event.js';
