import { teamMessageResponseSchema, type TeamUpdateBody } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { teamQueryKey } from './get-team';
import { teamMemberQueryKey } from './get-team-member';

/** POST /api/company/team/update {id, name?, phone?, role_alias?} → {message}. */
export function updateTeamMember(body: TeamUpdateBody): Promise<{ message: string }> {
  return http.post('/api/company/team/update', body, teamMessageResponseSchema);
}

export function useUpdateTeamMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamMemberQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: teamQueryKey }),
      ]),
  });
}
