import {
  INTERACTION_POLL_MS,
  listNeedsPolling,
  type InteractionListQuery,
  interactionListResponseSchema,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type InteractionListResponse = z.infer<typeof interactionListResponseSchema>;

/** GET /api/company/interactions/{customerId}?page&keyword&type&sort_by&sort_direction → {data: {items, count}}. */
export function getCustomerInteractions(
  customerId: string,
  query: InteractionListQuery,
): Promise<InteractionListResponse> {
  return http.get(
    `/api/company/interactions/${encodeURIComponent(customerId)}`,
    interactionListResponseSchema,
    { query },
  );
}

/** Every page of a customer's interactions; a re-download or a new recording invalidates them all. */
export const customerInteractionsQueryKey = (customerId: string) =>
  ['customers', 'detail', customerId, 'interactions'] as const;

/** Spec §4: every 10 s while any listed call is downloading, otherwise no polling. */
export function interactionsRefetchInterval(data: InteractionListResponse | undefined) {
  return data && listNeedsPolling(data.data.items) ? INTERACTION_POLL_MS : false;
}

export const customerInteractionsQueryOptions = (customerId: string, query: InteractionListQuery) =>
  queryOptions({
    queryKey: [...customerInteractionsQueryKey(customerId), query],
    queryFn: () => getCustomerInteractions(customerId, query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => interactionsRefetchInterval(q.state.data),
    meta: { errorToast: false },
  });

export function useCustomerInteractions(customerId: string, query: InteractionListQuery) {
  return useQuery(customerInteractionsQueryOptions(customerId, query));
}
