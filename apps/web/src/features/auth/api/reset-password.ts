import type { ResetPasswordBody } from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/user/reset-password: 200 {message}; the server ends that user's sessions. */
export function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  return http.post<{ message: string }>('/api/user/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { errorToast: false } });
}
