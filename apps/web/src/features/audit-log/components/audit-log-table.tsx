import type { AuditLogEntry } from '@fieldbot/shared';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { formatTimestamp } from '@/lib/format-date';

/** Who acted: their name and e-mail as recorded; a key or the system when no one signed in. */
function who(entry: AuditLogEntry): ReactNode {
  const { name, email } = entry.actor;
  if (!name && !email) {
    return (
      <Text size="sm" c="dimmed">
        {entry.event === 'api_key.used' ? 'API key' : 'System'}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{name ?? email}</Text>
      {name && email && (
        <Text size="xs" c="dimmed">
          {email}
        </Text>
      )}
    </Stack>
  );
}

function target(entry: AuditLogEntry): ReactNode {
  if (!entry.target)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  const { label, id, type } = entry.target;
  // A user shows their name; other objects their kind and id (a uuid shortened, whole on hover).
  const short = /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? `${id.slice(0, 8)}…` : id;
  return (
    <Text size="sm" title={id}>
      {type === 'user' && label !== 'User' ? label : `${label} ${short}`}
    </Text>
  );
}

const COLUMNS: readonly DataTableColumn<AuditLogEntry>[] = [
  {
    key: 'at',
    header: 'When',
    render: (entry) => <Text size="sm">{formatTimestamp(entry.at)}</Text>,
  },
  { key: 'who', header: 'Who', render: who },
  { key: 'action', header: 'Action', render: (entry) => <Text size="sm">{entry.label}</Text> },
  { key: 'target', header: 'Target', render: target },
  {
    key: 'ip',
    header: 'From (IP)',
    render: (entry) => (
      <Text size="sm" ff="monospace" title={entry.user_agent ?? undefined}>
        {entry.ip ?? '–'}
      </Text>
    ),
  },
];

export interface AuditLogTableProps {
  rows: readonly AuditLogEntry[] | undefined;
  loading: boolean;
  fetching: boolean;
  error?: ReactNode;
  toolbar?: ReactNode;
  footer?: ReactNode;
}

/** The log as a table; on phones each entry is a card (DataTable's layout). */
export function AuditLogTable({
  rows,
  loading,
  fetching,
  error,
  toolbar,
  footer,
}: AuditLogTableProps) {
  return (
    <Stack gap="sm">
      <DataTable
        rowsName="Audit Log Entries"
        columns={COLUMNS}
        rows={rows}
        rowKey={(entry) => entry.id}
        loading={loading}
        fetching={fetching}
        error={error}
        toolbar={toolbar}
      />
      {footer}
    </Stack>
  );
}
