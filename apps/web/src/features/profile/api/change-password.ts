import {
  messageResponseSchema,
  type ChangePasswordBody,
  type MessageResponse,
} from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/user/change-password: 200 {message}; the server ends every session of the user. */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return http.post('/api/user/change-password', body, messageResponseSchema);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { errorToast: false } });
}
