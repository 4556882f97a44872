import { userResponseSchema, type LoginBody, type User } from '@fieldbot/shared';
import { http } from '@/lib/http';

/**
 * POST /api/user/login: 200 {data: User} and a new session; 422 field errors; 429 when throttled.
 * A plain call: the login page runs without the query client (src/login-main.tsx) and shows 422
 * and 429 itself.
 */
export async function login(body: LoginBody): Promise<User> {
  const { data } = await http.post('/api/user/login', body, userResponseSchema);
  return data;
}
