import { marketplaceRatingsPath, ratingListResponseSchema } from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { marketplaceBotQueryKey } from './get-marketplace-bot';

/** GET /api/marketplace/bots/{botId}/ratings?page: newest first, with the summary and distribution. */
export async function getBotRatings(botId: string, page: number) {
  const { data } = await http.get(marketplaceRatingsPath(botId), ratingListResponseSchema, {
    query: { page },
  });
  return data;
}

export const botRatingsQueryOptions = (botId: string, page: number) =>
  queryOptions({
    // Under the bot's key: a new rating refreshes the bot and its ratings together.
    queryKey: [...marketplaceBotQueryKey(botId), 'ratings', page],
    queryFn: () => getBotRatings(botId, page),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });

export function useBotRatings(botId: string, page: number) {
  return useQuery(botRatingsQueryOptions(botId, page));
}
