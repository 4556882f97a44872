import { invitationValidityResponseSchema } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST api/user/validate-publisher-invitation-token {invitation_token} → {data: {is_valid}}. */
export async function validateInvitationToken(invitationToken: string): Promise<boolean> {
  const { data } = await http.post(
    '/api/user/validate-publisher-invitation-token',
    { invitation_token: invitationToken },
    invitationValidityResponseSchema,
  );
  return data.is_valid;
}

export const invitationTokenQueryOptions = (invitationToken: string) =>
  queryOptions({
    queryKey: ['auth', 'invitation-token', invitationToken],
    queryFn: () => validateInvitationToken(invitationToken),
    staleTime: Infinity,
    retry: false,
    meta: { errorToast: false },
  });

/** Validity of an invitation token; disabled (and idle) when there is no token. */
export function useInvitationTokenValidity(invitationToken: string | null) {
  return useQuery({
    ...invitationTokenQueryOptions(invitationToken ?? ''),
    enabled: invitationToken !== null,
  });
}
