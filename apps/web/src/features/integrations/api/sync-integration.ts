import {
  INTEGRATION_MESSAGES,
  syncIntegrationResponseSchema,
  type IntegrationListResponse,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, http } from '@/lib/http';
import { notifyError } from '@/lib/notify';
import { meQueryKey } from '@/lib/session';
import { markCrmConnected } from '../lib/crm-connected';
import { showSyncNotice } from '../lib/sync-notice';
import { integrationsQueryKey } from './get-integrations';

export type SyncIntegrationResponse = z.infer<typeof syncIntegrationResponseSchema>;

/**
 * POST /api/integration/sync {integration_id}. Without an id there is nothing to sync: it fails
 * with 'Integration ID Not Found' (spec §8) before any request, as the server would.
 */
export function syncIntegration(
  integrationId: number | undefined,
): Promise<SyncIntegrationResponse> {
  if (!integrationId) {
    return Promise.reject(new ApiError(422, INTEGRATION_MESSAGES.idNotFound));
  }
  return http.post(
    '/api/integration/sync',
    { integration_id: integrationId },
    syncIntegrationResponseSchema,
  );
}

/**
 * Starts a sync. On success the sync notice shows, the list row takes the server's new state and
 * the company counts as CRM-connected in app state (spec §4 "Integration dialog"); errors toast.
 */
export function useSyncIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncIntegration,
    // Every caller shows the failure the same way; the toast is here so none can forget it.
    meta: { errorToast: false },
    onError: notifyError,
    onSuccess: async ({ data }) => {
      showSyncNotice();
      queryClient.setQueryData<IntegrationListResponse>(integrationsQueryKey, (list) =>
        list ? { data: list.data.map((row) => (row.id === data.id ? data : row)) } : list,
      );
      markCrmConnected(queryClient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
