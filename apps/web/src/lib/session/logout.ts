import { messageResponseSchema, type MessageResponse } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { http } from '@/lib/http';
import { getDeviceId } from '@/lib/storage';
import { clearSession } from './clear-session';

/** How long a logout waits for the session's last analytics events to go out. */
export const LOGOUT_ANALYTICS_WAIT_MS = 1000;

/**
 * POST /api/user/logout {device_uuid}, once the session's analytics events still waiting in the
 * batch have been sent (after the logout the server could no longer attribute them), or after
 * LOGOUT_ANALYTICS_WAIT_MS at most.
 */
export async function logout(): Promise<MessageResponse> {
  // Imported here, not at the top: the analytics module brings the shared schemas' zod, which
  // would otherwise join the chunk the login page loads too.
  const { analytics } = await import('@/lib/analytics');
  await Promise.race([
    analytics.flush(),
    new Promise((resolve) => setTimeout(resolve, LOGOUT_ANALYTICS_WAIT_MS)),
  ]);
  return http.post('/api/user/logout', { device_uuid: getDeviceId() }, messageResponseSchema);
}

/**
 * POST /api/user/logout {device_uuid}; then clears cookies, stored user, device id and the query
 * cache and goes to '/'. The local session is forgotten even when the call fails (the server
 * session may already be gone), so the user is never stuck logged in.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { errorToast: false },
    onSettled: async () => {
      await clearSession(queryClient, { deviceId: true });
      navigate('/', { replace: true });
    },
  });
}
