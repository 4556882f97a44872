import { publisherRatingReplyPath } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';
import { botRatingsQueryKey } from './get-bot-ratings';

// The contract names no answer for this route: a success is all the page needs.
const replyAnswerSchema = z.unknown();

/** POST /api/publisher/bots/{botId}/ratings/{companyId}/reply {reply}: replaces an earlier reply. */
export function replyToRating(botId: string, companyId: string, reply: string) {
  return http.post(publisherRatingReplyPath(botId, companyId), { reply }, replyAnswerSchema);
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
