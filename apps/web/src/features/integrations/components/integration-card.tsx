import {
  crmWritebackFailureSentence,
  type CrmWritebackFailure,
  type IntegrationListItem,
} from '@fieldbot/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconRefresh, IconSettings } from '@tabler/icons-react';
import { formatTimestamp } from '@/lib/format-date';
import { isConnected, isSyncBusy } from '../lib/sync-state';
import { IntegrationLogo } from './integration-logo';
import { IntegrationStatus } from './integration-status';

export interface IntegrationCardProps {
  row: IntegrationListItem;
  onOpen: (row: IntegrationListItem) => void;
  onSync: (row: IntegrationListItem) => void;
  /** This row's sync request is on its way. */
  syncing: boolean;
  /** Bot results that could not be written to this CRM since its last successful write. */
  writebackFailure?: CrmWritebackFailure | null;
}

/**
 * One catalogue entry (spec §2 "Integrations tab"): Connect or Modify while no sync is queued or
 * running; Sync once connected, shown as a disabled 'Syncing' while one is.
 */
export function IntegrationCard({
  row,
  onOpen,
  onSync,
  syncing,
  writebackFailure,
}: IntegrationCardProps) {
  const connected = isConnected(row);
  const busy = isSyncBusy(row) || syncing;
  const titleId = `integration-${row.id}-name`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="md" h="100%" justify="space-between">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <IntegrationLogo name={row.name} logo={row.logo} darkLogo={row.dark_logo} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} id={titleId}>
              {row.name}
            </Text>
            {row.sub_title && (
              <Text size="sm" c="dimmed">
                {row.sub_title}
              </Text>
            )}
            <Text size="xs" c="dimmed" tt="uppercase" fw={500}>
              {row.group_type}
            </Text>
          </Stack>
        </Group>
        {writebackFailure && (
          <Text size="xs" c="red" role="alert">
            {crmWritebackFailureSentence(writebackFailure, row.name)} (last at{' '}
            {formatTimestamp(writebackFailure.last_failed_at)})
          </Text>
        )}
        <Group justify="space-between" align="flex-end" gap="sm">
          <IntegrationStatus row={row} />
          <Group gap="xs">
            {!busy && (
              <Button
                variant={connected ? 'default' : 'filled'}
                leftSection={
                  connected ? (
                    <IconSettings size={16} aria-hidden />
                  ) : (
                    <IconPlugConnected size={16} aria-hidden />
                  )
                }
                aria-label={`${connected ? 'Modify' : 'Connect'} ${row.name}`}
                onClick={() => onOpen(row)}
              >
                {connected ? 'Modify' : 'Connect'}
              </Button>
            )}
            {connected && (
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} aria-hidden />}
                aria-label={`${busy ? 'Syncing' : 'Sync'} ${row.name}`}
                disabled={busy}
                onClick={() => onSync(row)}
              >
                {busy ? 'Syncing' : 'Sync'}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
