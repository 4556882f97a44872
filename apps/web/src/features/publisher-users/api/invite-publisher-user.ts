import {
  publisherInvitePath,
  teamMessageResponseSchema,
  type PublisherInviteBody,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { publisherUsersQueryKey } from './get-publisher-users';

/** POST /api/publisher/users/invite {email, role_alias} → {message}. */
export function invitePublisherUser(body: PublisherInviteBody): Promise<{ message: string }> {
  return http.post(publisherInvitePath, body, teamMessageResponseSchema);
}

export function useInvitePublisherUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invitePublisherUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publisherUsersQueryKey }),
  });
}
