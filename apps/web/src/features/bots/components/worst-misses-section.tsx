import type { SharedMiss } from '@fieldbot/shared';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTextPlus, IconX } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '@/components/data-table';

export const NO_WORST_MISSES =
  'No shared misses yet. When a company that shares its reviewers’ marks marks words Missed or a highlight Wrong, the sentence shows here.';

const KINDS = {
  missed: { label: 'Missed', color: 'orange', icon: IconTextPlus },
  wrong: { label: 'Wrong', color: 'red', icon: IconX },
} as const;

const COLUMNS: DataTableColumn<SharedMiss>[] = [
  { key: 'version', header: 'Version', render: (m) => `v${m.version}` },
  { key: 'label', header: 'Tag', render: (m) => m.label },
  {
    key: 'kind',
    header: 'Kind',
    render: (m) => {
      const { label, color, icon: Icon } = KINDS[m.kind];
      return (
        <Badge color={color} variant="light" tt="none" leftSection={<Icon size={12} aria-hidden />}>
          {label}
        </Badge>
      );
    },
  },
  {
    key: 'sentence',
    header: 'Sentence',
    render: (m) => (
      <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
        “{m.sentence}”
      </Text>
    ),
  },
  { key: 'count', header: 'Count', render: (m) => `×${m.count}` },
];

/**
 * The sentences behind the bot's worst misses: marks companies chose to share, redacted, most
 * frequent first (ADR 024).
 */
export function WorstMissesSection({ misses }: { misses: readonly SharedMiss[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="worst-misses-title">
      <Title order={2} size="h4" id="worst-misses-title">
        Worst misses
      </Title>
      <Text size="sm" c="dimmed">
        Sentences reviewers marked, from companies that share their marks, with names, numbers,
        e-mail addresses and phone numbers removed.
      </Text>
      {misses.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed" ta="center">
            {NO_WORST_MISSES}
          </Text>
        </Paper>
      ) : (
        <DataTable
          rowsName="Worst misses"
          columns={COLUMNS}
          rows={misses}
          rowKey={(m) => `${m.version}-${m.tag_id}-${m.kind}-${m.sentence}`}
        />
      )}
    </Stack>
  );
}
