import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A paged list query's answer, deferred: a new page's rows render in slices that let the browser
 * paint and answer input in between (ADR 013). `fetching` holds until the deferred rows have caught
 * up with the answer, so a table is never marked idle (aria-busy false) while it still shows the
 * previous page's rows.
 */
export function useDeferredPage<T>(query: UseQueryResult<T>) {
  const data = useDeferredValue(query.data);
  return {
    data,
    loading: data === undefined && !query.isError,
    fetching: query.isPlaceholderData || data !== query.data,
  };
}
