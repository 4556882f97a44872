import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { formatTimestamp } from '@/lib/format-date';
import type { UserListRow } from './user-list-row';

function NameCell({ row, href }: { row: UserListRow; href?: string }) {
  if (row.kind === 'invitation') {
    return (
      <Text c="dimmed" size="sm" fs="italic">
        Pending invitation
      </Text>
    );
  }
  return href ? (
    <Anchor component={Link} to={href} fw={600}>
      {row.name}
    </Anchor>
  ) : (
    <Text size="sm" fw={600}>
      {row.name}
    </Text>
  );
}

/**
 * Name, Email, Role, Status (Active / Invited / Not Invited badges) and Last Active, each sortable;
 * `userHref` links a user's name to its detail page where the list has one.
 */
export function userListColumns<T extends UserListRow>(
  userHref?: (row: T) => string,
): DataTableColumn<T>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (row) => <NameCell row={row} href={userHref?.(row)} />,
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
}
