import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/publisher-name/{code} (public) → {data: {name}}. */
export async function getPublisherName(code: string): Promise<string> {
  const { data } = await http.get<{ data: { name: string } }>(
    `/api/publisher-name/${encodeURIComponent(code)}`,
  );
  return data.name;
}

export const publisherNameQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['public-marketplace', 'publisher-name', code],
    queryFn: () => getPublisherName(code),
    staleTime: Infinity,
    retry: false,
    // An unknown code falls back to the name in the link; no error toast on a public page.
    meta: { errorToast: false },
  });

export function usePublisherName(code: string) {
  return useQuery({ ...publisherNameQueryOptions(code), enabled: code !== '' });
}
