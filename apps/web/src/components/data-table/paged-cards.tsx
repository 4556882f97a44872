import { PAGE_SIZE } from '@fieldbot/shared';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableError } from './table-error';
import { TablePagination } from './table-pagination';

export interface PagedCardsProps<T> {
  /** The page's items; undefined until they arrive. */
  items: readonly T[] | undefined;
  count: number;
  /** `count` is a lower bound ('1,000+'). */
  countCapped: boolean;
  page: number;
  onPageChange: (page: number) => void;
  error: unknown;
  onRetry: () => void;
  /** A new page is loading while the last one stays shown (dimmed). */
  fetching: boolean;
  /** Shown before the first page arrives. */
  skeleton: ReactNode;
  /** Shown when the page has no items. */
  empty: ReactNode;
  /** The cards of the page, laid out by the caller (a stack, a grid). */
  renderItems: (items: readonly T[], busy: { 'aria-busy': boolean; style: object }) => ReactNode;
  /** The pager's accessible name. */
  pagesLabel: string;
}

/** A page of cards, or its skeleton, empty state or error; then the pager. */
export function PagedCards<T>({
  items,
  count,
  countCapped,
  page,
  onPageChange,
  error,
  onRetry,
  fetching,
  skeleton,
  empty,
  renderItems,
  pagesLabel,
}: PagedCardsProps<T>) {
  if (error) return <TableError error={error} onRetry={onRetry} />;
  if (!items) return <>{skeleton}</>;
  if (items.length === 0) return <>{empty}</>;
  return (
    <Stack gap={0}>
      {renderItems(items, {
        'aria-busy': fetching,
        style: { opacity: fetching ? 0.6 : 1, transition: 'opacity 150ms' },
      })}
      <TablePagination
        page={page}
        total={count}
        totalCapped={countCapped}
        pageSize={PAGE_SIZE}
        onPageChange={onPageChange}
        label={pagesLabel}
      />
    </Stack>
  );
}
