import { Stack } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { RouteTabs } from '@/components/layout/route-tabs';
import { SavedCard } from '../components/saved-card';
import { BILLING_TABS } from '../lib/billing-tabs';

/** /settings/billing/*: the payment method above the invoice, transaction and capacity tabs. */
export function BillingLayout() {
  return (
    <Stack gap="md">
      <SavedCard />
      <RouteTabs tabs={BILLING_TABS} ariaLabel="Billing sections" variant="pills" />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
