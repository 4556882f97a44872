import type { UpdateProfileBody, User } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey, setCurrentUser } from '@/features/session';
import { http } from '@/lib/http';

export interface UpdateProfileResponse {
  message: string;
  data: User;
}

/** POST /api/user/update-profile with only the changed fields (spec §5, §7). */
export function updateProfile(body: UpdateProfileBody): Promise<UpdateProfileResponse> {
  return http.post<UpdateProfileResponse>('/api/user/update-profile', body);
}

/** On success the returned user becomes current and the current user is refetched (spec §4). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The form shows 422 messages under its fields and toasts anything else itself.
    meta: { errorToast: false },
    onSuccess: async ({ data }) => {
      setCurrentUser(queryClient, data);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
