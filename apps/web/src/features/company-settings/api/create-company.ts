import {
  companyCreateResponseSchema,
  type Company,
  type CompanyCreateBody,
  type CompanyForm,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { withReferralCode } from '@/lib/referral-code';
import { meQueryKey, setCurrentUser } from '@/lib/session';
import type { User } from '@fieldbot/shared';

/**
 * POST /api/company/create: 201 with the created company (spec §7); a stored referral code goes
 * along and makes the company that publisher's client.
 */
export async function createCompany(form: CompanyForm): Promise<Company> {
  const body: CompanyCreateBody = withReferralCode(form);
  const { data } = await http.post('/api/company/create', body, companyCreateResponseSchema);
  return data;
}

/** Spec §4 "Company create": on success the created company is stored in the current user. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    // The form shows 422 messages under its fields and toasts anything else itself.
    meta: { errorToast: false },
    onSuccess: (company) => {
      const user = queryClient.getQueryData<User | null>(meQueryKey);
      if (user) setCurrentUser(queryClient, { ...user, company });
    },
  });
}
