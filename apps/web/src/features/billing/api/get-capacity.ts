import { capacityStatusResponseSchema } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type CapacityStatusResponse = z.infer<typeof capacityStatusResponseSchema>;

/** GET /api/company/capacity: the limits and this billing month's spend. */
export function getCapacity(): Promise<CapacityStatusResponse> {
  return http.get('/api/company/capacity', capacityStatusResponseSchema);
}

export const capacityQueryKey = ['billing', 'capacity'] as const;

export const capacityQueryOptions = () =>
  queryOptions({
    queryKey: capacityQueryKey,
    queryFn: getCapacity,
    meta: { errorToast: false },
  });

export function useCapacity() {
  return useQuery(capacityQueryOptions());
}
