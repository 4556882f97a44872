import { STORAGE_KEYS, safeRedirectPath } from '@fieldbot/shared';
import { writeStorage } from '@/lib/storage';

/**
 * Spec §2: a redirectTo query parameter on any page is stored; the login flow
 * (features/auth useCompleteLogin → postLoginPlan) uses and removes it after login.
 */
export function rememberRedirectTo(search: string): void {
  const target = safeRedirectPath(new URLSearchParams(search).get('redirectTo'));
  if (target) writeStorage(STORAGE_KEYS.redirectTo, target);
}
