import type { SortDirection } from '@fieldbot/shared';

export interface SortState {
  sortBy: string;
  sortDirection: SortDirection;
}

/** A click on the sorted column flips its direction; a click on another column sorts it ascending. */
export function nextSort(current: SortState, field: string): SortState {
  if (current.sortBy === field) {
    return { sortBy: field, sortDirection: current.sortDirection === 'asc' ? 'desc' : 'asc' };
  }
  return { sortBy: field, sortDirection: 'asc' };
}
