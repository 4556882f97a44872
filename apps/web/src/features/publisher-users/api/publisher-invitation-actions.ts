import {
  publisherInvitationResendPath,
  publisherInvitationRevokePath,
  teamMessageResponseSchema,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationActionVariables } from '@/components/user-list';
import { http } from '@/lib/http';
import { publisherUsersQueryKey } from './get-publisher-users';

const PATHS = { resend: publisherInvitationResendPath, revoke: publisherInvitationRevokePath };

/** POST /api/publisher/users/invitations/{id}/resend|revoke → {message}. */
export function publisherInvitationAction({
  id,
  action,
}: InvitationActionVariables): Promise<{ message: string }> {
  return http.post(PATHS[action](encodeURIComponent(id)), {}, teamMessageResponseSchema);
}

/** Resend or revoke a pending invitation; the list refetches either way. */
export function usePublisherInvitationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publisherInvitationAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: publisherUsersQueryKey }),
  });
}
