import { addressSearchResponseSchema, type Address } from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** A street line with a ZIP or postal code is at least this long; shorter text is not looked up. */
export const ADDRESS_SEARCH_MIN_CHARS = 5;

/** GET /api/address/search?q=…: US and Canada address suggestions (spec §5 Company form). */
export async function searchAddresses(q: string, signal?: AbortSignal): Promise<Address[]> {
  const { data } = await http.get('/api/address/search', addressSearchResponseSchema, {
    query: { q },
    signal,
  });
  return data;
}

export const addressSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['address-search', q] as const,
    queryFn: ({ signal }) => searchAddresses(q, signal),
    staleTime: 5 * 60_000,
    retry: false,
    // The field shows a failed look-up in its dropdown.
    meta: { errorToast: false },
  });

/** Suggestions for the (debounced) text; nothing is asked for text too short to match. */
export function useAddressSearch(q: string, { enabled }: { enabled: boolean }) {
  const text = q.trim();
  return useQuery({
    ...addressSearchQueryOptions(text),
    enabled: enabled && text.length >= ADDRESS_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
