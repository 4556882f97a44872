import {
  publisherUserListResponseSchema,
  publisherUsersPath,
  type PublisherUserListQuery,
  type PublisherUserListResponse,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/publisher/users?page&keyword&status&role&sort_by&sort_direction → {data: {items, count, counts}}. */
export function getPublisherUsers(
  query: PublisherUserListQuery,
): Promise<PublisherUserListResponse> {
  return http.get(publisherUsersPath, publisherUserListResponseSchema, { query });
}

export const publisherUsersQueryKey = ['publisher', 'users', 'list'] as const;

export const publisherUsersQueryOptions = (query: PublisherUserListQuery) =>
  queryOptions({
    queryKey: [...publisherUsersQueryKey, query],
    queryFn: () => getPublisherUsers(query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The page shows the error in place of the table.
    meta: { errorToast: false },
  });

export function usePublisherUsers(query: PublisherUserListQuery) {
  return useQuery(publisherUsersQueryOptions(query));
}
