import {
  clientRunsQuerySchema,
  formatUsdMillicents,
  type ClientRun,
  type ClientRunsQuery,
} from '@fieldbot/shared';
import { Badge, Group, Select, Text } from '@mantine/core';
import {
  ListDataTable,
  useListQuery,
  type DataTableColumn,
  type ListQueryChange,
  type PagedListQuery,
  useDeferredPage,
} from '@/components/data-table';
import { MonthPicker } from '@/components/month-picker';
import { formatTimestamp } from '@/lib/format-date';
import { useClientBots } from '../api/get-client-bots';
import { useClientRuns } from '../api/get-client-runs';
import { shownMonthLabel } from '../lib/month';
import {
  RUN_STATUS_BADGES,
  RUN_STATUS_OPTIONS,
  RUN_TARGET_LABELS,
  RUN_TYPE_LABELS,
} from '../lib/options';

// Runs are sorted by time only: the direction is the one sort the route takes.
const RUN_AT = 'run_at';

const COLUMNS: DataTableColumn<ClientRun>[] = [
  { key: 'bot_name', header: 'Bot', render: (run) => run.bot_name },
  { key: 'version', header: 'Version', render: (run) => `v${run.version}` },
  {
    key: 'status',
    header: 'Status',
    render: (run) => (
      <Badge variant="light" color={RUN_STATUS_BADGES[run.status].color}>
        {RUN_STATUS_BADGES[run.status].label}
      </Badge>
    ),
  },
  { key: 'run_type', header: 'Run Type', render: (run) => RUN_TYPE_LABELS[run.run_type] },
  { key: 'target_type', header: 'Target', render: (run) => RUN_TARGET_LABELS[run.target_type] },
  {
    key: RUN_AT,
    header: 'Run At',
    sortField: RUN_AT,
    render: (run) => formatTimestamp(run.run_at),
  },
  {
    key: 'estimated_cost',
    header: 'Estimated Cost',
    render: (run) => formatUsdMillicents(run.estimated_cost_millicents),
  },
  { key: 'markup', header: 'Markup', render: (run) => `${run.markup_percent}%` },
  {
    key: 'client_cost',
    header: 'Client Cost',
    render: (run) => formatUsdMillicents(run.client_cost_millicents),
  },
];

/**
 * The client's runs of the publisher's bots: status and cost only. Nothing links to the company's
 * interactions (a publisher never reads a company's transcripts or audio).
 */
export function ClientRunsTab({ clientId }: { clientId: string }) {
  const [query, setQuery] = useListQuery(clientRunsQuerySchema);
  const runs = useClientRuns(clientId, query);
  const bots = useClientBots(clientId);
  const { data, loading, fetching } = useDeferredPage(runs);
  const botOptions = (bots.data ?? []).map((bot) => ({ value: bot.bot_id, label: bot.name }));

  const onQueryChange = (change: ListQueryChange<PagedListQuery & ClientRunsQuery>) => {
    const { sort_by: _sortBy, ...rest } = change;
    setQuery(rest);
  };

  return (
    <ListDataTable
      query={{ ...query, sort_by: RUN_AT }}
      onQueryChange={onQueryChange}
      data={data}
      loading={loading}
      fetching={fetching}
      error={runs.error}
      onRetry={() => void runs.refetch()}
      rowsName="Runs"
      columns={COLUMNS}
      rowKey={(run) => run.id}
      toolbar={<RunFilters query={query} botOptions={botOptions} onQueryChange={setQuery} />}
    />
  );
}

function RunFilters({
  query,
  botOptions,
  onQueryChange,
}: {
  query: ClientRunsQuery;
  botOptions: { value: string; label: string }[];
  onQueryChange: (change: Partial<Record<keyof ClientRunsQuery, string | undefined>>) => void;
}) {
  return (
    <Group mb="md" align="flex-end" gap="sm">
      <Select
        label="Bot"
        placeholder="All"
        data={botOptions}
        value={query.bot_id ?? null}
        onChange={(botId) => onQueryChange({ bot_id: botId ?? undefined })}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Status"
        placeholder="All"
        data={RUN_STATUS_OPTIONS}
        value={query.status ?? null}
        onChange={(status) => onQueryChange({ status: status ?? undefined })}
        clearable
        w={{ base: '100%', xs: 160 }}
      />
      <MonthPicker
        label="Filter by month"
        value={query.month ?? null}
        onChange={(month) => onQueryChange({ month: month ?? undefined })}
      />
      {/* Without a chosen month the server shows this month; say which. */}
      <Text size="sm" c="dimmed" pb={8}>
        {`Runs of ${shownMonthLabel(query.month, new Date())} (UTC)`}
      </Text>
    </Group>
  );
}
