import { companyUpdateResponseSchema, type CompanyUpdate } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { meQueryKey } from '@/lib/session';

/** POST /api/company/update with only the changed fields; answers {message} (spec §7). */
export async function updateCompany(body: CompanyUpdate): Promise<string> {
  const { message } = await http.post('/api/company/update', body, companyUpdateResponseSchema);
  return message;
}

/** The current user carries the company: it is refetched after a successful update. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
