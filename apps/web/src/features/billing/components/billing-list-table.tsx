import { PAGE_SIZE, type SortDirection } from '@fieldbot/shared';
import {
  DataTable,
  TableError,
  useLastPageRedirect,
  type DataTableProps,
} from '@/components/data-table';

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

/**
 * DataTable over a billing list query in the URL. The billing routes name their fields
 * sort/direction/total (spec §7) where the other lists say sort_by/sort_direction/count.
 */
export function BillingListTable<T>({
  query,
  onQueryChange,
  data,
  loading,
  fetching,
  error,
  onRetry,
  ...table
}: BillingListTableProps<T>) {
  const beyondEnd = useLastPageRedirect(
    query.page,
    fetching || loading ? undefined : data?.data.total,
    PAGE_SIZE,
  );
  return (
    <DataTable
      {...table}
      rows={beyondEnd ? undefined : data?.data.items}
      loading={loading || beyondEnd}
      fetching={fetching}
      error={error ? <TableError error={error} onRetry={onRetry} /> : null}
      sort={{
        sortBy: query.sort,
        sortDirection: query.direction,
        onSortChange: (next) => onQueryChange({ sort: next.sortBy, direction: next.sortDirection }),
      }}
      pagination={{
        page: query.page,
        total: data?.data.total ?? 0,
        onPageChange: (page) => onQueryChange({ page }),
      }}
    />
  );
}
