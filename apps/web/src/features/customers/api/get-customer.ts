import { customerDetailResponseSchema, type Customer } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type CustomerDetailResponse = z.infer<typeof customerDetailResponseSchema>;

/** GET /api/company/customer/{id} → {data: Customer}; another company's customer is a 404. */
export async function getCustomer(customerId: string): Promise<Customer> {
  const { data } = await http.get(
    `/api/company/customer/${encodeURIComponent(customerId)}`,
    customerDetailResponseSchema,
  );
  return data;
}

export const customerQueryKey = (customerId: string) =>
  ['customers', 'detail', customerId] as const;

export const customerQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerQueryKey(customerId),
    queryFn: () => getCustomer(customerId),
    meta: { errorToast: false },
  });

export function useCustomer(customerId: string) {
  return useQuery(customerQueryOptions(customerId));
}
