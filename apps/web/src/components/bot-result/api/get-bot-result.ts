import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotResultView } from './bot-result-view';
import { botResultQueryKey, type BotResultTarget } from './bot-result-target';
import { getCustomerBotResult } from './get-customer-bot-result';
import { getInteractionBotResult } from './get-interaction-bot-result';

/** Spec §4/§9: a running bot result is polled every 10 s until it finishes. */
export const BOT_RESULT_POLL_MS = 10_000;

export const botResultRefetchInterval = (data: BotResultView | null | undefined) =>
  data?.status === 'running' ? BOT_RESULT_POLL_MS : false;

/** The latest bot result of a customer or an interaction; null before the first run. */
export const botResultQueryOptions = (target: BotResultTarget) =>
  queryOptions({
    queryKey: botResultQueryKey(target),
    queryFn: ({ signal }) =>
      target.kind === 'customer'
        ? getCustomerBotResult(target.id, signal)
        : getInteractionBotResult(target.id, target.type, signal),
    refetchInterval: (query) => botResultRefetchInterval(query.state.data),
    // The section shows its own error state with Try again.
    meta: { errorToast: false },
  });

export function useBotResult(target: BotResultTarget) {
  return useQuery(botResultQueryOptions(target));
}
