import { teamMessageResponseSchema, type TeamInviteBody } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { teamQueryKey } from './get-team';

/** POST /api/company/team/invite {email, role_alias} → {message}. */
export function inviteMember(body: TeamInviteBody): Promise<{ message: string }> {
  return http.post('/api/company/team/invite', body, teamMessageResponseSchema);
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
