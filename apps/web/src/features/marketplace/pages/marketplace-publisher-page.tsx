import { marketplaceBotListQuerySchema } from '@fieldbot/shared';
import { Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { TableError, useListQuery } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { isNotFoundError, isRecordId } from '@/lib/not-found';
import { useMarketplacePublisher } from '../api/get-marketplace-publisher';
import { MarketplaceBotList } from '../components/marketplace-bot-list';
import { MarketplacePublisherNotFound } from '../components/marketplace-not-found';
import { PublisherHeaderCard } from '../components/publisher-header-card';
import { useClearReferralCode } from '../lib/use-clear-referral-code';

/** /marketplace/:publisherId: who the publisher is, then its bots (the list, one publisher). */
export function MarketplacePublisherPage() {
  usePageHeader({ title: 'Marketplace', enableReturn: true });
  useClearReferralCode();
  const { publisherId } = useParams();
  if (!isRecordId(publisherId)) return <MarketplacePublisherNotFound />;
  return <PublisherView key={publisherId} publisherId={publisherId} />;
}

function PublisherView({ publisherId }: { publisherId: string }) {
  const publisher = useMarketplacePublisher(publisherId);
  const [query, setQuery] = useListQuery(marketplaceBotListQuerySchema);

  if (publisher.isError) {
    if (isNotFoundError(publisher.error)) return <MarketplacePublisherNotFound />;
    return <TableError error={publisher.error} onRetry={() => void publisher.refetch()} />;
  }
  return (
    <Stack gap="md">
      {publisher.data ? (
        <PublisherHeaderCard publisher={publisher.data} />
      ) : (
        <Skeleton height={120} radius="md" />
      )}
      <MarketplaceBotList query={query} onQueryChange={setQuery} publisherId={publisherId} />
    </Stack>
  );
}
