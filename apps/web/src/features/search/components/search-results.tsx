import { SEARCH_MESSAGES, type SearchHit } from '@fieldbot/shared';
import { Card, Skeleton, Stack } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { PagedCards } from '@/components/data-table';
import { SearchHitCard } from './search-hit-card';
import { SearchMessage } from './search-message';

export interface SearchResultsProps {
  /** The page's hits; undefined until they arrive. */
  items: readonly SearchHit[] | undefined;
  count: number;
  /** `count` is a lower bound ('1,000+'). */
  countCapped: boolean;
  page: number;
  onPageChange: (page: number) => void;
  /** A failure shown here (one about a field is shown under that field instead). */
  error: unknown;
  onRetry: () => void;
  /** A new page is loading while the last one stays shown. */
  fetching: boolean;
}

/** The hits, or their skeletons, the no-match state or the error; then the pages. */
export function SearchResults(props: SearchResultsProps) {
  return (
    <PagedCards
      {...props}
      skeleton={<SearchResultsSkeleton />}
      empty={
        <SearchMessage
          icon={IconMoodEmpty}
          title={SEARCH_MESSAGES.noMatches}
          text="Try other words, fewer words, or clear some filters."
        />
      }
      renderItems={(items, busy) => (
        <Stack gap="sm" aria-label="Search results" role="region" {...busy}>
          {items.map((hit) => (
            <SearchHitCard key={hit.id} hit={hit} />
          ))}
        </Stack>
      )}
      pagesLabel="Search result pages"
    />
  );
}

function SearchResultsSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true">
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} withBorder radius="md" padding="md" data-testid="search-skeleton">
          <Stack gap="xs">
            <Skeleton height={16} width="45%" />
            <Skeleton height={12} width="60%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="85%" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
