import { setupIntentResponseSchema, type SetupIntentResponse } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/company/create-setup-intent: the card form's client_secret and which form to show. */
export function getSetupIntent(): Promise<SetupIntentResponse> {
  return http.get('/api/company/create-setup-intent', setupIntentResponseSchema);
}

export const setupIntentQueryKey = ['billing', 'setup-intent'] as const;

export const setupIntentQueryOptions = () =>
  queryOptions({
    queryKey: setupIntentQueryKey,
    queryFn: getSetupIntent,
    // A client_secret serves one confirmation: every opening of the form asks for a fresh one.
    gcTime: 0,
    staleTime: 0,
    // The form shows the error in its place.
    meta: { errorToast: false },
  });

export function useSetupIntent(enabled: boolean) {
  return useQuery({ ...setupIntentQueryOptions(), enabled });
}
