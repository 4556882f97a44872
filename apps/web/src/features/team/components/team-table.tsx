import type { TeamListItem, TeamListQuery } from '@fieldbot/shared';
import { Anchor, Select, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  ListDataTable,
  ListToolbar,
  type DataTableColumn,
  type ListTableProps,
} from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { formatTimestamp } from '@/lib/format-date';
import { TEAM_ROLE_FILTER_OPTIONS, TEAM_STATUS_OPTIONS } from '../lib/options';
import { teamMemberPath } from '../lib/paths';
import { InvitationActions } from './invitation-actions';
import { MemberInviteAction } from './member-invite-action';

const BASE_COLUMNS: DataTableColumn<TeamListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'name',
    render: (row) =>
      row.kind === 'user' ? (
        <Anchor component={Link} to={teamMemberPath(row.id)} fw={600}>
          {row.name}
        </Anchor>
      ) : (
        <Text c="dimmed" size="sm" fs="italic">
          Pending invitation
        </Text>
      ),
  },
  {
    key: 'email',
    header: 'Email',
    sortField: 'email',
    render: (row) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.email}
      </Text>
    ),
  },
  { key: 'role', header: 'Role', sortField: 'role', render: (row) => row.role.title },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    render: (row) => <StatusBadge status={row.status} />,
  },
  {
    key: 'last_active',
    header: 'Last Active',
    sortField: 'last_active',
    render: (row) => formatTimestamp(row.last_active_at) || '—',
  },
];

const ACTIONS_COLUMN: DataTableColumn<TeamListItem> = {
  key: 'actions',
  header: 'Actions',
  render: (row) => {
    if (row.invitation) return <InvitationActions row={row} />;
    if (row.kind === 'user' && row.status === 'not-invited')
      return <MemberInviteAction row={row} />;
    return null;
  },
};

export type TeamTableProps = ListTableProps<TeamListQuery, TeamListItem> & {
  /** The company admin sees the resend and revoke actions of invitations, and Invite of Not Invited members. */
  canManage: boolean;
};

export function TeamTable({ canManage, ...props }: TeamTableProps) {
  const { query, onQueryChange } = props;
  const columns = useMemo(
    () => (canManage ? [...BASE_COLUMNS, ACTIONS_COLUMN] : BASE_COLUMNS),
    [canManage],
  );
  return (
    <ListDataTable
      {...props}
      rowsName="Users"
      columns={columns}
      rowKey={(row) => `${row.kind}-${row.id}`}
      toolbar={
        <ListToolbar
          searchLabel="Search users"
          searchPlaceholder="Search by name or email"
          keyword={query.keyword ?? ''}
          onSearch={(keyword) => onQueryChange({ keyword })}
        >
          <Select
            label="Status"
            placeholder="All"
            data={TEAM_STATUS_OPTIONS}
            value={query.status ?? null}
            onChange={(status) => onQueryChange({ status: status ?? undefined })}
            clearable
            w={170}
          />
          <Select
            label="Role"
            placeholder="All"
            data={TEAM_ROLE_FILTER_OPTIONS}
            value={query.role ?? null}
            onChange={(role) => onQueryChange({ role: role ?? undefined })}
            clearable
            w={190}
          />
        </ListToolbar>
      }
    />
  );
}
