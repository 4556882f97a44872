import type { CompanyDashboard, KeyValue, RoleAlias } from '@fieldbot/shared';
import { SimpleGrid } from '@mantine/core';
import { KeyValueBarChart, KeyValuePieChart } from '@/components/charts';
import { linkFor, teamMemberPath } from '../lib/paths';

export interface ChartsSectionProps {
  /** Undefined while loading: the charts' skeletons. */
  dashboard: CompanyDashboard | undefined;
  role: RoleAlias | undefined;
  technician: boolean;
}

const NO_ROWS: KeyValue[] = [];

/**
 * Interactions per technician (company only: a technician's chart would be one bar), the
 * interaction types and the call outcomes.
 */
export function ChartsSection({ dashboard, role, technician }: ChartsSectionProps) {
  const loading = dashboard === undefined;
  const charts = dashboard?.charts;
  const technicianHref = (row: KeyValue) =>
    (row.id ? linkFor(role, teamMemberPath(row.id)) : undefined) ?? null;
  return (
    <SimpleGrid cols={{ base: 1, md: technician ? 2 : 3 }} spacing="md">
      {technician ? null : (
        <KeyValueBarChart
          title="Interactions per Technician"
          data={charts?.interactions_per_technician ?? NO_ROWS}
          valueLabel="Interactions"
          getHref={technicianHref}
          loading={loading}
        />
      )}
      <KeyValuePieChart
        title={technician ? 'My Interaction Types' : 'Interaction Types'}
        data={charts?.interaction_types ?? NO_ROWS}
        valueLabel="Interactions"
        loading={loading}
      />
      <KeyValuePieChart
        title={technician ? 'My Call Outcomes' : 'Call Outcomes'}
        data={charts?.call_outcomes ?? NO_ROWS}
        valueLabel="Calls"
        loading={loading}
      />
    </SimpleGrid>
  );
}
