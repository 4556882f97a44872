import { marketplaceBotDetailResponseSchema, marketplaceBotPath } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { marketplaceQueryKey } from './get-marketplace-bots';

/** GET /api/marketplace/bots/{botId}: the bot as this company sees it (404: not one it may see). */
export async function getMarketplaceBot(botId: string) {
  const { data } = await http.get(marketplaceBotPath(botId), marketplaceBotDetailResponseSchema);
  return data;
}

export const marketplaceBotQueryKey = (botId: string) =>
  [...marketplaceQueryKey, 'bot', botId] as const;

export const marketplaceBotQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: marketplaceBotQueryKey(botId),
    queryFn: () => getMarketplaceBot(botId),
    // The page shows not-found and other failures in place.
    meta: { errorToast: false },
  });

export function useMarketplaceBot(botId: string) {
  return useQuery(marketplaceBotQueryOptions(botId));
}
