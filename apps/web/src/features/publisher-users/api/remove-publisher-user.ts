import { publisherUserPath, teamMessageResponseSchema } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { publisherUsersQueryKey } from './get-publisher-users';

/** DELETE /api/publisher/users/{id} → {message}: the user leaves the publisher. */
export function removePublisherUser(id: string): Promise<{ message: string }> {
  return http.delete(
    publisherUserPath(encodeURIComponent(id)),
    undefined,
    teamMessageResponseSchema,
  );
}

export function useRemovePublisherUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePublisherUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: publisherUsersQueryKey }),
  });
}
