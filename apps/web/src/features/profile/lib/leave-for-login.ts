import { clearAuthCookies } from '@/lib/cookies';
import { clearStoredUser } from '@/lib/storage';

/**
 * After a password change the server has ended every session of the user. A full load of /login
 * drops all in-memory state of the old session and cannot race the route guard (which would
 * otherwise see "logged out on /change-password" and remember it as the next redirectTo).
 */
export function leaveForLogin(): void {
  clearAuthCookies();
  clearStoredUser();
  window.location.replace('/login');
}
