import {
  companyDashboardPath,
  companyDashboardResponseSchema,
  type CompanyDashboard,
  type DashboardQuery,
} from '@fieldbot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/**
 * GET /api/company/dashboard?month=MM/01/YYYY → {data: CompanyDashboard}. No month: this month in
 * the company's timezone (the server decides, so the page never guesses the zone).
 */
export async function getCompanyDashboard(query: DashboardQuery): Promise<CompanyDashboard> {
  const { data } = await http.get(companyDashboardPath, companyDashboardResponseSchema, { query });
  return data;
}

export const companyDashboardQueryKey = ['company-dashboard'] as const;

export const companyDashboardQueryOptions = (query: DashboardQuery) =>
  queryOptions({
    queryKey: [...companyDashboardQueryKey, query.month ?? 'current'],
    queryFn: () => getCompanyDashboard(query),
    // The month shown stays on screen (dimmed) while the chosen one loads.
    placeholderData: keepPreviousData,
    // The page shows the error with Try again in place of the figures.
    meta: { errorToast: false },
  });

export function useCompanyDashboard(query: DashboardQuery) {
  return useQuery(companyDashboardQueryOptions(query));
}
