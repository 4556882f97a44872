import {
  botResponseSchema,
  publishBotPath,
  publishDropResponseSchema,
  type BotResponse,
  type PublishBotRequest,
  type PublishComparison,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, isApiError } from '@/lib/http';
import { botsQueryKey } from './get-bots';

/**
 * POST /api/publisher/bots/{id}/publish {changelog, sample_id?, confirm_drop?}: freezes the saved
 * draft as a new version. A draft that does worse than the newest version on some tag is refused
 * with 409 {message, data: comparison} unless confirm_drop is true (see publishDropOf).
 */
export function publishBot(id: string, body: PublishBotRequest): Promise<BotResponse> {
  return http.post(publishBotPath(id), body, botResponseSchema);
}

/** The comparison of a publish refused for an accuracy drop (409), or null for any other error. */
export function publishDropOf(error: unknown): PublishComparison | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = publishDropResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data.data : null;
}

export function usePublishBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishBotRequest) => publishBot(id, body),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botsQueryKey }),
  });
}
