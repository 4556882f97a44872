import type { DisplayMode, User } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { storeUser } from '@/lib/storage';
import { meQueryKey } from './get-me';

export function updateDisplayMode(displayMode: DisplayMode) {
  return http.post<{ message: string; data: User }>('/api/user/update-profile', {
    display_mode: displayMode,
  });
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
