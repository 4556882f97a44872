import type { QueryClient } from '@tanstack/react-query';
import { clearAuthCookies } from '@/lib/cookies';
import { setSessionFlags } from '@/lib/session-flags';
import { clearDeviceId, clearStoredUser } from '@/lib/storage';
import { meQueryKey } from './get-me';

/**
 * Forgets the session on this browser: cookies, stored user (and device id when asked), every
 * cached query; the current user becomes null so the route guard sends the visitor to login.
 */
export async function clearSession(
  queryClient: QueryClient,
  { deviceId = false }: { deviceId?: boolean } = {},
): Promise<void> {
  clearAuthCookies();
  clearStoredUser();
  if (deviceId) clearDeviceId();
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  setSessionFlags({
    sessionExpired: false,
    noPermission: false,
    paymentDue: false,
    signedOut: true,
  });
  queryClient.setQueryData(meQueryKey, null);
}
