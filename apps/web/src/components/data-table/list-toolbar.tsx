import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { SearchInput } from '@/components/search/search-input';

export interface ListToolbarProps {
  /** Accessible label of the search box, e.g. "Search users". */
  searchLabel: string;
  searchPlaceholder: string;
  keyword: string;
  onSearch: (keyword: string) => void;
  /** The list's filters after the search box. */
  children?: ReactNode;
}

/** The toolbar above a list table: a keyword search, then the list's own filters. */
export function ListToolbar({
  searchLabel,
  searchPlaceholder,
  keyword,
  onSearch,
  children,
}: ListToolbarProps) {
  return (
    <Group mb="md" align="flex-end" gap="sm">
      <SearchInput
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={keyword}
        onSearch={onSearch}
        style={{ flex: '1 1 240px' }}
      />
      {children}
    </Group>
  );
}
