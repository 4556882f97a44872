import type { SYNC_TRIGGERS } from '../../db/schema/integrations.js';

export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];

/**
 * What the integrations routes need of the sync engine (jobs/crm-sync.ts implements it): queue a
 * sync of one company integration now. The engine sets sync_process_status ('pending' at once,
 * 'in-progress' while it runs, then 'success' or 'fail') and never runs two syncs of a company at
 * the same time; asking while one is queued or running adds nothing.
 */
export interface CrmSyncQueue {
  requestSync(companyIntegrationId: string, trigger: SyncTrigger): Promise<void>;
}
