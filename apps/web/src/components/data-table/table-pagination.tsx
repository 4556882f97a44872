import { PAGE_SIZE, showingEntries } from '@fieldbot/shared';
import { Box, Group, Pagination, Text } from '@mantine/core';

export interface TablePaginationProps {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  pageSize?: number;
  /** Names the page navigation, e.g. 'Customers pages'. */
  label?: string;
  /** `total` is a lower bound (a capped count): more pages follow the last one shown. */
  totalCapped?: boolean;
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** 'Showing x to y of z entries' and the page buttons: one sibling each side, then an ellipsis (spec §2). */
export function TablePagination({
  page,
  total,
  onPageChange,
  pageSize = PAGE_SIZE,
  label = 'Pages',
  totalCapped = false,
}: TablePaginationProps) {
  const pages = Math.ceil(total / pageSize);
  return (
    <Group justify="space-between" gap="sm" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingEntries(page, pageSize, total, totalCapped)}
      </Text>
      {pages > 1 && (
        <Box component="nav" aria-label={label}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            siblings={1}
            boundaries={1}
            size="sm"
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          />
        </Box>
      )}
    </Group>
  );
}
