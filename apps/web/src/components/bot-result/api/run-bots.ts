import { botRunPath, messageResponseSchema, type BotRunRequest } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botResultQueryKey, botRunRequest, type BotResultTarget } from './bot-result-target';

/** POST /api/company/bot-run {bot_ids, id, type} → {message} (spec §7). */
export async function runBots(body: BotRunRequest): Promise<string> {
  const { message } = await http.post(botRunPath, body, messageResponseSchema);
  return message;
}

/** Starts a run and refetches the target's result, which then polls while the run is running. */
export function useRunBots(target: BotResultTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botIds: string[]) => runBots(botRunRequest(target, botIds)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botResultQueryKey(target) }),
    // The dialog shows the server's message (a 422 says which bot cannot run).
    meta: { errorToast: false },
  });
}
