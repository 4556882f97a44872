import { publisherRatingReplyPath, ratingReplyResponseSchema } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botRatingsQueryKey } from './get-bot-ratings';

/** POST /api/publisher/bots/{botId}/ratings/{companyId}/reply {reply}: replaces an earlier reply. */
export function replyToRating(botId: string, companyId: string, reply: string) {
  return http.post(
    publisherRatingReplyPath(botId, companyId),
    { reply },
    ratingReplyResponseSchema,
  );
}

export function useReplyToRating(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, reply }: { companyId: string; reply: string }) =>
      replyToRating(botId, companyId, reply),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botRatingsQueryKey(botId) }),
  });
}
