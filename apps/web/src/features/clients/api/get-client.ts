import { clientDetailResponseSchema, clientPath, type ClientDetail } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { clientsQueryKey } from './get-clients';

/** GET /api/publisher/clients/{id} → {data: ClientDetail}; another publisher's client is a 404. */
export async function getClient(id: string): Promise<ClientDetail> {
  const { data } = await http.get(clientPath(id), clientDetailResponseSchema);
  return data;
}

export const clientQueryKey = (id: string) => [...clientsQueryKey, 'detail', id] as const;

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientQueryKey(id),
    queryFn: () => getClient(id),
    // The page shows not-found or the error in place of the client.
    meta: { errorToast: false },
  });

export function useClient(id: string) {
  return useQuery(clientQueryOptions(id));
}
