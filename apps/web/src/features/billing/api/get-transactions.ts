import {
  transactionListResponseSchema,
  type TransactionListQuery,
  type TransactionListResponse,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/**
 * GET /api/company/payment-transactions?page&keyword&date&status[]&sort&direction. The page keeps
 * the status filter as `status`; it is sent as status[] (spec §7).
 */
export function getTransactions(query: TransactionListQuery): Promise<TransactionListResponse> {
  const { status, 'status[]': listed, ...rest } = query;
  return http.get('/api/company/payment-transactions', transactionListResponseSchema, {
    query: { ...rest, status: status ?? listed },
  });
}

export const transactionsQueryKey = ['billing', 'transactions'] as const;

export const transactionsQueryOptions = (query: TransactionListQuery) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, query],
    queryFn: () => getTransactions(query),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });

export function useTransactions(query: TransactionListQuery) {
  return useQuery(transactionsQueryOptions(query));
}
