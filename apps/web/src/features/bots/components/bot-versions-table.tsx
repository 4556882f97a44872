import { Badge, Button, Group, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { formatDay, formatTimestamp } from '@/lib/format-date';
import type { BotVersion } from '@fieldbot/shared';
import { versionAccuracy } from '../lib/accuracy';
import { isRetired } from '../lib/deprecation';
import { BOT_ENGINE_LABELS } from '../lib/options';

const COLUMNS: DataTableColumn<BotVersion>[] = [
  {
    key: 'number',
    header: 'Version',
    render: (v) =>
      v.deprecation ? (
        <Group gap={6}>
          {`v${v.number}`}
          <Badge
            variant="light"
            color="orange"
            tt="none"
            h="auto"
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {`${isRetired(v.deprecation.retires_on, new Date()) ? 'Retired on' : 'Retires on'} ${formatDay(v.deprecation.retires_on)}`}
          </Badge>
        </Group>
      ) : (
        `v${v.number}`
      ),
  },
  { key: 'changelog', header: 'Changelog', render: (v) => v.changelog },
  { key: 'engine', header: 'Engine', render: (v) => BOT_ENGINE_LABELS[v.engine] },
  { key: 'published_at', header: 'Published At', render: (v) => formatTimestamp(v.published_at) },
  { key: 'published_by', header: 'Published By', render: (v) => v.published_by ?? '—' },
  { key: 'companies_count', header: 'Companies', render: (v) => v.companies_count },
  {
    key: 'accuracy',
    header: 'Accuracy',
    render: (v) => {
      const accuracy = versionAccuracy(v.feedback);
      return (
        <div>
          <Text size="sm" fw={600} span>
            {accuracy.label}
          </Text>
          <Text size="xs" c="dimmed">
            {accuracy.detail}
          </Text>
        </div>
      );
    },
  },
];

export interface BotVersionsTableProps {
  versions: readonly BotVersion[];
  /** Opens the Deprecate dialog for an older version; no Actions column without it. */
  onDeprecate?: (version: number) => void;
}

/** Every published version, newest first, with the reviewers' accuracy. */
export function BotVersionsTable({ versions, onDeprecate }: BotVersionsTableProps) {
  const rows = [...versions].sort((a, b) => b.number - a.number);
  const newest = rows[0]?.number;
  const columns: DataTableColumn<BotVersion>[] = onDeprecate
    ? [
        ...COLUMNS,
        {
          key: 'actions',
          header: 'Actions',
          // Only an older version that is not yet deprecated can be.
          render: (v) =>
            v.number !== newest && !v.deprecation ? (
              <Button
                size="xs"
                variant="light"
                color="orange"
                aria-label={`Deprecate v${v.number}`}
                onClick={() => onDeprecate(v.number)}
              >
                Deprecate
              </Button>
            ) : null,
        },
      ]
    : COLUMNS;
  return (
    <DataTable rowsName="Versions" columns={columns} rows={rows} rowKey={(v) => String(v.number)} />
  );
}
