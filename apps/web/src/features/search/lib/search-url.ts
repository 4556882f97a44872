import { searchQuerySchema, type SearchQuery } from '@fieldbot/shared';
import { useListQuery, type ListQueryPatch } from '@/components/data-table';

/** The search as the URL holds it: no `q` until the first search (the page then invites one). */
export type SearchUrlQuery = Omit<SearchQuery, 'q'> & { q: string | undefined };
export type SearchQueryPatch = ListQueryPatch<typeof searchQuerySchema>;

/**
 * The words, page and filters live in the query string, so a search can be bookmarked and Back
 * returns to the previous one; any change but the page goes back to page 1 (useListQuery).
 */
export function useSearchUrl() {
  // Each field is read on its own: a missing or bad `q` reads as none (parseListQuery).
  const [query, setQuery] = useListQuery(searchQuerySchema);
  return [query as SearchUrlQuery, setQuery] as const;
}

/** What GET /api/search is asked, or null while there are no words to search for. */
export function searchRequest(query: SearchUrlQuery): SearchQuery | null {
  const { q } = query;
  return q ? { ...query, q } : null;
}
