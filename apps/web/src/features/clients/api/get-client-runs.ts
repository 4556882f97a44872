import {
  clientRunsPath,
  clientRunsResponseSchema,
  type ClientRunsQuery,
  type ClientRunsResponse,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { clientQueryKey } from './get-client';

/** GET /api/publisher/clients/{id}/runs?page&month&status&bot_id&sort_direction → {data: {items, count}}. */
export function getClientRuns(id: string, query: ClientRunsQuery): Promise<ClientRunsResponse> {
  return http.get(clientRunsPath(id), clientRunsResponseSchema, { query });
}

export const clientRunsQueryOptions = (id: string, query: ClientRunsQuery) =>
  queryOptions({
    queryKey: [...clientQueryKey(id), 'runs', query],
    queryFn: () => getClientRuns(id, query),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });

export function useClientRuns(id: string, query: ClientRunsQuery) {
  return useQuery(clientRunsQueryOptions(id, query));
}
