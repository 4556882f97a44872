import { userResponseSchema, type LoginBody, type User } from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/user/login: 200 {data: User} and a new session; 422 field errors; 429 when throttled. */
export async function login(body: LoginBody): Promise<User> {
  const { data } = await http.post('/api/user/login', body, userResponseSchema);
  return data;
}

/** The form shows 422 and 429 itself, so no automatic toast. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { errorToast: false } });
}
