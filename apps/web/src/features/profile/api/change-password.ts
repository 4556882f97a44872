import type { ChangePasswordBody } from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/user/change-password: 200 {message}; the server ends every session of the user. */
export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return http.post<{ message: string }>('/api/user/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { errorToast: false } });
}
