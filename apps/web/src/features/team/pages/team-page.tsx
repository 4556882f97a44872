import { teamExportPath, teamListQuerySchema } from '@fieldbot/shared';
import { Button, Group } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useListQuery, useDeferredPage } from '@/components/data-table';
import { ExportCsvButton } from '@/components/export/export-csv-button';
import { usePageHeader } from '@/components/layout/page-header';
import { UserStatusCountsText } from '@/components/user-list';
import { useCurrentUser } from '@/lib/session';
import { useTeam } from '../api/get-team';
import { InviteMemberModal } from '../components/invite-member-modal';
import { TeamTable } from '../components/team-table';
import { canManageTeam } from '../lib/options';

/** /users for company roles (sidebar 'Teams'): search, filters, sort and page in the query string. */
export function TeamPage() {
  usePageHeader({ title: 'Teams' });
  const [query, setQuery] = useListQuery(teamListQuerySchema);
  const team = useTeam(query);
  const user = useCurrentUser();
  const canManage = canManageTeam(user);
  const [inviting, setInviting] = useState(false);
  const { data, loading, fetching } = useDeferredPage(team);

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <UserStatusCountsText counts={data?.data.counts} />
        <Group gap="sm">
          <ExportCsvButton path={teamExportPath} query={query} />
          {canManage ? (
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => setInviting(true)}
            >
              Invite
            </Button>
          ) : null}
        </Group>
      </Group>
      <TeamTable
        canManage={canManage}
        query={query}
        onQueryChange={setQuery}
        data={data}
        loading={loading}
        fetching={fetching}
        error={team.error}
        onRetry={() => void team.refetch()}
      />
      {canManage ? (
        <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} />
      ) : null}
    </>
  );
}
