import { type PublisherUserListItem, type PublisherUserListQuery } from '@fieldbot/shared';
import { Group } from '@mantine/core';
import { useMemo } from 'react';
import { ListDataTable, type DataTableColumn, type ListTableProps } from '@/components/data-table';
import {
  InvitationActions,
  UserListToolbar,
  userListColumns,
  userRowKey,
} from '@/components/user-list';
import { usePublisherInvitationAction } from '../api/publisher-invitation-actions';
import { PUBLISHER_ROLE_SELECT_OPTIONS } from '../lib/options';
import { PublisherUserActions } from './publisher-user-actions';

// Publisher users have no detail page: the name is plain text.
const BASE_COLUMNS = userListColumns<PublisherUserListItem>();

function PublisherInvitationActions({ row }: { row: PublisherUserListItem }) {
  const action = usePublisherInvitationAction();
  return <InvitationActions email={row.email} invitationId={row.invitation!.id} action={action} />;
}

export type PublisherUsersTableProps = ListTableProps<
  PublisherUserListQuery,
  PublisherUserListItem
> & {
  /** The viewer's own row has no role change or removal. */
  currentUserId: string | undefined;
};

export function PublisherUsersTable({ currentUserId, ...props }: PublisherUsersTableProps) {
  const { query, onQueryChange } = props;
  const columns = useMemo<DataTableColumn<PublisherUserListItem>[]>(
    () => [
      ...BASE_COLUMNS,
      {
        key: 'actions',
        header: 'Actions',
        render: (row) => (
          <Group gap={4} wrap="nowrap">
            {row.invitation ? <PublisherInvitationActions row={row} /> : null}
            {row.kind === 'user' && row.id !== currentUserId ? (
              <PublisherUserActions row={row} />
            ) : null}
          </Group>
        ),
      },
    ],
    [currentUserId],
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
          roleOptions={PUBLISHER_ROLE_SELECT_OPTIONS}
          onQueryChange={onQueryChange}
        />
      }
    />
  );
}
