import { teamMessageResponseSchema } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationAction } from '@/components/user-list';
import { http } from '@/lib/http';
import { teamQueryKey } from './get-team';

/** POST /api/company/team/invitations/{id}/resend|revoke → {message}. */
export function invitationAction(
  id: string,
  action: InvitationAction,
): Promise<{ message: string }> {
  return http.post(
    `/api/company/team/invitations/${encodeURIComponent(id)}/${action}`,
    {},
    teamMessageResponseSchema,
  );
}

/** Resend or revoke a pending invitation; the team list refetches either way. */
export function useInvitationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: InvitationAction }) =>
      invitationAction(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
