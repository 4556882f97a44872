import type { ForgotPasswordBody } from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/user/forgot-password: the same {message} whether or not the address has an account. */
export function forgotPassword(body: ForgotPasswordBody): Promise<{ message: string }> {
  return http.post<{ message: string }>('/api/user/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: { errorToast: false } });
}
