import { PAGE_SIZE, type SortDirection } from '@fieldbot/shared';
import { DataTable, type DataTableProps } from './data-table';
import { TableError } from './table-error';
import { useLastPageRedirect } from './use-last-page-redirect';

/** The fields every server list query has (the shared list-query schemas). */
export interface PagedListQuery {
  page: number;
  sort_by: string;
  sort_direction: SortDirection;
}

/** A change to a list query as a table asks for it; useListQuery's setter applies it. */
export type ListQueryChange<Q> = Partial<Record<keyof Q, string | number | undefined>>;

/** What a list page hands its table: the query from the URL and the state of the page's fetch. */
export interface ListTableProps<Q extends PagedListQuery, T> {
  query: Q;
  onQueryChange: (change: ListQueryChange<Q>) => void;
  /** The server's answer ({data: {items, count}}); undefined until the first page arrives. */
  data: { data: { items: readonly T[]; count: number } } | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
}

export type ListDataTableProps<Q extends PagedListQuery, T> = ListTableProps<Q, T> &
  Pick<DataTableProps<T>, 'rowsName' | 'columns' | 'rowKey' | 'toolbar'>;

/**
 * A DataTable over a list query kept in the URL (useListQuery): the rows and count of the server's
 * page, sort and page changes written back to the query, a page past the end replaced by the last
 * one, and a failed load shown with Try again.
 */
export function ListDataTable<Q extends PagedListQuery, T>({
  query,
  onQueryChange,
  data,
  loading,
  fetching,
  error,
  onRetry,
  ...table
}: ListDataTableProps<Q, T>) {
  // Only page and sort change here: fields every Q has.
  const change = onQueryChange as (change: ListQueryChange<PagedListQuery>) => void;
  // Only the page's own answer tells whether it is past the end (not the previous page kept on screen).
  const beyondEnd = useLastPageRedirect(
    query.page,
    fetching || loading ? undefined : data?.data.count,
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
        sortBy: query.sort_by,
        sortDirection: query.sort_direction,
        onSortChange: (next) =>
          change({ sort_by: next.sortBy, sort_direction: next.sortDirection }),
      }}
      pagination={{
        page: query.page,
        total: data?.data.count ?? 0,
        onPageChange: (page) => change({ page }),
      }}
    />
  );
}
