import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_EVENT_LABELS,
  type WebhookDelivery,
} from '@fieldbot/shared';
import { Badge, Code, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, TableError, type DataTableColumn } from '@/components/data-table';
import { formatTimestamp } from '@/lib/format-date';
import { useWebhookDeliveries } from '../api/webhooks';

const columns: DataTableColumn<WebhookDelivery>[] = [
  {
    key: 'time',
    header: 'Time',
    render: (d) => <Text size="sm">{formatTimestamp(d.attempted_at)}</Text>,
  },
  {
    key: 'event',
    header: 'Event',
    render: (d) => (
      <Text size="sm">
        {WEBHOOK_EVENT_LABELS[d.event_type]}
        <Text span size="xs" c="dimmed" display="block" style={{ wordBreak: 'break-all' }}>
          {d.message_id}
        </Text>
      </Text>
    ),
  },
  { key: 'attempt', header: 'Attempt', render: (d) => <Text size="sm">{d.attempt}</Text> },
  {
    key: 'status',
    header: 'Status',
    render: (d) =>
      d.status === 'delivered' ? (
        <Badge color="green" variant="light">
          Delivered
        </Badge>
      ) : (
        <Badge color="red" variant="light">
          Failed
        </Badge>
      ),
  },
  {
    key: 'response',
    header: 'Response',
    render: (d) =>
      d.response_code !== null ? (
        <Code>{`HTTP ${d.response_code}`}</Code>
      ) : (
        <Text size="sm" c="dimmed">
          {d.error ?? 'No answer'}
        </Text>
      ),
  },
  {
    key: 'duration',
    header: 'Duration',
    render: (d) => <Text size="sm">{`${d.duration_ms} ms`}</Text>,
  },
];

/** One endpoint's delivery attempts, newest first, paged; polled while shown. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(endpointId, page);
  const rows = log.data?.data;
  return (
    <DataTable
      rowsName="Deliveries"
      columns={columns}
      rows={rows}
      rowKey={(d) => d.id}
      loading={!rows && !log.isError}
      fetching={log.isPlaceholderData}
      error={
        log.isError && !rows ? (
          <TableError error={log.error} onRetry={() => void log.refetch()} />
        ) : undefined
      }
      pagination={{ page, total: log.data?.meta.total ?? 0, onPageChange: setPage }}
      pageSize={WEBHOOK_DELIVERIES_PAGE_SIZE}
    />
  );
}
