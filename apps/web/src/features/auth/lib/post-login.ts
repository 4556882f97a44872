import {
  REDIRECT_DELAY_MS,
  ROLE,
  isAccountSetUp,
  safeRedirectPath,
  type User,
} from '@fieldbot/shared';

export interface PostLoginPlan {
  /** Where the user goes once logged in. */
  to: string;
  /** How long the "logged in" message stays before leaving the page. */
  delayMs: number;
  /** Set the vanity-popup flag (a redirectTo the user cannot follow). */
  vanityPopup: boolean;
}

/**
 * Spec §2: a stored redirectTo is used after login — a company admin with a set-up account is sent
 * there after about a second; other users get the vanity-popup flag and go to '/' after about a
 * second. Without a redirectTo everyone goes to '/' (the router then picks their home) at once.
 */
export function postLoginPlan(
  user: Pick<User, 'role' | 'company' | 'publisher'>,
  storedRedirectTo: string | null,
): PostLoginPlan {
  const redirectTo = safeRedirectPath(storedRedirectTo);
  if (!redirectTo) return { to: '/', delayMs: 0, vanityPopup: false };
  if (user.role.alias === ROLE.COMPANY_ADMIN && isAccountSetUp(user)) {
    return { to: redirectTo, delayMs: REDIRECT_DELAY_MS, vanityPopup: false };
  }
  return { to: '/', delayMs: REDIRECT_DELAY_MS, vanityPopup: true };
}
