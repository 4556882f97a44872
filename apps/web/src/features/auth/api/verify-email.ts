import { messageResponseSchema, type MessageResponse } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/user/verify/{token}: 200 {message} marks the address verified; 422/404 for a bad token. */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return http.get(`/api/user/verify/${encodeURIComponent(token)}`, messageResponseSchema);
}

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify', token],
    queryFn: () => verifyEmail(token),
    // Verifying is a one-shot action: never refetch a token that has been used.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    meta: { errorToast: false },
  });

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
