import { CSRF_COOKIE, SESSION_COOKIE } from '@fieldbot/shared';

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

export function expireCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/**
 * Clears the anti-forgery and session cookies. Only XSRF-TOKEN is readable by scripts; the
 * session cookie is httpOnly, so expiring it here is best effort and the server ends the session.
 */
export function clearAuthCookies(): void {
  expireCookie(CSRF_COOKIE);
  expireCookie(SESSION_COOKIE);
}
