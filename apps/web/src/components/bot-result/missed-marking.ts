import type { MissedMarkRequest, OutputTag } from '@fieldbot/shared';
import { useCurrentUser } from '@/lib/session';
import type { BotResultTab } from './api/bot-result-view';
import type { BotResultTarget } from './api/bot-result-target';
import { useMarkMissed } from './api/mark-missed';
import { canReviewBotResults } from './can-review';

/** What a transcript needs to let a reviewer mark selected words as missed by one of a bot's tags. */
export interface MissedMarking {
  resultId: string;
  botName: string;
  /** The bot's output tags, one "Missed: <label>" choice each. */
  tags: readonly Pick<OutputTag, 'id' | 'label'>[];
  pending: boolean;
  /** Saves the mark; rejects when the server refuses it (the error is toasted). */
  onMark: (mark: MissedMarkRequest) => Promise<unknown>;
}

/**
 * Marking for the result whose tab is open: reviewers only (the Correct / Wrong rule), and only a
 * finished result with output tags to name.
 */
export function useMissedMarking(
  target: BotResultTarget,
  result: BotResultTab | null | undefined,
): MissedMarking | null {
  const user = useCurrentUser();
  const mark = useMarkMissed(target);
  if (!result || result.status !== 'success' || !canReviewBotResults(user)) return null;
  const tags = result.output_tags ?? [];
  if (tags.length === 0) return null;
  return {
    resultId: result.id,
    botName: result.bot_name,
    tags,
    pending: mark.isPending,
    onMark: (body) => mark.mutateAsync({ resultId: result.id, ...body }),
  };
}
