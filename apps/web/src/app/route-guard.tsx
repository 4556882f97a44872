import { resolveRoute } from '@fieldbot/shared';
import { Box } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { releaseBootShell } from '@/components/layout/boot-shell-release';
import { PageLoader } from '@/components/layout/page-loader';
import { useLogout, useMeQuery } from '@/lib/session';
import { useSessionFlags } from '@/lib/use-session-flags';
import { rememberRedirectTo } from './redirect-to';

const NotFoundPage = lazy(() =>
  import('@/components/feedback/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/** Spec §4: company manager, field team and publisher user who are not set up are logged out. */
function LogoutNow() {
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout.mutate();
  }, [logout]);
  return <PageLoader fullScreen />;
}

/**
 * Runs the shared routing rules (resolveRoute) on every navigation and renders the routed page,
 * a redirect (to /no-access for a route outside the role's set), the not-found page, or logs the
 * user out.
 */
export function RouteGuard() {
  const { pathname, search } = useLocation();
  const me = useMeQuery();
  const { sessionExpired, signedOut } = useSessionFlags();

  useEffect(() => {
    rememberRedirectTo(search);
  }, [search]);

  // The first answer of /me draws the whole shell and page. TanStack Query hands it to React as
  // an uninterruptible update; deferred, that first draw renders in slices (a long task less
  // while the page loads). Later changes (a logout) are not deferred.
  const loaded = useDeferredValue(!me.isPending);
  const user = me.data ?? null;
  const decision = me.isPending || !loaded ? null : resolveRoute({ pathname, search, user });
  // The page's outline from the server stays until the page is drawn (AppLayout), unless
  // something else is shown instead.
  const settled = decision !== null;
  const showsPage = decision?.kind === 'render' && !sessionExpired;
  useEffect(() => {
    if (settled && !showsPage) releaseBootShell();
  }, [settled, showsPage]);

  if (!decision) return <PageLoader fullScreen />;
  // The Session Expired modal is open over an empty page until the user chooses to log in again:
  // the page's own failed calls ('Unauthenticated.') are not shown under it.
  if (sessionExpired) return <Box mih="100dvh" />;

  // Keyed by location: <Navigate> only navigates on mount, and the same redirect can be due again
  // after another navigation (e.g. logout → '/' → '/login').
  const here = `${pathname}${search}`;
  switch (decision.kind) {
    case 'render':
      return <Outlet />;
    case 'redirect':
      // After a logout the page being left is not somewhere to come back to.
      if (!user && signedOut) return <Navigate key={here} to="/login" replace />;
      return <Navigate key={here} to={decision.to} replace />;
    case 'no-access':
      // Spec §2: the address bar shows /no-access; Back returns to the page before the forbidden one.
      return <Navigate key={here} to="/no-access" replace />;
    case 'not-found':
      return (
        <Suspense fallback={<PageLoader fullScreen />}>
          <NotFoundPage />
        </Suspense>
      );
    case 'logout':
      return <LogoutNow />;
  }
}
