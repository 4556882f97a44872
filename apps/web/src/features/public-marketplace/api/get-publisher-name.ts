import { publisherNameResponseSchema } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/publisher-name/{code} (public) → {data: {name}}; an unknown code is a 404. */
export async function getPublisherName(code: string): Promise<string> {
  const { data } = await http.get(
    `/api/publisher-name/${encodeURIComponent(code)}`,
    publisherNameResponseSchema,
  );
  return data.name;
}

export const publisherNameQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['public-marketplace', 'publisher-name', code],
    queryFn: () => getPublisherName(code),
    staleTime: Infinity,
    retry: false,
    // The page shows an unknown code (404) as an invalid link; no error toast on a public page.
    meta: { errorToast: false },
  });

export function usePublisherName(code: string) {
  return useQuery({ ...publisherNameQueryOptions(code), enabled: code !== '' });
}
