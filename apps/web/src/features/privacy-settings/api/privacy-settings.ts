import {
  PRIVACY_SETTINGS_API_PATH,
  privacySettingsResponseSchema,
  updatePrivacySettingsRequestSchema,
  type UpdatePrivacySettingsRequest,
} from '@fieldbot/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { meQueryKey } from '@/lib/session';

export const privacySettingsQueryKey = ['privacy-settings'] as const;

/** GET /api/company/privacy-settings: the company's consent, retention, redaction and vocabulary. */
export function usePrivacySettings() {
  return useQuery({
    queryKey: privacySettingsQueryKey,
    queryFn: () => http.get(PRIVACY_SETTINGS_API_PATH, privacySettingsResponseSchema),
    // The page shows the error in place of the form, with a retry.
    meta: { errorToast: false },
  });
}

/**
 * PUT the whole set; 422s go under the form's fields. The current user carries the consent
 * method the recorder follows, so it is refetched too.
 */
export function useSavePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePrivacySettingsRequest) =>
      http.put(
        PRIVACY_SETTINGS_API_PATH,
        updatePrivacySettingsRequestSchema.parse(body),
        privacySettingsResponseSchema,
      ),
    meta: { errorToast: false },
    onSuccess: async (response) => {
      queryClient.setQueryData(privacySettingsQueryKey, { data: response.data });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
