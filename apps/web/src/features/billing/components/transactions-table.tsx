import { formatUsd, TRANSACTION_FILTER_STATUSES, type Transaction } from '@fieldbot/shared';
import { Select } from '@mantine/core';
import type { DataTableColumn } from '@/components/data-table';
import { formatDay } from '../lib/format';
import {
  BillingListTable,
  BillingListToolbar,
  type BillingListTableProps,
} from './billing-list-table';
import { PayNowCell } from './pay-now-cell';
import { TransactionStatusBadge } from './transaction-status-badge';

const STATUS_OPTIONS = TRANSACTION_FILTER_STATUSES.map((value) => ({
  value,
  label: value === 'success' ? 'Success' : 'Failed',
}));

const COLUMNS: DataTableColumn<Transaction>[] = [
  {
    key: 'invoice_number',
    header: 'Invoice Number',
    sortField: 'invoice_id',
    render: (t) => t.invoice_number,
  },
  { key: 'amount', header: 'Amount', sortField: 'amount', render: (t) => formatUsd(t.amount) },
  {
    key: 'card_number',
    header: 'Card',
    render: (t) => (t.card_number ? `•••• ${t.card_number}` : '—'),
  },
  {
    key: 'payment_date',
    header: 'Date',
    sortField: 'payment_date',
    render: (t) => formatDay(t.payment_date),
  },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    render: (t) => <TransactionStatusBadge status={t.status} failureMessage={t.failure_message} />,
  },
  { key: 'action', header: 'Action', render: (t) => <PayNowCell transaction={t} /> },
];

export interface TransactionsTableProps extends Omit<
  BillingListTableProps<Transaction>,
  'rowsName' | 'columns' | 'rowKey' | 'toolbar'
> {
  keyword: string;
  date: string | null;
  status: string | null;
}

/** Spec §2 "Billing tabs" transaction history: search, month and status filters, sort, paging, Pay Now. */
export function TransactionsTable({ keyword, date, status, ...props }: TransactionsTableProps) {
  const { onQueryChange } = props;
  return (
    <BillingListTable
      {...props}
      rowsName="Transactions"
      columns={COLUMNS}
      rowKey={(t) => t.id}
      toolbar={
        <BillingListToolbar
          searchLabel="Search transactions"
          keyword={keyword}
          date={date}
          onQueryChange={onQueryChange}
        >
          <Select
            aria-label="Status"
            placeholder="All statuses"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(next) => onQueryChange({ status: next ?? undefined })}
            clearable
            w={160}
          />
        </BillingListToolbar>
      }
    />
  );
}
