import {
  INTEGRATIONS_REFETCH_MS,
  integrationDetailResponseSchema,
  type IntegrationDetail,
} from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { isSyncBusy } from '../lib/sync-state';
import { integrationsQueryKey } from './get-integrations';

/** GET /api/integration/{id}: the required fields and the saved values (secrets masked). */
export async function getIntegration(id: number): Promise<IntegrationDetail> {
  const { data } = await http.get(`/api/integration/${id}`, integrationDetailResponseSchema);
  return data;
}

export const integrationQueryKey = (id: number) => [...integrationsQueryKey, id] as const;

export const integrationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: integrationQueryKey(id),
    queryFn: () => getIntegration(id),
    // Always the stored values when the dialog opens, never a copy from an earlier opening.
    staleTime: 0,
    gcTime: 0,
    // While a sync is queued or running the open dialog follows it like the list, so Sync comes back.
    refetchInterval: (query) =>
      query.state.data && isSyncBusy(query.state.data) ? INTEGRATIONS_REFETCH_MS : false,
    meta: { errorToast: false },
  });

export function useIntegration(id: number, enabled: boolean) {
  return useQuery({ ...integrationQueryOptions(id), enabled });
}
