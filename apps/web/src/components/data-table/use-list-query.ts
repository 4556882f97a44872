import { DEFAULT_PAGE } from '@fieldbot/shared';
import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';

/**
 * Reads each field of a shared list-query schema from the URL on its own: a bad value (a hand-edited
 * `page=abc`) falls back to that field's default instead of discarding the whole query.
 */
export function parseListQuery<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
): z.output<S> {
  const query: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = z.safeParse(field, params.get(key) ?? undefined);
    query[key] = parsed.success ? parsed.data : z.safeParse(field, undefined).data;
  }
  return query as z.output<S>;
}

export type ListQueryPatch<S extends z.ZodObject> = Partial<
  Record<keyof z.output<S> & string, string | number | null | undefined>
>;

/**
 * The list state (page, keyword, filters, sort) lives in the query string, so a link, a reload and
 * back/forward all restore it. Every change is a new history entry. Changing anything but the page
 * goes back to page 1; empty values and page 1 are left out of the URL.
 */
export function useListQuery<S extends z.ZodObject>(schema: S) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(schema, params), [schema, params]);
  const { pathname } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;

  const update = useCallback(
    (patch: ListQueryPatch<S>) => {
      // A change from a page being left is dropped. A debounced search can fire after a link was
      // followed, while the old page stays mounted until the next page's code has loaded; the
      // router would resolve '?keyword=…' against the next page's URL and filter its list.
      if (router && router.state.location.pathname !== pathname) return;
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in patch) || Number(patch.page) === DEFAULT_PAGE) next.delete('page');
        return next;
      });
    },
    [setParams, router, pathname],
  );

  return [query, update] as const;
}
