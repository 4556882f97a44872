import {
  searchFiltersPath,
  searchFiltersResponseSchema,
  type SearchFiltersResponse,
} from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { searchQueryKey } from './get-search';

/** GET /api/search/filters: the technicians and the subscribed bots with their output tags. */
export function getSearchFilters(): Promise<SearchFiltersResponse> {
  return http.get(searchFiltersPath, searchFiltersResponseSchema);
}

export const searchFiltersQueryOptions = () =>
  queryOptions({
    queryKey: [...searchQueryKey, 'filters'],
    queryFn: getSearchFilters,
    // The bot field shows the failure; the page still searches without those filters.
    meta: { errorToast: false },
  });

export function useSearchFilters() {
  return useQuery(searchFiltersQueryOptions());
}
