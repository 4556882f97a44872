import {
  invoiceListResponseSchema,
  type InvoiceListQuery,
  type InvoiceListResponse,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/company/invoices?page&keyword&date&sort&direction → {data: {items, total}}. */
export function getInvoices(query: InvoiceListQuery): Promise<InvoiceListResponse> {
  return http.get('/api/company/invoices', invoiceListResponseSchema, { query });
}

export const invoicesQueryKey = ['billing', 'invoices'] as const;

export const invoicesQueryOptions = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, query],
    queryFn: () => getInvoices(query),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });

export function useInvoices(query: InvoiceListQuery) {
  return useQuery(invoicesQueryOptions(query));
}
