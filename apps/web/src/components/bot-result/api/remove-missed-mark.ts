import { messageResponseSchema, missedMarkItemPath } from '@fieldbot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import type { BotResultView } from './bot-result-view';
import { botResultQueryKey, type BotResultTarget } from './bot-result-target';

export interface RemoveMissedMarkInput {
  resultId: string;
  markId: string;
}

/** DELETE /api/company/bot-result/{resultId}/missed/{markId} → {message}. */
export async function removeMissedMark({ resultId, markId }: RemoveMissedMarkInput) {
  const { message } = await http.delete(
    missedMarkItemPath(encodeURIComponent(resultId), encodeURIComponent(markId)),
    undefined,
    messageResponseSchema,
  );
  return message;
}

/** The result without one of its missed marks. */
export function withoutMissedMark(
  view: BotResultView | null | undefined,
  { resultId, markId }: RemoveMissedMarkInput,
): BotResultView | null | undefined {
  if (!view) return view;
  return {
    ...view,
    results: view.results.map((result) =>
      result.id !== resultId || !result.missed_marks
        ? result
        : { ...result, missed_marks: result.missed_marks.filter((m) => m.id !== markId) },
    ),
  };
}

/** The mark goes at once; a refused removal puts it back (and is toasted by the query client). */
export function useRemoveMissedMark(target: BotResultTarget) {
  const queryClient = useQueryClient();
  const queryKey = botResultQueryKey(target);
  return useMutation({
    mutationFn: removeMissedMark,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<BotResultView | null>(queryKey);
      queryClient.setQueryData<BotResultView | null>(queryKey, (view) =>
        withoutMissedMark(view, input),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
