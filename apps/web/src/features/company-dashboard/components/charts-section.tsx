import { teamMemberPath } from '@fieldbot/shared';
import type { CompanyDashboard, KeyValue, RoleAlias } from '@fieldbot/shared';
import { SimpleGrid, Stack } from '@mantine/core';
import { KeyValueBarChart, KeyValuePieChart } from '@/components/charts';
import { rowLink } from '../lib/lists';

export interface ChartsSectionProps {
  /** Undefined while loading: the charts' skeletons. */
  dashboard: CompanyDashboard | undefined;
  role: RoleAlias | undefined;
}

const NO_ROWS: KeyValue[] = [];

/**
 * The company's charts: interactions per technician across the width, then the interaction types
 * and the call outcomes side by side. A technician's page has none (one bar; no calls).
 */
export function ChartsSection({ dashboard, role }: ChartsSectionProps) {
  const loading = dashboard === undefined;
  const charts = dashboard?.charts;
  return (
    <Stack gap="md">
      <KeyValueBarChart
        title="Interactions per Technician"
        data={charts?.interactions_per_technician ?? NO_ROWS}
        valueLabel="Interactions"
        getHref={rowLink(role, teamMemberPath)}
        loading={loading}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <KeyValuePieChart
          title="Interaction Types"
          data={charts?.interaction_types ?? NO_ROWS}
          valueLabel="Interactions"
          loading={loading}
        />
        <KeyValuePieChart
          title="Call Outcomes"
          data={charts?.call_outcomes ?? NO_ROWS}
          valueLabel="Calls"
          loading={loading}
        />
      </SimpleGrid>
    </Stack>
  );
}
