import { botListResponseSchema, publisherBotsPath, type BotListQuery } from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type BotListResponse = z.infer<typeof botListResponseSchema>;

/** GET /api/publisher/bots?page&keyword&status&trigger&visibility → {data: {items, count}}. */
export function getBots(query: BotListQuery): Promise<BotListResponse> {
  return http.get(publisherBotsPath, botListResponseSchema, { query });
}

export const botsQueryKey = ['bots'] as const;
export const botListQueryKey = [...botsQueryKey, 'list'] as const;

export const botsQueryOptions = (query: BotListQuery) =>
  queryOptions({
    queryKey: [...botListQueryKey, query],
    queryFn: () => getBots(query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The page shows the error in place of the table.
    meta: { errorToast: false },
  });

export function useBots(query: BotListQuery) {
  return useQuery(botsQueryOptions(query));
}
