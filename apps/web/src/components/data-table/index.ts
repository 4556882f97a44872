export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export {
  ListDataTable,
  type ListDataTableProps,
  type ListQueryChange,
  type ListTableProps,
  type PagedListQuery,
} from './list-data-table';
export { SortableHeader } from './sortable-header';
export { TablePagination } from './table-pagination';
export { nextSort, type SortState } from './sort';
export { parseListQuery, useListQuery, type ListQueryPatch } from './use-list-query';
export { ListToolbar, type ListToolbarProps } from './list-toolbar';
export { TableError } from './table-error';
export { useLastPageRedirect } from './use-last-page-redirect';
export { PagedCards, type PagedCardsProps } from './paged-cards';
export { useDeferredPage } from './use-deferred-page';
