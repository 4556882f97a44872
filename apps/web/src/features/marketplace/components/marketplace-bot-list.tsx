import { PAGE_SIZE, type MarketplaceBotItem, type MarketplaceBotListQuery } from '@fieldbot/shared';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useLastPageRedirect } from '@/components/data-table';
import { useMarketplaceBots } from '../api/get-marketplace-bots';
import { useMarketplacePublisher } from '../api/get-marketplace-publisher';
import { MarketplaceBotGrid } from './marketplace-bot-grid';
import { MarketplaceFilters, type MarketplaceQueryPatch } from './marketplace-filters';

export interface MarketplaceBotListProps {
  query: MarketplaceBotListQuery;
  onQueryChange: (patch: MarketplaceQueryPatch) => void;
  /** The publisher page lists one publisher's bots and has no publisher filter. */
  publisherId?: string;
}

/**
 * The bots with their filters. There is no publisher list endpoint: the filter offers the
 * publishers of the bots shown, plus the one chosen (named by its publisher page's answer).
 */
export function MarketplaceBotList({ query, onQueryChange, publisherId }: MarketplaceBotListProps) {
  const effective = publisherId ? { ...query, publisher_id: publisherId } : query;
  const bots = useMarketplaceBots(effective);
  const chosen = useMarketplacePublisher(publisherId ? undefined : query.publisher_id);
  const total = bots.isPlaceholderData ? undefined : bots.data?.data.count;
  useLastPageRedirect(query.page, total, PAGE_SIZE);

  const items = bots.data?.data.items;
  const publishers = useMemo(() => {
    const byId = new Map<string, MarketplaceBotItem['publisher']>();
    if (chosen.data) byId.set(chosen.data.id, chosen.data);
    for (const bot of items ?? []) byId.set(bot.publisher.id, bot.publisher);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [items, chosen.data]);

  return (
    <Stack gap={0}>
      <MarketplaceFilters
        query={query}
        onQueryChange={onQueryChange}
        publishers={publisherId ? null : publishers}
      />
      <MarketplaceBotGrid
        items={items}
        count={bots.data?.data.count ?? 0}
        countCapped={bots.data?.data.count_capped ?? false}
        page={query.page}
        onPageChange={(page) => onQueryChange({ page })}
        error={bots.error}
        onRetry={() => void bots.refetch()}
        fetching={bots.isPlaceholderData}
      />
    </Stack>
  );
}
