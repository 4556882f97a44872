import { isApiError } from '@/lib/http';

export const INVITATION_TOKEN_EXPIRE_PATH = '/invitation-token-expire';

/** The server refused the token itself (a 4xx), as opposed to failing to check it. */
export function isTokenRejection(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}
