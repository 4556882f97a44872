import type { User } from '@fieldbot/shared';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { connectPostHog } from '@/lib/analytics';
import { useClientConfig } from '../api/get-client-config';
import { bootIntercom, shutdownIntercom, updateIntercomPage } from '../lib/intercom';
import { HelpPanel } from './help-panel';

/**
 * The logged-in user's third-party services, mounted only while someone is logged in: the
 * Intercom Messenger (or the built-in Help panel without it) and PostHog when configured. Each is
 * started for the user and stopped when the user changes or logs out — by hand, or by the forced
 * logouts of spec §4 (session expired, account not set up), which all end with no current user.
 */
export function SupportServices({ user }: { user: User }) {
  const { data: config } = useClientConfig();
  const intercomAppId = config?.intercom_app_id ?? null;
  const posthogKey = config?.posthog_key ?? null;
  const posthogHost = config?.posthog_host ?? null;

  useEffect(() => {
    if (!intercomAppId) return;
    bootIntercom(intercomAppId, user);
    return shutdownIntercom;
    // A new identity (another login) boots again; other changes to the user do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intercomAppId, user.id]);

  // The boot above covers the page the Messenger starts on; later route changes are reported.
  const { pathname } = useLocation();
  const reportedPath = useRef(pathname);
  useEffect(() => {
    if (!intercomAppId || reportedPath.current === pathname) return;
    reportedPath.current = pathname;
    updateIntercomPage();
  }, [intercomAppId, pathname]);

  useEffect(() => {
    if (!posthogKey || !posthogHost) return;
    return connectPostHog(
      { key: posthogKey, host: posthogHost },
      { id: user.id, email: user.email, name: user.name, company: user.company?.name ?? null },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [posthogKey, posthogHost, user.id]);

  return config && !intercomAppId ? <HelpPanel user={user} /> : null;
}
