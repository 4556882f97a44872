import { messageResponseSchema, type CapacityForm, type User } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { meQueryKey } from '@/lib/session';
import { storeUser } from '@/lib/storage';
import { capacityQueryKey } from './get-capacity';

/** POST /api/company/update {soft_capacity, hard_capacity|null} → 'Limit updated successfully'. */
export function updateCapacity(body: CapacityForm): Promise<{ message: string }> {
  return http.post('/api/company/update', body, messageResponseSchema);
}

export function useUpdateCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCapacity,
    // The form maps 422 messages onto its inputs and toasts anything else itself.
    meta: { errorToast: false },
    onSuccess: async (_answer, body) => {
      const user = queryClient.getQueryData<User | null>(meQueryKey);
      if (user?.company) {
        const next: User = { ...user, company: { ...user.company, ...body } };
        storeUser(next);
        queryClient.setQueryData(meQueryKey, next);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: capacityQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
