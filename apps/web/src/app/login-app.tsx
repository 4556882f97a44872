import { resolveRoute } from '@fieldbot/shared';
import { useEffect, useState } from 'react';
import { AuthFrame } from '@/components/layout/auth-frame';
import { PageLoader } from '@/components/layout/page-loader';
import { LoginPage } from '@/features/auth/pages/login-page';
import { pageLocation } from '@/lib/page-location';
import { getMe } from '@/lib/session/fetch-me';
import { rememberRedirectTo } from './redirect-to';
import { ThemeProviders } from './theme-providers';

/**
 * The login page's own app (src/login-main.tsx): the route guard's rule for a public page, then
 * the page. A logged-in visitor is sent on as the guard would send them (spec §2); if /me cannot
 * be read the form shows, as in the app.
 */
export function LoginApp() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const { pathname, search } = pageLocation.current();
    rememberRedirectTo(search);
    let current = true;
    getMe()
      .then((user) => {
        const decision = resolveRoute({ pathname, search, user });
        if (decision.kind === 'redirect') pageLocation.replace(decision.to);
        else if (current) setShow(true);
      })
      .catch(() => current && setShow(true));
    return () => {
      current = false;
    };
  }, []);
  return (
    <ThemeProviders>
      {show ? (
        <AuthFrame>
          <LoginPage />
        </AuthFrame>
      ) : (
        <PageLoader fullScreen />
      )}
    </ThemeProviders>
  );
}
