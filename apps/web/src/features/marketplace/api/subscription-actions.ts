import {
  marketplaceSubscribePath,
  marketplaceUnsubscribePath,
  marketplaceUpdatePath,
  subscriptionResponseSchema,
  type SubscriptionResponse,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyBotsQueryKey } from '@/components/bot-result';
import { http } from '@/lib/http';
import { marketplaceQueryKey } from './get-marketplace-bots';

export type SubscriptionAction = 'subscribe' | 'unsubscribe' | 'update';

const PATHS: Record<SubscriptionAction, (botId: string) => string> = {
  subscribe: marketplaceSubscribePath,
  unsubscribe: marketplaceUnsubscribePath,
  update: marketplaceUpdatePath,
};

/** POST /api/marketplace/bots/{botId}/subscribe|unsubscribe|update → {message, data}. */
export function subscriptionAction(
  botId: string,
  action: SubscriptionAction,
): Promise<SubscriptionResponse> {
  return http.post(PATHS[action](botId), {}, subscriptionResponseSchema);
}

/**
 * Subscribe, unsubscribe or update to the newest version. Afterwards the marketplace (badges,
 * counts) and the bots the company may run (Run Bots) are fetched again.
 */
export function useSubscriptionAction(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SubscriptionAction) => subscriptionAction(botId, action),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketplaceQueryKey }),
        queryClient.invalidateQueries({ queryKey: companyBotsQueryKey }),
      ]),
  });
}
