import { INTEGRATION_MESSAGES } from '@fieldbot/shared';
import { showToast } from '@/lib/notify';

/** Spec §8 notice once a sync starts; it stays long enough to be read. */
export function showSyncNotice(): void {
  void showToast({
    id: 'integration-sync-notice',
    color: 'blue',
    title: INTEGRATION_MESSAGES.syncStarted,
    message: INTEGRATION_MESSAGES.syncNotice,
    autoClose: 15_000,
  });
}
