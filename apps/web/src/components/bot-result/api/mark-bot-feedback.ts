import { botFeedbackPath, messageResponseSchema, type FeedbackVerdict } from '@fieldbot/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import type { BotResultView } from './bot-result-view';
import { botResultQueryKey, type BotResultTarget } from './bot-result-target';

export interface BotFeedbackInput {
  resultId: string;
  /** Position of the response tag in gpt_response.response_tags. */
  tagPosition: number;
  /** null clears the mark. */
  verdict: FeedbackVerdict | null;
}

/** PUT /api/company/bot-result/{resultId}/feedback {tag_position, verdict}. */
export async function markBotFeedback({
  resultId,
  tagPosition,
  verdict,
}: BotFeedbackInput): Promise<void> {
  await http.put(
    botFeedbackPath(encodeURIComponent(resultId)),
    { tag_position: tagPosition, verdict },
    // {message}; the refetched result is the truth.
    messageResponseSchema,
  );
}

/** The result with one response tag's verdict replaced. */
export function withVerdict(
  view: BotResultView | null | undefined,
  { resultId, tagPosition, verdict }: BotFeedbackInput,
): BotResultView | null | undefined {
  if (!view) return view;
  return {
    ...view,
    results: view.results.map((result) =>
      result.id !== resultId || !result.gpt_response
        ? result
        : {
            ...result,
            gpt_response: {
              ...result.gpt_response,
              response_tags: result.gpt_response.response_tags.map((tag, i) =>
                i === tagPosition ? { ...tag, verdict } : tag,
              ),
            },
          },
    ),
  };
}

function setVerdict(queryClient: QueryClient, target: BotResultTarget, input: BotFeedbackInput) {
  queryClient.setQueryData<BotResultView | null>(botResultQueryKey(target), (view) =>
    withVerdict(view, input),
  );
}

/** Marks show at once; a refused mark is rolled back (and toasted by the query client). */
export function useMarkBotFeedback(target: BotResultTarget) {
  const queryClient = useQueryClient();
  const queryKey = botResultQueryKey(target);
  return useMutation({
    mutationFn: markBotFeedback,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<BotResultView | null>(queryKey);
      setVerdict(queryClient, target, input);
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
