import type { BotVersion } from '@fieldbot/shared';
import { Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { formatTimestamp } from '@/lib/format-date';
import { versionAccuracy } from '../lib/accuracy';
import { BOT_ENGINE_LABELS } from '../lib/options';

const COLUMNS: DataTableColumn<BotVersion>[] = [
  { key: 'number', header: 'Version', render: (v) => `v${v.number}` },
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

/** Every published version, newest first, with the reviewers' accuracy (issue 9 §5). */
export function BotVersionsTable({ versions }: { versions: readonly BotVersion[] }) {
  const rows = [...versions].sort((a, b) => b.number - a.number);
  return (
    <DataTable rowsName="Versions" columns={COLUMNS} rows={rows} rowKey={(v) => String(v.number)} />
  );
}
