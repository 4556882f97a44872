import {
  marketplaceBotListResponseSchema,
  marketplaceBotsPath,
  type MarketplaceBotListQuery,
  type MarketplaceBotListResponse,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/marketplace/bots?page&keyword&trigger&publisher_id&subscribed&sort_by&sort_direction. */
export function getMarketplaceBots(
  query: MarketplaceBotListQuery,
): Promise<MarketplaceBotListResponse> {
  return http.get(marketplaceBotsPath, marketplaceBotListResponseSchema, { query });
}

/** Every marketplace query (lists, detail, ratings) starts with this key. */
export const marketplaceQueryKey = ['marketplace'] as const;
export const marketplaceBotsQueryKey = [...marketplaceQueryKey, 'bots'] as const;

export const marketplaceBotsQueryOptions = (query: MarketplaceBotListQuery) =>
  queryOptions({
    queryKey: [...marketplaceBotsQueryKey, query],
    queryFn: () => getMarketplaceBots(query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The page shows the error in place of the cards.
    meta: { errorToast: false },
  });

export function useMarketplaceBots(query: MarketplaceBotListQuery) {
  return useQuery(marketplaceBotsQueryOptions(query));
}
