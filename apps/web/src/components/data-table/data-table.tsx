import { PAGE_SIZE } from '@fieldbot/shared';
import { Box, Paper, Skeleton, Table, Text, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';
import { nextSort, type SortState } from './sort';
import { SortableHeader } from './sortable-header';
import { TablePagination } from './table-pagination';

export interface DataTableColumn<T> {
  key: string;
  header: string;
  /** The server's sort_by value; the column is sortable when set. */
  sortField?: string;
  render: (row: T) => ReactNode;
  thProps?: Omit<TableThProps, 'children'>;
}

export interface DataTableProps<T> {
  /** The table's accessible name and the plural in 'No {rows} Found', e.g. 'Customers'. */
  rowsName: string;
  columns: readonly DataTableColumn<T>[];
  /** Undefined until the first page has loaded. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** First load: skeleton rows. */
  loading?: boolean;
  /** A newer page is on its way while the previous one is still shown. */
  fetching?: boolean;
  /** Shown instead of the rows, e.g. an alert with the server message. */
  error?: ReactNode;
  sort?: SortState & { onSortChange: (sort: SortState) => void };
  pagination?: { page: number; total: number; onPageChange: (page: number) => void };
  pageSize?: number;
  /** Search and filters, above the table. */
  toolbar?: ReactNode;
}

const SKELETON_ROWS = 5;

/**
 * A server-paged table: sortable headers, skeletons, 'No {rows} Found' and the pagination footer.
 * On phones each row is a card (data-table.module.css), so nothing scrolls sideways.
 */
export function DataTable<T>({
  rowsName,
  columns,
  rows,
  rowKey,
  loading = false,
  fetching = false,
  error,
  sort,
  pagination,
  pageSize = PAGE_SIZE,
  toolbar,
}: DataTableProps<T>) {
  const fullRow = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={columns.length}>{content}</Table.Td>
    </Table.Tr>
  );

  let body: ReactNode;
  if (error) {
    body = fullRow(error);
  } else if (loading || !rows) {
    body = Array.from({ length: SKELETON_ROWS }, (_, row) => (
      <Table.Tr key={row} data-testid="skeleton-row">
        {columns.map((column) => (
          <Table.Td key={column.key} data-label={column.header}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (rows.length === 0) {
    body = fullRow(
      <Text ta="center" c="dimmed" py="lg">
        {`No ${rowsName} Found`}
      </Text>,
    );
  } else {
    body = rows.map((row) => (
      <Table.Tr key={rowKey(row)}>
        {columns.map((column) => (
          <Table.Td key={column.key} data-label={column.header}>
            {column.render(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <Paper withBorder radius="md" p="md">
      {toolbar}
      <Box className={classes.scroll}>
        <Table
          className={classes.table}
          aria-label={rowsName}
          aria-busy={loading || fetching}
          highlightOnHover
          verticalSpacing="sm"
          style={{ opacity: fetching && !loading ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) =>
                sort && column.sortField ? (
                  <SortableHeader
                    key={column.key}
                    label={column.header}
                    field={column.sortField}
                    sort={sort}
                    onSort={(field) => sort.onSortChange(nextSort(sort, field))}
                    {...column.thProps}
                  />
                ) : (
                  <Table.Th key={column.key} {...column.thProps}>
                    {column.header}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Box>
      {pagination && rows && !error && (
        <TablePagination
          page={pagination.page}
          total={pagination.total}
          onPageChange={pagination.onPageChange}
          pageSize={pageSize}
          label={`${rowsName} pages`}
        />
      )}
    </Paper>
  );
}
