import { formatUsdCompact, type PublisherDashboard } from '@fieldbot/shared';
import { SimpleGrid } from '@mantine/core';
import { useDeferredValue } from 'react';
import { KeyValueBarChart, KeyValuePieChart } from '@/components/charts';
import { DashboardFrame, shownMonth, TopFiveList, useDashboardMonth } from '@/components/dashboard';
import { usePageHeader } from '@/components/layout/page-header';
import { usePublisherDashboard } from '../api/get-publisher-dashboard';
import { PublisherKpis } from '../components/publisher-kpis';
import { botLink, clientRunsLink } from '../lib/links';

const NO_ROWS: PublisherDashboard['top']['bots_by_runs'] = [];

/** /publisher/dashboard: the publisher's month over all its clients. */
export function PublisherDashboardPage() {
  usePageHeader({ title: 'Dashboard' });
  const picker = useDashboardMonth();
  const dashboard = usePublisherDashboard(picker.query);
  // A page's answer renders in slices the browser can paint between (ADR 013).
  const data = useDeferredValue(dashboard.data);
  const loading = data === undefined;
  const shown = shownMonth(picker.month, data?.month, new Date());
  const clientLink = clientRunsLink(shown);

  return (
    <DashboardFrame picker={picker} query={dashboard}>
      <PublisherKpis dashboard={data} month={shown} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <TopFiveList
          title="Top bots by runs"
          rows={data?.top.bots_by_runs ?? NO_ROWS}
          getHref={botLink}
          emptyText="No Bots Found"
          loading={loading}
        />
        <TopFiveList
          title="Top bots by revenue"
          rows={data?.top.bots_by_revenue ?? NO_ROWS}
          format={formatUsdCompact}
          getHref={botLink}
          emptyText="No Bots Found"
          loading={loading}
        />
        <TopFiveList
          title="Top clients by spend"
          rows={data?.top.clients_by_spend ?? NO_ROWS}
          format={formatUsdCompact}
          getHref={clientLink}
          emptyText="No Clients Found"
          loading={loading}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <KeyValueBarChart
          title="Runs per bot"
          valueLabel="Runs"
          data={data?.charts.runs_per_bot ?? NO_ROWS}
          getHref={botLink}
          loading={loading}
        />
        <KeyValuePieChart
          title="Runs per client"
          valueLabel="Runs"
          data={data?.charts.runs_per_client ?? NO_ROWS}
          getHref={clientLink}
          loading={loading}
        />
      </SimpleGrid>
    </DashboardFrame>
  );
}
