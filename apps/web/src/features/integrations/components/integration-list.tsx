import type { CrmWritebackStatus, IntegrationListItem } from '@fieldbot/shared';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { IntegrationCard } from './integration-card';

export function IntegrationListSkeleton() {
  return (
    <SimpleGrid
      cols={{ base: 1, md: 2 }}
      spacing="md"
      role="status"
      aria-busy="true"
      aria-label="Loading integrations"
    >
      {[0, 1].map((n) => (
        <Paper key={n} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Skeleton height={48} width={48} radius="md" />
            <Skeleton height={16} width="60%" />
            <Skeleton height={32} />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export interface IntegrationListProps {
  rows: IntegrationListItem[];
  onOpen: (row: IntegrationListItem) => void;
  onSync: (row: IntegrationListItem) => void;
  /** The integration whose sync request is on its way, if any. */
  syncingId: number | null;
  /** The write-back state: its failures show on the card of the CRM they belong to. */
  writeback?: CrmWritebackStatus;
}

/** The catalogue as cards: one column on a phone, two from md up. */
export function IntegrationList({
  rows,
  onOpen,
  onSync,
  syncingId,
  writeback,
}: IntegrationListProps) {
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <IconPlugConnectedX size={32} aria-hidden />
          <Text fw={600}>No integrations available</Text>
          <Text size="sm" c="dimmed" ta="center">
            There are no integrations to connect yet.
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {rows.map((row) => (
        <IntegrationCard
          key={row.id}
          row={row}
          onOpen={onOpen}
          onSync={onSync}
          syncing={syncingId === row.integration_id}
          writebackFailure={
            writeback?.integration?.integration_id === row.integration_id ? writeback.failure : null
          }
        />
      ))}
    </SimpleGrid>
  );
}
