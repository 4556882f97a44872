import { useEffect } from 'react';
import { PageLoader } from '@/components/layout/page-loader';
import { pageLocation } from '@/lib/page-location';

/**
 * A route another HTML entry serves (the login page, src/login-main.tsx): reached inside the app
 * (logout, Session Expired, a link), the address is already set, so the document is loaded again
 * and the server sends that entry. It also drops this user's cached data with the old document.
 */
export function LoadAsDocument() {
  useEffect(() => pageLocation.reload(), []);
  return <PageLoader fullScreen />;
}
