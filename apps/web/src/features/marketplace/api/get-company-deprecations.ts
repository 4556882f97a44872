import { companyDeprecationsPath, companyDeprecationsResponseSchema } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { marketplaceQueryKey } from './get-marketplace-bots';

/** GET /api/company/bot-deprecations: the company's pins on deprecated versions. */
export async function getCompanyDeprecations() {
  const { data } = await http.get(companyDeprecationsPath, companyDeprecationsResponseSchema);
  return data;
}

export const companyDeprecationsQueryOptions = () =>
  queryOptions({
    // Under the marketplace key: an update or unsubscribe there clears the banner.
    queryKey: [...marketplaceQueryKey, 'deprecations'],
    queryFn: getCompanyDeprecations,
    // A banner that fails to load is not worth an error toast on every page.
    meta: { errorToast: false },
  });

export function useCompanyDeprecations({ enabled }: { enabled: boolean }) {
  return useQuery({ ...companyDeprecationsQueryOptions(), enabled });
}
