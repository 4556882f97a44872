import { payNowResponseSchema } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { meQueryKey } from '@/lib/session';
import { capacityQueryKey } from './get-capacity';
import { invoicesQueryKey } from './get-invoices';
import { transactionsQueryKey } from './get-transactions';

/** GET /api/company/pay-now/{id} → {message}; a failed charge answers 402 {message}. */
export function payNow(transactionId: string): Promise<{ message: string }> {
  return http.get(
    `/api/company/pay-now/${encodeURIComponent(transactionId)}`,
    payNowResponseSchema,
  );
}

/**
 * Spec §4 "Transaction": after pay-now the list refetches and the current user is invalidated, so
 * a payment-due lock lifts as soon as the server has lifted it. Done on failure too: a failed
 * attempt is a new transaction row.
 */
export function usePayNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payNow,
    meta: { errorToast: false },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
        queryClient.invalidateQueries({ queryKey: capacityQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
