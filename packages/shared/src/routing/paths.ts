/** Route matching ignores query string, hash and trailing slashes (spec §2). */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Spec §2 matches by path prefix, as plain string prefixes ('/client' grants '/clients/list'; ADR 005). */
export function matchesPrefix(path: string, prefixes: readonly string[]): boolean {
  const p = normalizePath(path);
  return prefixes.some((prefix) => p.startsWith(prefix));
}

export const PUBLIC_PREFIXES = [
  '/signup',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/accept-invite',
  '/invitation-token-expire',
  '/verify',
  '/public',
] as const;

/** Public pages a logged-in visitor is sent away from (to redirectTo or '/'). */
export const AUTH_PREFIXES = ['/login', '/signup', '/forgot-password', '/reset-password'] as const;

export function isPublicPath(path: string): boolean {
  return matchesPrefix(path, PUBLIC_PREFIXES);
}

export function isAuthPath(path: string): boolean {
  return matchesPrefix(path, AUTH_PREFIXES);
}

/**
 * Every route a screen names (spec §2). A segment ':x' matches one segment and a final '*' any rest.
 * A path outside this list is the not-found page rather than /no-access.
 */
export const KNOWN_ROUTES = [
  '/',
  '/profile',
  '/change-password',
  '/no-access',
  '/settings',
  '/settings/company-info',
  '/settings/billing',
  '/settings/billing/invoice-history',
  '/settings/billing/transaction-history',
  '/settings/billing/capacity',
  '/settings/integrations',
  '/settings/api-keys',
  '/settings/webhooks',
  '/settings/alerts',
  '/settings/privacy',
  '/settings/audit-log',
  '/settings/publisher-info',
  '/company/dashboard',
  '/publisher/dashboard',
  '/customers',
  '/customers/:customerId',
  '/customers/:customerId/interaction/:interactionId/:interactionType',
  '/interaction/:interactionId/:interactionType',
  '/search',
  '/users',
  '/users/:id/detail/*',
  '/users/interaction/:interactionId/:interactionType',
  '/marketplace',
  '/marketplace/bot/:botId',
  '/marketplace/:publisherId',
  '/bot',
  '/bot/list',
  '/bot/create',
  '/bot/create/:id',
  '/bot/detail/:id',
  '/bot/private-bot',
  '/clients/list',
  '/clients/detail/:clientId/*',
  '/publisher/users',
  '/public/alerts/unsubscribe',
] as const;

export function matchPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = normalizePath(path).split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    const w = want[i];
    if (w === '*') return have.length >= i;
    const h = have[i];
    if (h === undefined) return false;
    if (!w?.startsWith(':') && w !== h) return false;
  }
  return want.length === have.length;
}

export function isKnownRoute(path: string): boolean {
  return isPublicPath(path) || KNOWN_ROUTES.some((pattern) => matchPattern(pattern, path));
}

/**
 * /login and /login/{invitation_token}: the pages the login entry (login.html) serves. The server
 * sends that HTML for them and the app hands them over (the login page loads without the router).
 */
export function isLoginPagePath(pathname: string): boolean {
  const segments = normalizePath(pathname).split('/').filter(Boolean);
  return segments[0] === 'login' && segments.length <= 2;
}

const TOKEN_ROUTES = ['login', 'signup', 'forgot-password', 'accept-invite'] as const;

/** The invitation token of /login/{t}, /signup/{t}, /forgot-password/{t} and /accept-invite/{t}. */
export function parseInvitationToken(pathname: string): string | null {
  const [first, token, ...rest] = normalizePath(pathname).split('/').filter(Boolean);
  if (!first || !token || rest.length > 0) return null;
  return (TOKEN_ROUTES as readonly string[]).includes(first) ? decodeURIComponent(token) : null;
}

/**
 * /public/marketplace/{code}-{name}: the name is the last dash-separated piece (spec §2) and the code,
 * kept locally as the referral code, is what stands before it.
 */
export function parsePublicMarketplaceSlug(segment: string): { code: string; name: string } {
  const dash = segment.lastIndexOf('-');
  const safeDecode = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  };
  if (dash < 0) return { code: safeDecode(segment), name: safeDecode(segment) };
  return { code: safeDecode(segment.slice(0, dash)), name: safeDecode(segment.slice(dash + 1)) };
}
