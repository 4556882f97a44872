import { marketplacePublisherPath, marketplacePublisherResponseSchema } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { marketplaceQueryKey } from './get-marketplace-bots';

/** GET /api/marketplace/publishers/{publisherId}: the publisher page's header. */
export async function getMarketplacePublisher(publisherId: string) {
  const { data } = await http.get(
    marketplacePublisherPath(publisherId),
    marketplacePublisherResponseSchema,
  );
  return data;
}

export const marketplacePublisherQueryOptions = (publisherId: string) =>
  queryOptions({
    queryKey: [...marketplaceQueryKey, 'publisher', publisherId],
    queryFn: () => getMarketplacePublisher(publisherId),
    meta: { errorToast: false },
  });

export function useMarketplacePublisher(publisherId: string | undefined) {
  return useQuery({
    ...marketplacePublisherQueryOptions(publisherId ?? ''),
    enabled: Boolean(publisherId),
  });
}
