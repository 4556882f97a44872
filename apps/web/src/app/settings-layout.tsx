import { STORAGE_KEYS, isCompanyRole, settingsTabs } from '@fieldbot/shared';
import { Alert, Stack, Tabs } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { useCurrentUser } from '@/lib/session';
import { notifyError } from '@/lib/notify';
import { readStorage, removeStorage } from '@/lib/storage';

export const INVOICE_HISTORY_PATH = '/settings/billing/invoice-history';

export const CRM_BANNER_TEXT =
  '• To utilize the product to its full potential, please connect to a CRM';

/** Settings tabs (spec §2 Settings): tabs beyond the onboarding step are disabled. */
export function SettingsLayout() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
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

  const tabs = settingsTabs(user);
  const active = tabs.find((tab) => pathname.startsWith(tab.path))?.key ?? null;
  const showCrmBanner = isCompanyRole(user.role.alias) && !user.company?.is_crm_connected;

  return (
    <Stack gap="md">
      {showCrmBanner && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle />}>
          {CRM_BANNER_TEXT}
        </Alert>
      )}
      <Tabs
        value={active}
        onChange={(key) => {
          const tab = tabs.find((t) => t.key === key);
          if (tab && !tab.disabled) navigate(tab.path);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Settings sections">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.key} value={tab.key} disabled={tab.disabled}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
