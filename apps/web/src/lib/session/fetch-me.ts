import {
  AUTH_MESSAGES,
  isCompanyRole,
  STORAGE_KEYS,
  userResponseSchema,
  type User,
} from '@fieldbot/shared';
import { http, isApiError } from '@/lib/http';
import { resetSessionFlags } from '@/lib/session-flags';
import { storeUser, writeStorage } from '@/lib/storage';

// No query client here: the login page's own entry (src/login-main.tsx) uses these without
// TanStack Query or the router.

/** GET /api/user/me. Logged out (401) is an answer, not an error: it resolves to null. */
export async function getMe(): Promise<User | null> {
  try {
    const { data } = await http.get('/api/user/me', userResponseSchema);
    storeUser(data);
    return data;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** What a login leaves in the browser for the next page: the user (spec §3) and fresh flags. */
export function rememberLoggedInUser(user: User): void {
  storeUser(user);
  resetSessionFlags();
  // Spec §2 Settings / §8 401: a company owing a payment is told so once, on the invoice history,
  // as if the first company call had answered 401 is_payment_due (the settings layout shows it).
  if (isCompanyRole(user.role.alias) && user.company?.is_payment_due) {
    writeStorage(STORAGE_KEYS.paymentError, AUTH_MESSAGES.paymentDue);
  }
}
