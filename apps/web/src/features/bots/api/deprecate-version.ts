import {
  deprecateVersionPath,
  marketplaceVersionSchema,
  type DeprecateBody,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';
import { botQueryKey, type PublisherBotDetail } from './get-bot';

const deprecateAnswerSchema = z.object({ message: z.string(), data: marketplaceVersionSchema });
export type DeprecateAnswer = z.infer<typeof deprecateAnswerSchema>;

/** POST /api/publisher/bots/{id}/versions/{number}/deprecate {retires_on, note} → the version. */
export function deprecateVersion(
  botId: string,
  number: number,
  body: DeprecateBody,
): Promise<DeprecateAnswer> {
  return http.post(deprecateVersionPath(botId, number), body, deprecateAnswerSchema);
}

export function useDeprecateVersion(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, body }: { number: number; body: DeprecateBody }) =>
      deprecateVersion(botId, number, body),
    meta: { errorToast: false },
    // The answer carries the version's deprecation, which the bot detail route does not send
    // (botDetailSchema has none): it is written into the cached bot rather than refetched away.
    // Nothing else on the page changes until the retirement day.
    onSuccess: ({ data: version }) =>
      queryClient.setQueryData<PublisherBotDetail>(botQueryKey(botId), (bot) =>
        bot
          ? {
              ...bot,
              versions: bot.versions.map((v) =>
                v.number === version.number ? { ...v, deprecation: version.deprecation } : v,
              ),
            }
          : bot,
      ),
  });
}
