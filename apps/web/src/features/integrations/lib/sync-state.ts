import type { SyncProcessStatus } from '@fieldbot/shared';

interface SyncState {
  connected_status: 0 | 1;
  sync_process_status: SyncProcessStatus | null;
}

/** A sync is queued or running: Connect/Modify and Sync wait for it (spec §2 "Integrations tab"). */
export function isSyncBusy({ sync_process_status: status }: SyncState): boolean {
  return status === 'pending' || status === 'in-progress';
}

export function isConnected(state: SyncState): boolean {
  return state.connected_status === 1;
}
