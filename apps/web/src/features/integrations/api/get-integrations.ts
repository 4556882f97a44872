import {
  INTEGRATIONS_REFETCH_MS,
  integrationListResponseSchema,
  type IntegrationListResponse,
} from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/integration: the catalogue with this company's connection and sync state. */
export function getIntegrations(): Promise<IntegrationListResponse> {
  return http.get('/api/integration', integrationListResponseSchema);
}

export const integrationsQueryKey = ['integrations'] as const;

export const integrationsQueryOptions = () =>
  queryOptions({
    queryKey: integrationsQueryKey,
    queryFn: getIntegrations,
    // Spec §8 "Polling": the sync status moves on the server, so the list follows it every 5 s.
    refetchInterval: INTEGRATIONS_REFETCH_MS,
    // The page shows the error with a retry; a toast every 5 s would pile up.
    meta: { errorToast: false },
  });

export function useIntegrations() {
  return useQuery(integrationsQueryOptions());
}
