import {
  marketplaceRatingPath,
  messageResponseSchema,
  type MessageResponse,
  type RatingBody,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { marketplaceQueryKey } from './get-marketplace-bots';

/** PUT /api/marketplace/bots/{botId}/rating → {message}: one rating per company, replaced. */
export function rateBot(botId: string, body: RatingBody): Promise<MessageResponse> {
  return http.put(marketplaceRatingPath(botId), body, messageResponseSchema);
}

/** The averages on the cards and the bot page change too. */
export function useRateBot(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingBody) => rateBot(botId, body),
    // The dialog shows field messages itself.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceQueryKey }),
  });
}
