import type { UseQueryResult } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredPage } from './use-deferred-page';

type Page = { data: { items: string[] } };

function query(state: Partial<UseQueryResult<Page>>): UseQueryResult<Page> {
  return {
    data: undefined,
    isError: false,
    isPlaceholderData: false,
    ...state,
  } as UseQueryResult<Page>;
}

describe('useDeferredPage', () => {
  const first: Page = { data: { items: ['a'] } };
  const second: Page = { data: { items: ['b'] } };

  it('is loading until the first page arrives, unless the query failed', () => {
    expect(renderHook(() => useDeferredPage(query({}))).result.current).toMatchObject({
      loading: true,
      fetching: false,
    });
    expect(renderHook(() => useDeferredPage(query({ isError: true }))).result.current.loading).toBe(
      false,
    );
  });

  it('is fetching while the previous page stands in for the next one', () => {
    const { result } = renderHook(() =>
      useDeferredPage(query({ data: first, isPlaceholderData: true })),
    );
    expect(result.current).toEqual({ data: first, loading: false, fetching: true });
  });

  it('shows the newest page once it has rendered, and is then idle', () => {
    const { result, rerender } = renderHook(
      ({ data }: { data: Page }) => useDeferredPage(query({ data })),
      { initialProps: { data: first } },
    );
    rerender({ data: second });
    expect(result.current).toEqual({ data: second, loading: false, fetching: false });
  });
});
