import type { CompanyDashboard, RoleAlias } from '@fieldbot/shared';
import { SimpleGrid } from '@mantine/core';
import { TopFiveList } from '@/components/dashboard';
import { topLists } from '../lib/lists';
import { UnbookedCallsList } from './unbooked-calls-list';

export interface TopListsSectionProps {
  /** Undefined while loading: the lists' skeletons. */
  dashboard: CompanyDashboard | undefined;
  role: RoleAlias | undefined;
  technician: boolean;
}

/** The top-5 lists, and (company scope) the unbooked calls to review. */
export function TopListsSection({ dashboard, role, technician }: TopListsSectionProps) {
  const loading = dashboard === undefined;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {topLists(dashboard?.top, technician, role).map((list) => (
        <TopFiveList
          key={list.id}
          title={list.title}
          rows={list.rows}
          format={list.format}
          getHref={list.getHref}
          emptyText={list.emptyText}
          loading={loading}
        />
      ))}
      {technician ? null : <UnbookedCallsList calls={dashboard?.top.unbooked_calls} />}
    </SimpleGrid>
  );
}
