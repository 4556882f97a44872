import {
  clientListResponseSchema,
  clientsPath,
  type ClientListQuery,
  type ClientListResponse,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/publisher/clients?page&keyword&month&sort_by&sort_direction → {data: {items, count, totals}}. */
export function getClients(query: ClientListQuery): Promise<ClientListResponse> {
  return http.get(clientsPath, clientListResponseSchema, { query });
}

export const clientsQueryKey = ['clients'] as const;

export const clientsQueryOptions = (query: ClientListQuery) =>
  queryOptions({
    queryKey: [...clientsQueryKey, 'list', query],
    queryFn: () => getClients(query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The page shows the error in place of the table.
    meta: { errorToast: false },
  });

export function useClients(query: ClientListQuery) {
  return useQuery(clientsQueryOptions(query));
}
