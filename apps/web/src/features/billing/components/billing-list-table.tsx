import type { SortDirection } from '@fieldbot/shared';
import type { ReactNode } from 'react';
import {
  ListDataTable,
  ListToolbar,
  type DataTableProps,
  type ListQueryChange,
  type PagedListQuery,
} from '@/components/data-table';
import { MonthPicker } from '@/components/month-picker';

/** The paging and sorting fields of the billing lists (spec §7: page, sort, direction). */
export interface BillingListQuery {
  page: number;
  sort: string;
  direction: SortDirection;
}

export type BillingQueryChange = Partial<
  Record<'page' | 'sort' | 'direction' | 'keyword' | 'date' | 'status', string | number | undefined>
>;

export interface BillingListTableProps<T> extends Pick<
  DataTableProps<T>,
  'rowsName' | 'columns' | 'rowKey' | 'toolbar'
> {
  query: BillingListQuery;
  onQueryChange: (change: BillingQueryChange) => void;
  /** {data: {items, total}}; undefined until the first page arrives. */
  data: { data: { items: readonly T[]; total: number } } | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The shared list query's field names and the billing routes' names for them. */
const BILLING_NAMES: Record<string, keyof BillingQueryChange> = {
  sort_by: 'sort',
  sort_direction: 'direction',
};

/**
 * The shared ListDataTable over a billing list query in the URL. The billing routes name their
 * fields sort/direction/total (spec §7) where the other lists say sort_by/sort_direction/count,
 * so the query, its changes and the answer are renamed on the way through.
 */
export function BillingListTable<T>({
  query,
  onQueryChange,
  data,
  ...table
}: BillingListTableProps<T>) {
  const renameChange = (change: ListQueryChange<PagedListQuery>) =>
    onQueryChange(
      Object.fromEntries(
        Object.entries(change).map(([key, value]) => [BILLING_NAMES[key] ?? key, value]),
      ),
    );
  return (
    <ListDataTable
      {...table}
      query={{ page: query.page, sort_by: query.sort, sort_direction: query.direction }}
      onQueryChange={renameChange}
      data={data && { data: { items: data.data.items, count: data.data.total } }}
    />
  );
}

export interface BillingListToolbarProps {
  /** Accessible label of the search box, e.g. "Search invoices". */
  searchLabel: string;
  keyword: string;
  date: string | null;
  onQueryChange: (change: BillingQueryChange) => void;
  /** Further filters after the month picker. */
  children?: ReactNode;
}

/** The billing lists' filters: invoice-number search and month picker, then any further filters. */
export function BillingListToolbar({
  searchLabel,
  keyword,
  date,
  onQueryChange,
  children,
}: BillingListToolbarProps) {
  return (
    <ListToolbar
      searchLabel={searchLabel}
      searchPlaceholder="Search by invoice number"
      keyword={keyword}
      onSearch={(next) => onQueryChange({ keyword: next })}
    >
      <MonthPicker
        label="Filter by month"
        value={date}
        onChange={(next) => onQueryChange({ date: next ?? undefined })}
      />
      {children}
    </ListToolbar>
  );
}
