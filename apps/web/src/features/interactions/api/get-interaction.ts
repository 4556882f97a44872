import {
  INTERACTION_POLL_MS,
  detailNeedsPolling,
  type InteractionDetail,
  type InteractionType,
  interactionDetailResponseSchema,
} from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type InteractionDetailResponse = z.infer<typeof interactionDetailResponseSchema>;

/** GET /api/company/interaction/{interactionId}/{interactionType} → {data: InteractionDetail} (spec §7). */
export async function getInteraction(
  interactionId: string,
  interactionType: InteractionType,
  signal?: AbortSignal,
): Promise<InteractionDetail> {
  const { data } = await http.get(
    `/api/company/interaction/${encodeURIComponent(interactionId)}/${interactionType}`,
    interactionDetailResponseSchema,
    { signal },
  );
  return data;
}

export const interactionQueryKey = (interactionId: string, interactionType: InteractionType) =>
  ['interactions', 'detail', interactionId, interactionType] as const;

/** Spec §4: refetched every INTERACTION_POLL_MS while the audio merge or the transcript runs. */
export function interactionRefetchInterval(data: InteractionDetail | undefined) {
  return data && detailNeedsPolling(data) ? INTERACTION_POLL_MS : false;
}

export const interactionQueryOptions = (interactionId: string, interactionType: InteractionType) =>
  queryOptions({
    queryKey: interactionQueryKey(interactionId, interactionType),
    queryFn: ({ signal }) => getInteraction(interactionId, interactionType, signal),
    refetchInterval: (query) => interactionRefetchInterval(query.state.data),
    // The page shows its own not-found and error states.
    meta: { errorToast: false },
  });

export function useInteraction(interactionId: string, interactionType: InteractionType) {
  return useQuery(interactionQueryOptions(interactionId, interactionType));
}
