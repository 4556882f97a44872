import {
  userMessageResponseSchema,
  type DisplayMode,
  type UpdateProfileBody,
  type UserMessageResponse,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { storeUser } from '@/lib/storage';
import { meQueryKey, setCurrentUser } from './get-me';

/** POST /api/user/update-profile with only the changed fields (spec §5, §7): the profile and the display mode. */
export function updateProfile(body: UpdateProfileBody): Promise<UserMessageResponse> {
  return http.post('/api/user/update-profile', body, userMessageResponseSchema);
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

export function updateDisplayMode(displayMode: DisplayMode): Promise<UserMessageResponse> {
  return updateProfile({ display_mode: displayMode });
}

/** Sends the display mode to the server (spec §4); the local copy is saved by the caller. */
export function useUpdateDisplayMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisplayMode,
    onSuccess: ({ data }) => {
      storeUser(data);
      queryClient.setQueryData(meQueryKey, data);
    },
  });
}
