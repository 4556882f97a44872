import type {
  MarketplaceBotItem,
  MarketplaceBotListQuery,
  MarketplaceSortField,
  marketplaceBotListQuerySchema,
} from '@fieldbot/shared';
import { Select, Switch } from '@mantine/core';
import { ListToolbar, type ListQueryPatch } from '@/components/data-table';
import { SORT_OPTIONS, TRIGGER_OPTIONS } from '../lib/options';

export type MarketplaceQueryPatch = ListQueryPatch<typeof marketplaceBotListQuerySchema>;

export interface MarketplaceFiltersProps {
  query: MarketplaceBotListQuery;
  onQueryChange: (patch: MarketplaceQueryPatch) => void;
  /** The publishers to choose from; null hides the filter (the publisher page). */
  publishers: MarketplaceBotItem['publisher'][] | null;
}

/** Search (debounced), trigger, publisher, subscribed only, sort: all in the query string. */
export function MarketplaceFilters({ query, onQueryChange, publishers }: MarketplaceFiltersProps) {
  return (
    <ListToolbar
      searchLabel="Search bots"
      searchPlaceholder="Search bots"
      keyword={query.keyword ?? ''}
      onSearch={(keyword) => onQueryChange({ keyword })}
    >
      <Select
        label="Trigger"
        placeholder="All triggers"
        data={TRIGGER_OPTIONS}
        value={query.trigger ?? null}
        onChange={(trigger) => onQueryChange({ trigger })}
        clearable
        w={{ base: '100%', xs: 190 }}
      />
      {publishers ? (
        <Select
          label="Publisher"
          placeholder="All publishers"
          data={publishers.map((p) => ({ value: p.id, label: p.name }))}
          value={query.publisher_id ?? null}
          onChange={(publisher_id) => onQueryChange({ publisher_id })}
          clearable
          searchable
          nothingFoundMessage="No publisher"
          w={{ base: '100%', xs: 200 }}
        />
      ) : null}
      <Select
        label="Sort by"
        data={SORT_OPTIONS}
        value={query.sort_by}
        onChange={(value) =>
          onQueryChange({ sort_by: (value as MarketplaceSortField | null) ?? undefined })
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
      />
      <Switch
        label="Subscribed only"
        checked={query.subscribed === 'true'}
        onChange={(event) =>
          onQueryChange({ subscribed: event.currentTarget.checked ? 'true' : null })
        }
        mb={8}
      />
    </ListToolbar>
  );
}
