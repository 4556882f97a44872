import { messageResponseSchema, type MessageResponse } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { http } from '@/lib/http';
import { getDeviceId } from '@/lib/storage';
import { clearSession } from './clear-session';

export function logout(): Promise<MessageResponse> {
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
