import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BotResultView } from './bot-result-view';
import { botResultQueryKey, type BotResultTarget } from './bot-result-target';
import { getCustomerBotResult } from './get-customer-bot-result';
import { getInteractionBotResult } from './get-interaction-bot-result';

/** Spec §4/§9: a running bot result is polled every 10 s until it finishes. */
export const BOT_RESULT_POLL_MS = 10_000;

/**
 * How long after the page saw its interaction complete an empty result is still polled: the
 * automatic run is created by a job after the interaction.completed event, a moment later.
 */
export const AUTOMATIC_RUN_GRACE_MS = 120_000;

export const botResultRefetchInterval = (
  data: BotResultView | null | undefined,
  awaitingAutomaticRun = false,
) =>
  data?.status === 'running' || (awaitingAutomaticRun && data === null)
    ? BOT_RESULT_POLL_MS
    : false;

/** The latest bot result of a customer or an interaction; null before the first run. */
export const botResultQueryOptions = (target: BotResultTarget, awaitingAutomaticRun = false) =>
  queryOptions({
    queryKey: botResultQueryKey(target),
    queryFn: ({ signal }) =>
      target.kind === 'customer'
        ? getCustomerBotResult(target.id, signal)
        : getInteractionBotResult(target.id, target.type, signal),
    refetchInterval: (query) => botResultRefetchInterval(query.state.data, awaitingAutomaticRun),
    // The section shows its own error state with Try again.
    meta: { errorToast: false },
  });

export interface UseBotResultOptions {
  /** An automatic run may still appear (useAwaitingAutomaticRun): an empty result is polled. */
  awaitingAutomaticRun?: boolean;
}

export function useBotResult(target: BotResultTarget, options: UseBotResultOptions = {}) {
  return useQuery(botResultQueryOptions(target, options.awaitingAutomaticRun));
}

/**
 * True while the interaction is still processing and for AUTOMATIC_RUN_GRACE_MS after this page saw
 * it finish, so a recording-complete bot's result shows up without a reload.
 */
export function useAwaitingAutomaticRun(processing: boolean): boolean {
  const [wasProcessing, setWasProcessing] = useState(processing);
  const [justFinished, setJustFinished] = useState(false);
  // Derived from the previous render's value (React's "adjusting state on a prop change").
  if (processing !== wasProcessing) {
    setWasProcessing(processing);
    setJustFinished(!processing);
  }
  useEffect(() => {
    if (!justFinished) return;
    const timer = setTimeout(() => setJustFinished(false), AUTOMATIC_RUN_GRACE_MS);
    return () => clearTimeout(timer);
  }, [justFinished]);
  return processing || justFinished;
}
