import {
  backRunResponseSchema,
  backRunsPath,
  type BackRun,
  type BackRunRequest,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { backRunQueryKey } from './get-back-run';

/** POST /api/company/bot-back-run {bot_id, from, to} → the back-run, running. */
export async function startBackRun(body: BackRunRequest): Promise<BackRun> {
  const { data } = await http.post(backRunsPath, body, backRunResponseSchema);
  return data;
}

export function useStartBackRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBackRun,
    onSuccess: (run) => queryClient.setQueryData(backRunQueryKey(run.id), run),
    meta: { errorToast: false },
  });
}
