import {
  INTEGRATION_MESSAGES,
  STORAGE_KEYS,
  isCompanyRole,
  settingsTabs,
  INVOICE_HISTORY_PATH,
} from '@fieldbot/shared';
import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { RouteTabs } from '@/components/layout/route-tabs';
import { useCurrentUser } from '@/lib/session';
import { notifyError } from '@/lib/notify';
import { readStorage, removeStorage } from '@/lib/storage';

export const CRM_BANNER_TEXT = INTEGRATION_MESSAGES.crmBanner;

/** Settings tabs (spec §2 Settings): tabs beyond the onboarding step are disabled. */
export function SettingsLayout() {
  const user = useCurrentUser();
  const navigate = useNavigate();

  // Spec §2 Settings: a stored payment error is shown once and leads to the invoice history.
  useEffect(() => {
    const paymentError = readStorage(STORAGE_KEYS.paymentError);
    if (!paymentError) return;
    removeStorage(STORAGE_KEYS.paymentError);
    notifyError(paymentError);
    navigate(INVOICE_HISTORY_PATH, { replace: true });
  }, [navigate]);
  if (!user) return null;

  const showCrmBanner = isCompanyRole(user.role.alias) && !user.company?.is_crm_connected;

  return (
    <Stack gap="md">
      {showCrmBanner && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle />}>
          {CRM_BANNER_TEXT}
        </Alert>
      )}
      <RouteTabs tabs={settingsTabs(user)} ariaLabel="Settings sections" />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
