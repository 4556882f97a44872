import { openJobsResponseSchema, type OpenJob } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/**
 * GET /api/company/customer/{id}/open-jobs → {data: OpenJob[]}, newest first: the jobs a recording
 * of this customer can belong to (a field technician's own).
 */
export async function getOpenJobs(customerId: string): Promise<OpenJob[]> {
  const body = await http.get(
    `/api/company/customer/${encodeURIComponent(customerId)}/open-jobs`,
    openJobsResponseSchema,
  );
  return body.data;
}

export const openJobsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ['customers', 'detail', customerId, 'open-jobs'] as const,
    queryFn: () => getOpenJobs(customerId),
    // Without the list a recording is still saved, for the customer: no toast.
    meta: { errorToast: false },
  });

export function useOpenJobs(customerId: string) {
  return useQuery(openJobsQueryOptions(customerId));
}
