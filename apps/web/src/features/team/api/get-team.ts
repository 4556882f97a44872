import {
  teamListResponseSchema,
  type TeamListQuery,
  type TeamListResponse,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/company/team?page&keyword&status&role&sort_by&sort_direction → {data: {items, count, counts}}. */
export function getTeam(query: TeamListQuery): Promise<TeamListResponse> {
  return http.get('/api/company/team', teamListResponseSchema, { query });
}

export const teamQueryKey = ['team', 'list'] as const;

export const teamQueryOptions = (query: TeamListQuery) =>
  queryOptions({
    queryKey: [...teamQueryKey, query],
    queryFn: () => getTeam(query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The page shows the error in place of the table.
    meta: { errorToast: false },
  });

export function useTeam(query: TeamListQuery) {
  return useQuery(teamQueryOptions(query));
}
