import {
  publisherBotRatingsPath,
  ratingListResponseSchema,
  type RatingListResponse,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botQueryKey } from './get-bot';

/** GET /api/publisher/bots/{id}/ratings?page → the page of ratings, newest first, and the summary. */
export function getBotRatings(botId: string, page: number): Promise<RatingListResponse> {
  return http.get(publisherBotRatingsPath(botId), ratingListResponseSchema, { query: { page } });
}

export const botRatingsQueryKey = (botId: string) => [...botQueryKey(botId), 'ratings'] as const;

export const botRatingsQueryOptions = (botId: string, page: number) =>
  queryOptions({
    queryKey: [...botRatingsQueryKey(botId), page],
    queryFn: () => getBotRatings(botId, page),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });

export function useBotRatings(botId: string, page: number) {
  return useQuery(botRatingsQueryOptions(botId, page));
}
