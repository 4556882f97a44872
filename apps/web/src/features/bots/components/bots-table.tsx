import {
  BOT_TRIGGER_EVENT_LABELS,
  BOT_TRIGGER_LABELS,
  PAGE_SIZE,
  type BotListItem,
  type BotListQuery,
  type botListQuerySchema,
  botDetailPath,
} from '@fieldbot/shared';
import { Anchor, Group, Select } from '@mantine/core';
import { Link } from 'react-router';
import {
  DataTable,
  ListToolbar,
  TableError,
  useLastPageRedirect,
  type DataTableColumn,
  type ListQueryPatch,
} from '@/components/data-table';
import { formatTimestamp } from '@/lib/format-date';
import type { BotListResponse } from '../api/get-bots';
import { BOT_ENGINE_LABELS, BOT_STATUS_OPTIONS, BOT_TRIGGER_OPTIONS } from '../lib/options';
import { BotIcon } from './bot-icon';
import { BotStatusBadge } from './bot-status-badge';

const COLUMNS: DataTableColumn<BotListItem>[] = [
  {
    key: 'name',
    header: 'Bot Name',
    render: (bot) => (
      <Group gap="xs" wrap="nowrap">
        <BotIcon icon={bot.icon} />
        <Anchor component={Link} to={botDetailPath(bot.id)} fw={600}>
          {bot.name}
        </Anchor>
      </Group>
    ),
  },
  { key: 'trigger', header: 'Trigger', render: (bot) => BOT_TRIGGER_LABELS[bot.trigger] },
  {
    key: 'trigger_event',
    header: 'Event',
    render: (bot) => BOT_TRIGGER_EVENT_LABELS[bot.trigger_event],
  },
  { key: 'engine', header: 'Engine', render: (bot) => BOT_ENGINE_LABELS[bot.engine] },
  { key: 'status', header: 'Status', render: (bot) => <BotStatusBadge status={bot.status} /> },
  {
    key: 'latest_version',
    header: 'Latest Version',
    render: (bot) => (bot.latest_version === null ? '—' : `v${bot.latest_version}`),
  },
  { key: 'companies_count', header: 'Companies', render: (bot) => bot.companies_count },
  { key: 'updated_at', header: 'Updated', render: (bot) => formatTimestamp(bot.updated_at) },
];

export interface BotsTableProps {
  rowsName: string;
  query: BotListQuery;
  onQueryChange: (patch: ListQueryPatch<typeof botListQuerySchema>) => void;
  data: BotListResponse | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * The publisher's bots, server-paged. The bot list has no sort (the contract's query has none), so
 * this is a DataTable with the list-page parts of ListDataTable: last-page redirect and the error.
 */
export function BotsTable({
  rowsName,
  query,
  onQueryChange,
  data,
  loading,
  fetching,
  error,
  onRetry,
}: BotsTableProps) {
  const beyondEnd = useLastPageRedirect(
    query.page,
    fetching || loading ? undefined : data?.data.count,
    PAGE_SIZE,
  );
  return (
    <DataTable
      rowsName={rowsName}
      columns={COLUMNS}
      rowKey={(bot) => bot.id}
      rows={beyondEnd ? undefined : data?.data.items}
      loading={loading || beyondEnd}
      fetching={fetching}
      error={error ? <TableError error={error} onRetry={onRetry} /> : null}
      pagination={{
        page: query.page,
        total: data?.data.count ?? 0,
        onPageChange: (page) => onQueryChange({ page }),
      }}
      toolbar={
        <ListToolbar
          searchLabel="Search bots"
          searchPlaceholder="Search by name"
          keyword={query.keyword ?? ''}
          onSearch={(keyword) => onQueryChange({ keyword })}
        >
          <Select
            label="Status"
            placeholder="All"
            data={BOT_STATUS_OPTIONS}
            value={query.status ?? null}
            onChange={(status) => onQueryChange({ status })}
            clearable
            w={160}
          />
          <Select
            label="Trigger"
            placeholder="All"
            data={BOT_TRIGGER_OPTIONS}
            value={query.trigger ?? null}
            onChange={(trigger) => onQueryChange({ trigger })}
            clearable
            w={200}
          />
        </ListToolbar>
      }
    />
  );
}
