import { paymentMethodResponseSchema } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type PaymentMethodResponse = z.infer<typeof paymentMethodResponseSchema>;

/** GET /api/company/payment-method → {data: card | null}. */
export function getPaymentMethod(): Promise<PaymentMethodResponse> {
  return http.get('/api/company/payment-method', paymentMethodResponseSchema);
}

export const paymentMethodQueryKey = ['billing', 'payment-method'] as const;

export const paymentMethodQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodQueryKey,
    queryFn: getPaymentMethod,
    meta: { errorToast: false },
  });

export function usePaymentMethod() {
  return useQuery(paymentMethodQueryOptions());
}
