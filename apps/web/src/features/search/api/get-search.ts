import {
  searchPath,
  searchResponseSchema,
  type SearchQuery,
  type SearchResponse,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/search?q&page&from&to&type&call_type&technician_id&bot_id&tag&tag_state. */
export function getSearch(query: SearchQuery): Promise<SearchResponse> {
  // Found / not found is about a bot's result: left out without a bot, the URL stays short.
  const tagState = query.bot_id ? query.tag_state : undefined;
  return http.get(searchPath, searchResponseSchema, {
    query: { ...query, tag_state: tagState },
  });
}

export const searchQueryKey = ['search'] as const;

/** `null` (no words to search for yet) sends nothing. */
export const searchQueryOptions = (query: SearchQuery | null) =>
  queryOptions({
    queryKey: [...searchQueryKey, 'hits', query],
    queryFn: query ? () => getSearch(query) : skipToken,
    // The previous page of hits stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The page shows the error in place of the hits, or under the field it is about.
    meta: { errorToast: false },
  });

export function useSearch(query: SearchQuery | null) {
  return useQuery(searchQueryOptions(query));
}
