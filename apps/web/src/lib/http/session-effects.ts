import { STORAGE_KEYS, isCompanyRole, isPublisherRole } from '@fieldbot/shared';
import { loadPage } from '../browser';
import { clearAuthCookies } from '../cookies';
import { setSessionFlags } from '../session-flags';
import { clearStoredUser, getStoredUser, storeUser, writeStorage } from '../storage';
import { errorBodyOf, messageOf } from './api-error';

/** Spec §8: what each error status does to the app, besides rejecting the call. */
export function applyErrorStatus(status: number, body: unknown): void {
  const user = getStoredUser();
  if (status === 401) {
    if (!user) return;
    const error = errorBodyOf(body);
    if (error?.is_payment_due === 1 && isCompanyRole(user.role.alias)) {
      if (user.company) storeUser({ ...user, company: { ...user.company, is_payment_due: true } });
      writeStorage(STORAGE_KEYS.paymentError, messageOf(error));
      setSessionFlags({ paymentDue: true });
    } else {
      setSessionFlags({ sessionExpired: true });
    }
    return;
  }
  if (status === 403) {
    setSessionFlags({ noPermission: true });
    return;
  }
  if (status === 404 && user && isPublisherRole(user.role.alias)) {
    // A full load of /404 (not a client-side navigation) so stale publisher state is dropped.
    loadPage('/404');
  }
}

/** Spec §8 419: the anti-forgery token is stale; forget the cookies and the stored user. */
export function forgetStaleSession(): void {
  clearAuthCookies();
  clearStoredUser();
}
