import { Group, Table, UnstyledButton, type TableThProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { SortState } from './sort';

export interface SortableHeaderProps extends Omit<TableThProps, 'children'> {
  label: string;
  /** The server's sort_by value for this column. */
  field: string;
  sort: SortState;
  onSort: (field: string) => void;
}

/** A column header that sorts by `field`; the sorted column announces its direction (aria-sort). */
export function SortableHeader({ label, field, sort, onSort, ...others }: SortableHeaderProps) {
  const active = sort.sortBy === field;
  const Icon = !active
    ? IconArrowsSort
    : sort.sortDirection === 'asc'
      ? IconArrowUp
      : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (sort.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}
      {...others}
    >
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
