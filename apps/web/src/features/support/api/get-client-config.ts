import {
  CLIENT_CONFIG_PATH,
  clientConfigResponseSchema,
  type ClientConfig,
} from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/client-config: the keys of the optional support widget and analytics vendor. */
export async function getClientConfig(): Promise<ClientConfig> {
  return (await http.get(CLIENT_CONFIG_PATH, clientConfigResponseSchema)).data;
}

/** Fixed for the life of the server process: read once per page load. */
export const clientConfigQueryOptions = queryOptions({
  queryKey: ['client-config'],
  queryFn: getClientConfig,
  staleTime: Infinity,
  meta: { errorToast: false },
});

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions);
}
