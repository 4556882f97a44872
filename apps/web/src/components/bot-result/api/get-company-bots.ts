import { dataResponseSchema, type CompanyBot } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET /api/data?items=company_bots: the bots this company may run (spec §7). */
export async function getCompanyBots(signal?: AbortSignal): Promise<CompanyBot[]> {
  const { data } = await http.get('/api/data', dataResponseSchema, {
    query: { items: 'company_bots' },
    signal,
  });
  return data.company_bots ?? [];
}

export const companyBotsQueryKey = ['data', 'company_bots'] as const;

export const companyBotsQueryOptions = () =>
  queryOptions({
    queryKey: companyBotsQueryKey,
    queryFn: ({ signal }) => getCompanyBots(signal),
    // The dialog shows the failure beside the list.
    meta: { errorToast: false },
  });

/** Loaded when the Run Bots dialog opens. */
export function useCompanyBots({ enabled }: { enabled: boolean }) {
  return useQuery({ ...companyBotsQueryOptions(), enabled });
}
