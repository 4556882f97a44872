import { backRunCancelPath, backRunResponseSchema, type BackRun } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { backRunQueryKey } from './get-back-run';

/** POST /api/company/bot-back-run/{id}/cancel → the back-run, cancelled (unchanged if finished). */
export async function cancelBackRun(id: string): Promise<BackRun> {
  const { data } = await http.post(backRunCancelPath(id), {}, backRunResponseSchema);
  return data;
}

export function useCancelBackRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBackRun,
    onSuccess: (run) => queryClient.setQueryData(backRunQueryKey(run.id), run),
    meta: { errorToast: false },
  });
}
