import { archiveBotPath, botResponseSchema, type BotResponse } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botsQueryKey } from './get-bots';

/** POST /api/publisher/bots/{id}/archive: companies keep their pinned version, nobody new gets it. */
export function archiveBot(id: string): Promise<BotResponse> {
  return http.post(archiveBotPath(id), {}, botResponseSchema);
}

export function useArchiveBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => archiveBot(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botsQueryKey }),
  });
}
