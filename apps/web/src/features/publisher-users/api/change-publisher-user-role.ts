import {
  publisherUserRolePath,
  teamMessageResponseSchema,
  type PublisherRole,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { publisherUsersQueryKey } from './get-publisher-users';

export interface RoleChange {
  id: string;
  role_alias: PublisherRole;
}

/** POST /api/publisher/users/{id}/role {role_alias} → {message} (audited by the server). */
export function changePublisherUserRole({
  id,
  role_alias,
}: RoleChange): Promise<{ message: string }> {
  return http.post(
    publisherUserRolePath(encodeURIComponent(id)),
    { role_alias },
    teamMessageResponseSchema,
  );
}

export function useChangePublisherUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePublisherUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: publisherUsersQueryKey }),
  });
}
