import {
  formatUsd,
  type ClientListItem,
  type ClientListQuery,
  clientDetailPath,
} from '@fieldbot/shared';
import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import {
  ListDataTable,
  ListToolbar,
  type DataTableColumn,
  type ListTableProps,
} from '@/components/data-table';
import { MonthPicker } from '@/components/month-picker';
import { formatDay } from '@/lib/format-date';
import { ClientName } from './client-name';

const COLUMNS: DataTableColumn<ClientListItem>[] = [
  {
    key: 'name',
    header: 'Client',
    sortField: 'name',
    render: (client) => (
      <ClientName name={client.name} logo={client.logo}>
        <Anchor component={Link} to={clientDetailPath(client.id)} fw={600}>
          {client.name}
        </Anchor>
      </ClientName>
    ),
  },
  { key: 'since', header: 'Since', sortField: 'since', render: (c) => formatDay(c.since) },
  { key: 'bots_used', header: 'Bots Used', sortField: 'bots_used', render: (c) => c.bots_used },
  { key: 'runs', header: 'Runs', sortField: 'runs', render: (c) => c.runs.toLocaleString('en-US') },
  {
    key: 'estimated_cost',
    header: 'Estimated Cost',
    sortField: 'estimated_cost',
    render: (c) => formatUsd(c.estimated_cost_cents),
  },
  {
    key: 'markup',
    header: 'Markup',
    sortField: 'markup',
    render: (c) => (
      <Group gap={6} wrap="nowrap">
        {`${c.markup_percent}%`}
        {c.markup_overridden ? (
          <Badge size="xs" variant="light" color="grape">
            Custom
          </Badge>
        ) : null}
      </Group>
    ),
  },
  {
    key: 'client_cost',
    header: 'Client Cost',
    sortField: 'client_cost',
    render: (c) => formatUsd(c.client_cost_cents),
  },
];

export type ClientsTableProps = ListTableProps<ClientListQuery, ClientListItem>;

/** The publisher's clients: search, month, sort and paging, all kept in the query string. */
export function ClientsTable(props: ClientsTableProps) {
  const { query, onQueryChange } = props;
  return (
    <ListDataTable
      {...props}
      rowsName="Clients"
      columns={COLUMNS}
      rowKey={(client) => client.id}
      toolbar={
        <ListToolbar
          searchLabel="Search clients"
          searchPlaceholder="Search by client name"
          keyword={query.keyword ?? ''}
          onSearch={(keyword) => onQueryChange({ keyword })}
        >
          <MonthPicker
            label="Filter by month"
            value={query.month ?? null}
            onChange={(month) => onQueryChange({ month: month ?? undefined })}
          />
        </ListToolbar>
      }
    />
  );
}
