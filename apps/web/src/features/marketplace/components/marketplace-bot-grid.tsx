import { PAGE_SIZE, type MarketplaceBotItem } from '@fieldbot/shared';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TableError, TablePagination } from '@/components/data-table';
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
export function MarketplaceBotGrid({
  items,
  count,
  countCapped,
  page,
  onPageChange,
  error,
  onRetry,
  fetching,
}: MarketplaceBotGridProps) {
  if (error && !items) return <TableError error={error} onRetry={onRetry} />;
  if (!items) return <MarketplaceGridSkeleton />;
  if (items.length === 0) {
    return (
      <Stack align="center" py="xl" gap={4} ta="center">
        <Title order={2} size="h4">
          No Bots Found
        </Title>
        <Text c="dimmed" size="sm">
          Try another search or clear the filters.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <SimpleGrid
        cols={GRID_COLS}
        spacing="md"
        aria-busy={fetching}
        style={{ opacity: fetching ? 0.6 : 1 }}
      >
        {items.map((bot) => (
          <MarketplaceBotCard key={bot.id} bot={bot} />
        ))}
      </SimpleGrid>
      <TablePagination
        page={page}
        total={count}
        totalCapped={countCapped}
        pageSize={PAGE_SIZE}
        onPageChange={onPageChange}
        label="Marketplace pages"
      />
    </Stack>
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
