import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useInvitationTokenValidity } from '../api/invitation-token-validity';
import { INVITATION_TOKEN_EXPIRE_PATH, isTokenRejection } from '../lib/invitation-token';

/**
 * Spec §2: a page carrying an invitation token validates it first; an invalid one (is_valid false,
 * or the server refusing the token itself with a 4xx) sends the visitor to /invitation-token-expire.
 * `checking` is true until the page may show its form.
 */
export function useInvitationTokenGuard(invitationToken: string | null) {
  const navigate = useNavigate();
  const validity = useInvitationTokenValidity(invitationToken);
  const rejected = validity.isError && isTokenRejection(validity.error);
  const invalid = invitationToken !== null && (validity.data === false || rejected);

  useEffect(() => {
    if (invalid) navigate(INVITATION_TOKEN_EXPIRE_PATH, { replace: true });
  }, [invalid, navigate]);

  return {
    checking: invitationToken !== null && (validity.isPending || invalid),
    /** A network or server failure: the token could not be checked (the page shows why). */
    error: validity.isError && !rejected ? validity.error : null,
  };
}
