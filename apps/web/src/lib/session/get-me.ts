import { USER_REFETCH_INTERVAL_MS, type User } from '@fieldbot/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '@/lib/query-client';
import { getMe, rememberLoggedInUser } from './fetch-me';

export const meQueryKey = ['session', 'me'] as const;

/** The current user: refetched every 15 minutes, retried twice (spec §4, §7, §9). */
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: getMe,
  refetchInterval: USER_REFETCH_INTERVAL_MS,
  staleTime: USER_REFETCH_INTERVAL_MS,
  retry: shouldRetry,
  meta: { errorToast: false },
});

/** The whole query, for the route guard (it must tell "loading" from "logged out"). */
export function useMeQuery() {
  return useQuery(meQueryOptions);
}

/** The logged-in user, or null when logged out (or not loaded yet). */
export function useCurrentUser(): User | null {
  return useQuery(meQueryOptions).data ?? null;
}

/**
 * Call after a successful login / accept-invite with the returned user: stores it locally (spec §3)
 * and makes it the current user, which lets the route guard move on.
 */
export function setCurrentUser(queryClient: QueryClient, user: User): void {
  rememberLoggedInUser(user);
  queryClient.setQueryData(meQueryKey, user);
}
