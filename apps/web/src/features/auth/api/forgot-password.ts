import {
  messageResponseSchema,
  type MessageResponse,
  type ForgotPasswordBody,
} from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/user/forgot-password: the same {message} whether or not the address has an account. */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return http.post('/api/user/forgot-password', body, messageResponseSchema);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: { errorToast: false } });
}
