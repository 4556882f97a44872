import type { MarketplaceBotItem } from '@fieldbot/shared';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PagedCards } from '@/components/data-table';
import { MarketplaceBotCard } from './marketplace-bot-card';

export interface MarketplaceBotGridProps {
  items: MarketplaceBotItem[] | undefined;
  count: number;
  /** `count` is a lower bound ('1,000+'). */
  countCapped: boolean;
  page: number;
  onPageChange: (page: number) => void;
  error: unknown;
  onRetry: () => void;
  /** A new page is loading while the last one stays shown. */
  fetching: boolean;
}

const GRID_COLS = { base: 1, sm: 2, xl: 3 } as const;

/** The cards, or their skeletons, the empty state or the error; then the pages. */
export function MarketplaceBotGrid(props: MarketplaceBotGridProps) {
  return (
    <PagedCards
      {...props}
      skeleton={<MarketplaceGridSkeleton />}
      empty={
        <Stack align="center" py="xl" gap={4} ta="center">
          <Title order={2} size="h4">
            No Bots Found
          </Title>
          <Text c="dimmed" size="sm">
            Try another search or clear the filters.
          </Text>
        </Stack>
      }
      renderItems={(items, busy) => (
        <SimpleGrid cols={GRID_COLS} spacing="md" {...busy}>
          {items.map((bot) => (
            <MarketplaceBotCard key={bot.id} bot={bot} />
          ))}
        </SimpleGrid>
      )}
      pagesLabel="Marketplace pages"
    />
  );
}

function MarketplaceGridSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Skeleton height={40} width={40} circle />
            <Skeleton height={14} width="60%" />
            <Skeleton height={12} width="40%" />
            <Skeleton height={48} />
            <Skeleton height={12} width="50%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
