import { dataResponseSchema, type DataItemRow } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export interface CompanyOptions {
  timezones: DataItemRow<'timezones'>[];
  industries: DataItemRow<'industries'>[];
  companyTypes: DataItemRow<'company_types'>[];
  trades: DataItemRow<'trades'>[];
}

/** GET /api/data?items=timezones,industries,company_types,trades: the company form's option lists. */
export async function getCompanyOptions(signal?: AbortSignal): Promise<CompanyOptions> {
  const { data } = await http.get('/api/data', dataResponseSchema, {
    query: { items: 'timezones,industries,company_types,trades' },
    signal,
  });
  return {
    timezones: data.timezones ?? [],
    industries: data.industries ?? [],
    companyTypes: data.company_types ?? [],
    trades: data.trades ?? [],
  };
}

export const companyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['data', 'company-options'] as const,
    queryFn: ({ signal }) => getCompanyOptions(signal),
    // Reference lists change only with a release.
    staleTime: Infinity,
    // The page shows the failure with a retry in place of the form.
    meta: { errorToast: false },
  });

export function useCompanyOptions() {
  return useQuery(companyOptionsQueryOptions());
}
