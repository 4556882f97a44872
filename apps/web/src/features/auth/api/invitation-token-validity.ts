import { queryOptions, useQuery } from '@tanstack/react-query';
import { validateInvitationToken } from './validate-invitation-token';

// Apart from the call itself: the login page checks tokens without the query client.
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
