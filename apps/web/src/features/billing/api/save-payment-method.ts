import {
  paymentMethodSavedResponseSchema,
  type PaymentMethodBody,
  type User,
} from '@fieldbot/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { meQueryKey } from '@/lib/session';
import { storeUser } from '@/lib/storage';
import { paymentMethodQueryKey } from './get-payment-method';

export type PaymentMethodSavedResponse = z.infer<typeof paymentMethodSavedResponseSchema>;

/** POST /api/company/payment-method: saves the confirmed card ('Card successfully added.'). */
export function savePaymentMethod(body: PaymentMethodBody): Promise<PaymentMethodSavedResponse> {
  return http.post('/api/company/payment-method', body, paymentMethodSavedResponseSchema);
}

/** Spec §4 "Adding a card": the company is billing-connected from now on, in the current user too. */
export function markBillingConnected(queryClient: QueryClient): void {
  const user = queryClient.getQueryData<User | null>(meQueryKey);
  if (!user?.company) return;
  const next: User = { ...user, company: { ...user.company, is_billing_connected: true } };
  storeUser(next);
  queryClient.setQueryData(meQueryKey, next);
}

export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentMethod,
    // The card form shows the error itself (and tracks it).
    meta: { errorToast: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(paymentMethodQueryKey, { data });
      markBillingConnected(queryClient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentMethodQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
