import { KNOWN_ROUTES, matchPattern, normalizePath } from '@fieldbot/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

function routeOf(path: string): string | undefined {
  return KNOWN_ROUTES.find((pattern) => matchPattern(pattern, path));
}

/**
 * The nearest route above `pathname` ('/customers/7/interaction/3/csr-call' → '/customers/7'); the
 * tabs of one page ('/users/5/detail/general') share its parent.
 */
export function parentPath(pathname: string): string {
  const own = routeOf(pathname);
  const segments = normalizePath(pathname).split('/').filter(Boolean);
  while (segments.length > 0) {
    segments.pop();
    const candidate = `/${segments.join('/')}`;
    const route = routeOf(candidate);
    if (route && route !== own) return candidate;
  }
  return '/';
}

/**
 * True when the previous history entry belongs to this app. The browser router numbers its entries
 * (history.state.idx, 0 for the first page of the tab); in memory the first location's key is
 * 'default'.
 */
function hasInAppHistory(locationKey: string): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number') return idx > 0;
  return locationKey !== 'default';
}

/**
 * Back and Cancel: the previous page, or when the page was opened in a fresh tab (going back there
 * would leave the app) `fallback`, else the parent route.
 */
export function useGoBack(fallback?: string): () => void {
  const navigate = useNavigate();
  const { key, pathname } = useLocation();
  return useCallback(() => {
    if (hasInAppHistory(key)) void navigate(-1);
    else void navigate(fallback ?? parentPath(pathname), { replace: true });
  }, [navigate, key, pathname, fallback]);
}
