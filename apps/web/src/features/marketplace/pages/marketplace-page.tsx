import { marketplaceBotListQuerySchema } from '@fieldbot/shared';
import { useListQuery } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { MarketplaceBotList } from '../components/marketplace-bot-list';
import { useClearReferralCode } from '../lib/use-clear-referral-code';

/** /marketplace: the published bots this company may use, searched, filtered, sorted and paged. */
export function MarketplacePage() {
  usePageHeader({ title: 'Marketplace' });
  useClearReferralCode();
  const [query, setQuery] = useListQuery(marketplaceBotListQuerySchema);
  return <MarketplaceBotList query={query} onQueryChange={setQuery} />;
}
