import { PAGE_SIZE } from '@fieldbot/shared';
import { Stack } from '@mantine/core';
import { IconMessageSearch } from '@tabler/icons-react';
import { useDeferredPage, useLastPageRedirect } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { useSearch } from '../api/get-search';
import { useSearchFilters } from '../api/get-search-filters';
import { FILTER_FIELDS, SearchFilters } from '../components/search-filters';
import { SearchForm } from '../components/search-form';
import { SearchMessage } from '../components/search-message';
import { SearchResults } from '../components/search-results';
import { searchFieldErrors, type SearchField } from '../lib/field-errors';
import { searchRequest, useSearchUrl } from '../lib/search-url';

export const SEARCH_PAGE_HEADER = { title: 'Search' };

export const SEARCH_INVITE = {
  title: 'Search every conversation',
  text: 'Find words in the transcripts of every field recording and CSR call. Put an "exact phrase" in quotes, or -word to leave a word out.',
};

/** /search: words and filters in the query string, the matching interactions with their lines. */
export function SearchPage() {
  usePageHeader(SEARCH_PAGE_HEADER);
  const [query, setQuery] = useSearchUrl();
  const request = searchRequest(query);
  const search = useSearch(request);
  const filters = useSearchFilters();
  const { data, fetching } = useDeferredPage(search);

  const options = filters.data?.data;
  const shownFields: SearchField[] = [
    'q',
    ...FILTER_FIELDS.filter((f) => f !== 'technician_id' || !!options?.technicians.length),
  ];
  const fieldErrors = searchFieldErrors(search.error, shownFields);
  const errorOnField = Object.keys(fieldErrors).length > 0;
  // Only the page's own answer tells whether it is past the end.
  const total = request && !search.isPlaceholderData ? search.data?.data.count : undefined;
  useLastPageRedirect(query.page, total, PAGE_SIZE);

  return (
    <Stack gap="md">
      <SearchForm value={query.q ?? ''} onSearch={(q) => setQuery({ q })} error={fieldErrors.q}>
        <SearchFilters
          query={query}
          onQueryChange={setQuery}
          options={options}
          optionsError={filters.error}
          errors={fieldErrors}
        />
      </SearchForm>
      {!request ? (
        <SearchMessage icon={IconMessageSearch} {...SEARCH_INVITE} />
      ) : errorOnField ? null : (
        <SearchResults
          items={data?.data.items}
          count={data?.data.count ?? 0}
          countCapped={data?.data.count_capped ?? false}
          page={query.page}
          onPageChange={(page) => setQuery({ page })}
          error={search.error}
          onRetry={() => void search.refetch()}
          fetching={fetching}
        />
      )}
    </Stack>
  );
}
