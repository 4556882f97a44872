import {
  botResponseSchema,
  publishBotPath,
  type BotResponse,
  type PublishBotRequest,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botsQueryKey } from './get-bots';

/** POST /api/publisher/bots/{id}/publish {changelog}: freezes the saved draft as a new version. */
export function publishBot(id: string, body: PublishBotRequest): Promise<BotResponse> {
  return http.post(publishBotPath(id), body, botResponseSchema);
}

export function usePublishBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishBotRequest) => publishBot(id, body),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botsQueryKey }),
  });
}
