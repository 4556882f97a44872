import {
  SYNC_PROCESS_LABELS,
  type IntegrationListItem,
  type SyncProcessStatus,
} from '@fieldbot/shared';
import { Badge, Stack, Text, type MantineColor } from '@mantine/core';
import { formatTimestamp } from '@/lib/format-date';

const COLORS: Record<SyncProcessStatus, MantineColor> = {
  pending: 'yellow',
  'in-progress': 'blue',
  success: 'green',
  fail: 'red',
};

type StatusRow = Pick<
  IntegrationListItem,
  'connected_status' | 'sync_process_status' | 'last_synced_at' | 'last_sync_error'
>;

/** Spec §4 sync_process_status label, with when the last sync finished or why it failed. */
export function IntegrationStatus({ row }: { row: StatusRow }) {
  const status = row.sync_process_status;
  const badge = status ? (
    <Badge variant="light" color={COLORS[status]}>
      {SYNC_PROCESS_LABELS[status]}
    </Badge>
  ) : (
    <Badge variant="light" color={row.connected_status === 1 ? 'teal' : 'gray'}>
      {row.connected_status === 1 ? 'Connected' : 'Not Connected'}
    </Badge>
  );
  const lastSynced = formatTimestamp(row.last_synced_at);
  return (
    <Stack gap={4} align="flex-start">
      {badge}
      {lastSynced && (
        <Text size="xs" c="dimmed">
          Last synced {lastSynced}
        </Text>
      )}
      {status === 'fail' && row.last_sync_error && (
        <Text size="xs" c="red">
          {row.last_sync_error}
        </Text>
      )}
    </Stack>
  );
}
