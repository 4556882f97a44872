import { useEffect, useState } from 'react';
import { pageLocation } from '@/lib/page-location';
import { validateInvitationToken } from '../api/validate-invitation-token';
import { INVITATION_TOKEN_EXPIRE_PATH, isTokenRejection } from '../lib/invitation-token';

/**
 * useInvitationTokenGuard for the login page's own entry, which has no query client or router:
 * the same rule (spec §2), an invalid token loads /invitation-token-expire as a document.
 */
export function useInvitationTokenCheck(invitationToken: string | null) {
  const [state, setState] = useState<{ checking: boolean; error: Error | null }>({
    checking: invitationToken !== null,
    error: null,
  });
  useEffect(() => {
    if (invitationToken === null) return;
    let current = true;
    validateInvitationToken(invitationToken).then(
      (valid) => {
        if (!current) return;
        if (valid) setState({ checking: false, error: null });
        else pageLocation.replace(INVITATION_TOKEN_EXPIRE_PATH);
      },
      (error: unknown) => {
        if (!current) return;
        if (isTokenRejection(error)) pageLocation.replace(INVITATION_TOKEN_EXPIRE_PATH);
        else setState({ checking: false, error: error instanceof Error ? error : null });
      },
    );
    return () => {
      current = false;
    };
  }, [invitationToken]);
  /** `error`: a network or server failure, the token could not be checked (the page shows why). */
  return state;
}
