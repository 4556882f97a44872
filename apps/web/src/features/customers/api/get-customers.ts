import { customerListResponseSchema, type CustomerListQuery } from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

/** GET /api/company/customers?page&keyword&type&status&sort_by&sort_direction → {data: {items, count}}. */
export function getCustomers(query: CustomerListQuery): Promise<CustomerListResponse> {
  return http.get('/api/company/customers', customerListResponseSchema, { query });
}

export const customersQueryKey = ['customers', 'list'] as const;

export const customersQueryOptions = (query: CustomerListQuery) =>
  queryOptions({
    queryKey: [...customersQueryKey, query],
    queryFn: () => getCustomers(query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The page shows the error in place of the table.
    meta: { errorToast: false },
  });

export function useCustomers(query: CustomerListQuery) {
  return useQuery(customersQueryOptions(query));
}
