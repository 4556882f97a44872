import {
  publisherInfoPath,
  publisherInfoResponseSchema,
  type PublisherInfo,
} from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/publisher/info → {data}: null while the admin has not created the publisher yet. */
export async function getPublisherInfo(signal?: AbortSignal): Promise<PublisherInfo | null> {
  const { data } = await http.get(publisherInfoPath, publisherInfoResponseSchema, { signal });
  return data;
}

export const publisherInfoQueryKey = ['publisher', 'info'] as const;

export const publisherInfoQueryOptions = () =>
  queryOptions({
    queryKey: publisherInfoQueryKey,
    queryFn: ({ signal }) => getPublisherInfo(signal),
    // The page shows the failure with Try again in place of the form.
    meta: { errorToast: false },
  });

export function usePublisherInfo() {
  return useQuery(publisherInfoQueryOptions());
}
