import {
  publisherDashboardPath,
  publisherDashboardResponseSchema,
  type DashboardQuery,
  type PublisherDashboard,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/publisher/dashboard?month=MM/01/YYYY → {data}: the month and the month before, in base counts. */
export async function getPublisherDashboard(query: DashboardQuery): Promise<PublisherDashboard> {
  const { data } = await http.get(publisherDashboardPath, publisherDashboardResponseSchema, {
    query,
  });
  return data;
}

export const publisherDashboardQueryKey = ['publisher-dashboard'] as const;

export const publisherDashboardQueryOptions = (query: DashboardQuery) =>
  queryOptions({
    queryKey: [...publisherDashboardQueryKey, query],
    queryFn: () => getPublisherDashboard(query),
    // The previous month stays on screen (dimmed) while the chosen one loads.
    placeholderData: keepPreviousData,
    // The page shows the error with Try again in place of the figures.
    meta: { errorToast: false },
  });

export function usePublisherDashboard(query: DashboardQuery) {
  return useQuery(publisherDashboardQueryOptions(query));
}
