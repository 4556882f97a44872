import { teamMessageResponseSchema } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { teamQueryKey } from './get-team';

/** POST /api/company/team/{id}/invite → {message}: e-mails a CRM-created member an invitation. */
export function inviteNotInvitedMember(id: string): Promise<{ message: string }> {
  return http.post(
    `/api/company/team/${encodeURIComponent(id)}/invite`,
    {},
    teamMessageResponseSchema,
  );
}

/** Invites a Not Invited member; the team list refetches (the row becomes Invited). */
export function useInviteNotInvitedMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteNotInvitedMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
