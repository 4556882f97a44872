import { formatUsd, type Invoice } from '@fieldbot/shared';
import { Anchor, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { DataTableColumn } from '@/components/data-table';
import { formatDay } from '../lib/format';
import {
  BillingListTable,
  BillingListToolbar,
  type BillingListTableProps,
} from './billing-list-table';

const COLUMNS: DataTableColumn<Invoice>[] = [
  {
    key: 'invoice_number',
    header: 'Invoice Number',
    sortField: 'invoice_number',
    render: (invoice) => invoice.invoice_number,
  },
  { key: 'date', header: 'Date', sortField: 'date', render: (invoice) => formatDay(invoice.date) },
  {
    key: 'total_amount',
    header: 'Total Amount',
    sortField: 'total_amount',
    render: (invoice) => formatUsd(invoice.total_amount),
  },
  {
    key: 'invoice_url',
    header: 'Invoice',
    render: (invoice) => (
      <Anchor
        href={invoice.invoice_url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`View invoice ${invoice.invoice_number} (opens in a new tab)`}
      >
        <Group gap={4} component="span" wrap="nowrap">
          View
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    ),
  },
];

export interface InvoicesTableProps extends Omit<
  BillingListTableProps<Invoice>,
  'rowsName' | 'columns' | 'rowKey' | 'toolbar'
> {
  keyword: string;
  date: string | null;
}

/** Spec §2 "Billing tabs" invoice history: search, month filter, sort and paging. */
export function InvoicesTable({ keyword, date, ...props }: InvoicesTableProps) {
  const { onQueryChange } = props;
  return (
    <BillingListTable
      {...props}
      rowsName="Invoices"
      columns={COLUMNS}
      rowKey={(invoice) => invoice.id}
      toolbar={
        <BillingListToolbar
          searchLabel="Search invoices"
          keyword={keyword}
          date={date}
          onQueryChange={onQueryChange}
        />
      }
    />
  );
}
