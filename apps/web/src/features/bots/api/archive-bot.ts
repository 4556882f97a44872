import { archiveBotPath } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botActionResponseSchema, type BotActionResponse } from './bot-action-response';
import { botsQueryKey } from './get-bots';

/** POST /api/publisher/bots/{id}/archive: companies keep their pinned version, nobody new gets it. */
export function archiveBot(id: string): Promise<BotActionResponse> {
  return http.post(archiveBotPath(id), {}, botActionResponseSchema);
}

export function useArchiveBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => archiveBot(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botsQueryKey }),
  });
}
