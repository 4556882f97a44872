import { teamMemberPath } from '@fieldbot/shared';
import type { TeamListItem, TeamListQuery } from '@fieldbot/shared';
import { useMemo } from 'react';
import { ListDataTable, type DataTableColumn, type ListTableProps } from '@/components/data-table';
import { UserListToolbar, userListColumns, userRowKey } from '@/components/user-list';
import { TEAM_ROLE_FILTER_OPTIONS } from '../lib/options';
import { InvitationActions } from './invitation-actions';
import { MemberInviteAction } from './member-invite-action';

const BASE_COLUMNS = userListColumns<TeamListItem>((row) => teamMemberPath(row.id));

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
      rowKey={userRowKey}
      toolbar={
        <UserListToolbar
          query={query}
          roleOptions={TEAM_ROLE_FILTER_OPTIONS}
          onQueryChange={onQueryChange}
        />
      }
    />
  );
}
