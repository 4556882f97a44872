import { marketplaceBotPagePath } from '@fieldbot/shared';
import type { CompanyDashboard, RoleAlias } from '@fieldbot/shared';
import { SimpleGrid } from '@mantine/core';
import { TopFiveList } from '@/components/dashboard';
import { rowLink, topLists } from '../lib/lists';
import { BotFindingsList } from './bot-findings-list';
import { UnbookedCallsList } from './unbooked-calls-list';
import { UnrecordedJobsList } from './unrecorded-jobs-list';

export interface TopListsSectionProps {
  /** Undefined while loading: the lists' skeletons. */
  dashboard: CompanyDashboard | undefined;
  role: RoleAlias | undefined;
  technician: boolean;
}

/**
 * The top-5 lists, what the bots found, and the work to review: the unbooked calls (company) or
 * the technician's own jobs without a recording.
 */
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
      {technician ? (
        <UnrecordedJobsList jobs={dashboard?.top.unrecorded_jobs} />
      ) : (
        <UnbookedCallsList calls={dashboard?.top.unbooked_calls} />
      )}
      <BotFindingsList
        findings={dashboard?.top.bot_findings}
        technician={technician}
        getHref={rowLink(role, marketplaceBotPagePath)}
      />
    </SimpleGrid>
  );
}
