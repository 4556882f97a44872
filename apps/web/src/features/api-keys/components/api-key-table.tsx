import { API_KEY_SCOPE_LABELS, type ApiKey } from '@fieldbot/shared';
import { Badge, Button, Code, Group, Text } from '@mantine/core';
import { DataTable, TableError, type DataTableColumn } from '@/components/data-table';
import { formatTimestamp } from '@/lib/format-date';

export interface ApiKeyTableProps {
  keys: readonly ApiKey[] | undefined;
  error: unknown;
  onRetry: () => void;
  onRevoke: (key: ApiKey) => void;
}

/** The company's keys: what each may read, when it was made and last used, and Revoke. */
export function ApiKeyTable({ keys, error, onRetry, onRevoke }: ApiKeyTableProps) {
  const columns: DataTableColumn<ApiKey>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (key) => (
        <Text size="sm" fw={500}>
          {key.name}
        </Text>
      ),
    },
    { key: 'prefix', header: 'Key', render: (key) => <Code>{`${key.prefix}_…`}</Code> },
    {
      key: 'scopes',
      header: 'Scopes',
      render: (key) => (
        <Group gap={4}>
          {key.scopes.map((scope) => (
            <Badge key={scope} variant="light" color="gray" tt="none">
              {API_KEY_SCOPE_LABELS[scope].label}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      render: (key) => (
        <Text size="sm">
          {formatTimestamp(key.created_at)}
          {key.created_by ? (
            <Text span size="xs" c="dimmed" display="block">{`by ${key.created_by}`}</Text>
          ) : null}
        </Text>
      ),
    },
    {
      key: 'last_used',
      header: 'Last used',
      render: (key) => (
        <Text size="sm" c={key.last_used_at ? undefined : 'dimmed'}>
          {key.last_used_at ? formatTimestamp(key.last_used_at) : 'Never'}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (key) =>
        key.status === 'active' ? (
          <Badge color="green" variant="light">
            Active
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Revoked
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (key) =>
        key.status === 'active' ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => onRevoke(key)}
            aria-label={`Revoke ${key.name}`}
          >
            Revoke
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {`Revoked ${formatTimestamp(key.revoked_at)}`}
          </Text>
        ),
    },
  ];
  return (
    <DataTable
      rowsName="API Keys"
      columns={columns}
      rows={keys}
      rowKey={(key) => key.id}
      loading={!keys && !error}
      error={error && !keys ? <TableError error={error} onRetry={onRetry} /> : undefined}
    />
  );
}
