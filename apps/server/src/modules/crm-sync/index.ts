/**
 * The CRM sync module: what a sync stores and its bookkeeping; jobs/crm-sync.ts runs the syncs.
 * Code outside the module imports it from here only.
 */
export { CRM_ENTITIES, type CrmEntity } from '../../db/schema/index.js';
export { createCrmConnector, type CrmConnector } from './crm-connection.js';
export { type SyncTarget } from './crm-sync-records.repo.js';
export {
  createCrmSyncStateRepo,
  type CrmSyncStateRepo,
  type SyncCounts,
} from './crm-sync-state.repo.js';
export type { JobCompletedEvent } from './job-completed-event.js';
export { markJobCompleted, markJobCompletionPublished } from './job-completion.repo.js';
export { commitSyncPage } from './sync-page.repo.js';
