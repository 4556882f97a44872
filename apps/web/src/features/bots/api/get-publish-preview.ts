import {
  publishComparisonResponseSchema,
  publishPreviewPath,
  type PublishComparison,
} from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botQueryKey } from './get-bot';

/**
 * POST /api/publisher/bots/{id}/publish-preview (no body) → {data}: the saved draft against the
 * newest version on the bot's labelled examples, per tag. A POST because the server computes it
 * (it runs the rules engine); it changes nothing, so it is read like a query.
 */
export async function getPublishPreview(
  botId: string,
  signal?: AbortSignal,
): Promise<PublishComparison> {
  const { data } = await http.post(
    publishPreviewPath(encodeURIComponent(botId)),
    undefined,
    publishComparisonResponseSchema,
    { signal },
  );
  return data;
}

export const publishPreviewQueryKey = (botId: string) =>
  [...botQueryKey(botId), 'publish-preview'] as const;

export const publishPreviewQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: publishPreviewQueryKey(botId),
    queryFn: ({ signal }) => getPublishPreview(botId, signal),
    // Computed afresh each time the dialog opens: the draft may have been saved since.
    gcTime: 0,
    // The dialog shows the failure in place, and publishing stays possible.
    meta: { errorToast: false },
  });

/** Loaded while the Publish dialog is open. */
export function usePublishPreview(botId: string) {
  return useQuery(publishPreviewQueryOptions(botId));
}
