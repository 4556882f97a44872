import { userResponseSchema, type AcceptInviteBody, type User } from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/user/accept-invite: 200 {data: User}, and the new account is logged in. */
export async function acceptInvite(body: AcceptInviteBody): Promise<User> {
  const { data } = await http.post('/api/user/accept-invite', body, userResponseSchema);
  return data;
}

export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptInvite, meta: { errorToast: false } });
}
