import type { User } from '@fieldbot/shared';
import { useMantineColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useFocusHeadingOnRouteChange } from '@/components/layout/use-focus-heading-on-route-change';
import { meQueryKey, useCurrentUser } from '@/lib/session';
import { chosenAccountDisplayMode, storedDisplayMode } from '@/lib/theme';
import { setSessionFlags } from '@/lib/session-flags';
import { useSessionFlags } from '@/lib/use-session-flags';
import { RouteGuard } from './route-guard';

// Loaded after login only: the support widget and analytics vendor of the logged-in user.
const SupportServices = lazy(() =>
  import('@/features/support').then((m) => ({ default: m.SupportServices })),
);

const SessionExpiredModal = lazy(() =>
  import('@/components/feedback/session-expired-modal').then((m) => ({
    default: m.SessionExpiredModal,
  })),
);

/**
 * A company-side 401 with is_payment_due marks the company payment due in app state; the routing
 * rules then treat the account as not set up (spec §4, §8).
 */
function PaymentDueSync() {
  const { paymentDue } = useSessionFlags();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!paymentDue) return;
    queryClient.setQueryData<User | null>(meQueryKey, (user) =>
      user?.company ? { ...user, company: { ...user.company, is_payment_due: true } } : user,
    );
    setSessionFlags({ paymentDue: false });
  }, [paymentDue, queryClient]);
  return null;
}

/** On a browser with no saved display mode, the one the user chose on their account applies. */
function DisplayModeSync() {
  const user = useCurrentUser();
  const { setColorScheme } = useMantineColorScheme();
  const serverMode = chosenAccountDisplayMode(user?.display_mode);
  useEffect(() => {
    if (serverMode && !storedDisplayMode()) setColorScheme(serverMode);
  }, [serverMode, setColorScheme]);
  return null;
}

export function Root() {
  const { sessionExpired } = useSessionFlags();
  useFocusHeadingOnRouteChange();
  const user = useCurrentUser();
  return (
    <>
      <RouteGuard />
      {sessionExpired && (
        <Suspense fallback={null}>
          <SessionExpiredModal />
        </Suspense>
      )}
      <PaymentDueSync />
      <DisplayModeSync />
      {user && (
        <Suspense fallback={null}>
          <SupportServices user={user} />
        </Suspense>
      )}
    </>
  );
}
