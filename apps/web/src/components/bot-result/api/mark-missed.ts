import {
  missedMarkPath,
  missedMarkRequestSchema,
  missedMarkResponseSchema,
  type MissedMark,
  type MissedMarkRequest,
} from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { notifySuccess } from '@/lib/notify';
import type { BotResultView } from './bot-result-view';
import { botResultQueryKey, type BotResultTarget } from './bot-result-target';

export interface MissedMarkInput extends MissedMarkRequest {
  resultId: string;
}

/**
 * POST /api/company/bot-result/{resultId}/missed {tag_id, index_start, index_end} → {message,
 * data}: words of the transcript the tag should have found.
 */
export async function markMissed({ resultId, ...body }: MissedMarkInput) {
  return http.post(
    missedMarkPath(encodeURIComponent(resultId)),
    missedMarkRequestSchema.parse(body),
    missedMarkResponseSchema,
  );
}

/** The result with a mark added (once: marking the same words twice is one mark). */
export function withMissedMark(
  view: BotResultView | null | undefined,
  resultId: string,
  mark: MissedMark,
): BotResultView | null | undefined {
  if (!view) return view;
  return {
    ...view,
    results: view.results.map((result) =>
      result.id !== resultId
        ? result
        : {
            ...result,
            missed_marks: [...(result.missed_marks ?? []).filter((m) => m.id !== mark.id), mark],
          },
    ),
  };
}

/** The mark shows as soon as it is saved; the refetched result is the truth. */
export function useMarkMissed(target: BotResultTarget) {
  const queryClient = useQueryClient();
  const queryKey = botResultQueryKey(target);
  return useMutation({
    mutationFn: markMissed,
    onSuccess: ({ message, data }, { resultId }) => {
      queryClient.setQueryData<BotResultView | null>(queryKey, (view) =>
        withMissedMark(view, resultId, data),
      );
      notifySuccess(message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
