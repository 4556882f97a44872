import { isRoleAlias, ROLE } from '@fieldbot/shared';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { DashboardFrame, useDashboardMonth } from '@/components/dashboard';
import { usePageHeader } from '@/components/layout/page-header';
import { useCurrentUser } from '@/lib/session';
import { useCompanyDashboard } from '../api/get-company-dashboard';
import { KpiSection } from '../components/kpi-section';
import { TopListsSection } from '../components/top-lists-section';

// The chart library is most of the page's JS: its own chunk, so the figures and lists show first.
const ChartsSection = lazy(() =>
  import('../components/charts-section').then((m) => ({ default: m.ChartsSection })),
);

/**
 * /company/dashboard: the chosen month's KPIs against the month before, the top-5 lists, what the
 * bots found, and the charts. Admins and managers see the company; a field technician sees what
 * coaches them (their visits, coverage, unrecorded jobs, customers and findings) and no charts,
 * whose interaction types and call outcomes never apply to a technician.
 */
export function CompanyDashboardPage() {
  const alias = useCurrentUser()?.role.alias;
  const role = isRoleAlias(alias) ? alias : undefined;
  usePageHeader({
    title: 'Dashboard',
    subTitle: role === ROLE.FIELD_TEAM ? 'My figures' : undefined,
  });
  const picker = useDashboardMonth();
  const dashboard = useCompanyDashboard(picker.query);
  const data = dashboard.data;
  // The answer's scope decides; until it comes, the role says which sections the skeletons stand for.
  const technician = data ? data.scope === 'technician' : role === ROLE.FIELD_TEAM;

  return (
    <DashboardFrame picker={picker} query={dashboard}>
      <KpiSection dashboard={data} role={role} technician={technician} />
      <TopListsSection dashboard={data} role={role} technician={technician} />
      {technician ? null : (
        <Suspense fallback={<Skeleton height={320} radius="md" />}>
          <ChartsSection dashboard={data} role={role} />
        </Suspense>
      )}
    </DashboardFrame>
  );
}
