import {
  AUTH_MESSAGES,
  isCompanyRole,
  STORAGE_KEYS,
  USER_REFETCH_INTERVAL_MS,
  userResponseSchema,
  type User,
} from '@fieldbot/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { http, isApiError } from '@/lib/http';
import { shouldRetry } from '@/lib/query-client';
import { resetSessionFlags } from '@/lib/session-flags';
import { storeUser, writeStorage } from '@/lib/storage';

export const meQueryKey = ['session', 'me'] as const;

/** GET /api/user/me. Logged out (401) is an answer, not an error: it resolves to null. */
export async function getMe(): Promise<User | null> {
  try {
    const { data } = await http.get('/api/user/me', userResponseSchema);
    storeUser(data);
    return data;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

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
  storeUser(user);
  resetSessionFlags();
  // Spec §2 Settings / §8 401: a company owing a payment is told so once, on the invoice history,
  // as if the first company call had answered 401 is_payment_due (the settings layout shows it).
  if (isCompanyRole(user.role.alias) && user.company?.is_payment_due) {
    writeStorage(STORAGE_KEYS.paymentError, AUTH_MESSAGES.paymentDue);
  }
  queryClient.setQueryData(meQueryKey, user);
}
