import { Stack, Tabs } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { SavedCard } from '../components/saved-card';
import { BILLING_TABS } from '../lib/paths';

/** /settings/billing/*: the payment method above the invoice, transaction and capacity tabs. */
export function BillingLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = BILLING_TABS.find((tab) => pathname.startsWith(tab.path))?.path ?? null;

  return (
    <Stack gap="md">
      <SavedCard />
      <Tabs
        value={active}
        onChange={(path) => {
          if (path) navigate(path);
        }}
        variant="pills"
        keepMounted={false}
      >
        <Tabs.List aria-label="Billing sections">
          {BILLING_TABS.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path}>
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
