import { clientBotsPath, clientBotsResponseSchema, type ClientBot } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { clientQueryKey } from './get-client';

/** GET /api/publisher/clients/{id}/bots → {data: ClientBot[]}: the publisher's bots the client uses. */
export async function getClientBots(id: string): Promise<ClientBot[]> {
  const { data } = await http.get(clientBotsPath(id), clientBotsResponseSchema);
  return data;
}

export const clientBotsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...clientQueryKey(id), 'bots'],
    queryFn: () => getClientBots(id),
    meta: { errorToast: false },
  });

export function useClientBots(id: string) {
  return useQuery(clientBotsQueryOptions(id));
}
