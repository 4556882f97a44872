import {
  formatPlayerTime,
  interactionTypeLabel,
  type InteractionListItem,
  type InteractionListQuery,
} from '@fieldbot/shared';
import { Group, Title } from '@mantine/core';
import { formatTimestamp } from '@/lib/format-date';
import { useMemo } from 'react';
import { ListDataTable, type DataTableColumn, type ListTableProps } from '@/components/data-table';
import { SearchInput } from '@/components/search/search-input';
import { useRedownloadCall } from '../api/redownload-call';
import { InteractionLink } from './interaction-link';
import { InteractionStatusCell } from './interaction-status-cell';
import { InteractionTypeFilter } from './interaction-type-filter';

export interface CustomerInteractionsTableProps extends ListTableProps<
  InteractionListQuery,
  InteractionListItem
> {
  customerId: string;
  /** The user's company, for Re Download; null leaves Re Download disabled. */
  companyId: string | null;
}

const orDash = (value: string | null) => value || '-';

/** The Interactions table of a customer (spec §2, §4). */
export function CustomerInteractionsTable({
  customerId,
  companyId,
  ...list
}: CustomerInteractionsTableProps) {
  const { query, onQueryChange } = list;
  const redownload = useRedownloadCall(customerId);
  const redownloadingId = redownload.isPending ? redownload.variables.call_ids[0] : null;

  const columns = useMemo<DataTableColumn<InteractionListItem>[]>(
    () => [
      {
        key: 'interaction_id',
        header: 'Interaction ID',
        render: (item) => <InteractionLink customerId={customerId} item={item} />,
      },
      {
        key: 'type',
        header: 'Interaction Type',
        sortField: 'type',
        render: (item) => interactionTypeLabel(item.type, item.call_type),
      },
      { key: 'job_id', header: 'Job ID', sortField: 'job_id', render: (i) => orDash(i.job_id) },
      {
        key: 'recording_by',
        header: 'Field Team',
        sortField: 'recording_by',
        render: (item) => orDash(item.recording_by),
      },
      {
        key: 'created_at',
        header: 'Timestamp',
        sortField: 'created_at',
        render: (item) => formatTimestamp(item.created_at),
      },
      {
        key: 'duration',
        header: 'Recording Length',
        sortField: 'duration',
        render: (item) => formatPlayerTime(item.duration),
      },
      {
        key: 'status',
        header: 'Status',
        render: (item) => (
          <InteractionStatusCell
            item={item}
            redownloading={redownloadingId === item.id}
            redownloadDisabled={!companyId || redownload.isPending}
            onRedownload={() => {
              if (companyId) redownload.mutate({ call_ids: [item.id], company_id: companyId });
            }}
          />
        ),
      },
    ],
    [customerId, companyId, redownload, redownloadingId],
  );

  return (
    <ListDataTable
      {...list}
      rowsName="Interactions"
      columns={columns}
      rowKey={(item) => item.id}
      toolbar={
        <Group justify="space-between" align="center" mb="md" gap="sm">
          <Title order={2} size="h4">
            Interactions
          </Title>
          <Group gap="sm" style={{ flex: '1 1 320px' }} justify="flex-end">
            <InteractionTypeFilter value={query.type} onApply={(type) => onQueryChange({ type })} />
            <SearchInput
              label="Search interactions"
              value={query.keyword ?? ''}
              onSearch={(keyword) => onQueryChange({ keyword })}
              w={260}
            />
          </Group>
        </Group>
      }
    />
  );
}
