import {
  messageResponseSchema,
  type MessageResponse,
  type ResetPasswordBody,
} from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/user/reset-password: 200 {message}; the server ends that user's sessions. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return http.post('/api/user/reset-password', body, messageResponseSchema);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { errorToast: false } });
}
