import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

/**
 * Bots that learn from reviewers: besides Correct / Wrong on a response tag, a reviewer selects
 * words of the transcript the bot should have tagged and marks them "Missed: <tag>". Every mark
 * is a labelled example of the bot version that ran. The company's transcripts never reach the
 * publisher: only a mark's sentence, redacted, and only when the company shares marks.
 */

const tagId = z.number().int().min(0).max(9);

/**
 * What a reviewer's mark says about a tag: words it should have tagged (missed), or a highlighted
 * span that was right (correct) or wrong (wrong).
 */
export const BOT_MARK_KINDS = ['missed', 'correct', 'wrong'] as const;
export type BotMarkKind = (typeof BOT_MARK_KINDS)[number];

/** POST /api/company/bot-result/{resultId}/missed: words (transcript offsets) the tag missed. */
export const missedMarkRequestSchema = z
  .object({
    tag_id: tagId,
    index_start: z.number().int().min(0, MESSAGES.invalidValue),
    index_end: z.number().int().min(1, MESSAGES.invalidValue),
  })
  .refine((m) => m.index_end > m.index_start, {
    path: ['index_end'],
    message: MESSAGES.invalidValue,
  });
export type MissedMarkRequest = z.infer<typeof missedMarkRequestSchema>;

/** A reviewer's "Missed" mark, as the result shows it. */
export const missedMarkSchema = z.object({
  id: z.uuid(),
  tag_id: tagId,
  label: z.string(),
  index_start: z.number().int(),
  index_end: z.number().int(),
  /** The transcript text between the offsets. */
  text: z.string(),
});
export type MissedMark = z.infer<typeof missedMarkSchema>;
export const missedMarkResponseSchema = z.object({ message: z.string(), data: missedMarkSchema });

/** DELETE /api/company/bot-result/{resultId}/missed/{markId} path parameters. */
export const missedMarkParamsSchema = z.object({
  resultId: z.uuid({ error: MESSAGES.invalidValue }),
  markId: z.uuid({ error: MESSAGES.invalidValue }),
});

export const BOT_MARK_MESSAGES = {
  missedSaved: 'Marked as missed.',
  missedRemoved: 'Mark removed.',
  /** Offsets outside the transcript the result saw, or a tag the version does not have. */
  outsideTranscript: 'The selected words are not in this transcript.',
  unknownTag: 'This bot has no such tag.',
  /** Publishing a version that does worse than the one before on the bot's labelled examples. */
  accuracyDrop: 'This version does worse than the previous one on some tags. Publish anyway?',
} as const;

/** Precision and recall of one tag, estimated from reviewers' marks or from labelled examples. */
export const tagAccuracySchema = z.object({
  tag_id: tagId,
  label: z.string(),
  /** Highlighted spans marked Correct, Wrong, and words marked Missed. */
  correct: z.number().int(),
  wrong: z.number().int(),
  missed: z.number().int(),
  /** correct ÷ (correct + wrong); null without marks. */
  precision: z.number().min(0).max(1).nullable(),
  /** correct ÷ (correct + missed); null without marks. */
  recall: z.number().min(0).max(1).nullable(),
  /** Marks behind the figures. */
  n: z.number().int(),
});
export type TagAccuracy = z.infer<typeof tagAccuracySchema>;

/** A shared mark the bot got wrong (Missed or Wrong), as its publisher sees it: redacted. */
export const sharedMissSchema = z.object({
  version: z.number().int(),
  tag_id: tagId,
  label: z.string(),
  kind: z.enum(['missed', 'wrong']),
  /** The mark's sentence with names, numbers, e-mails and phone numbers redacted. */
  sentence: z.string(),
  /** How many shared marks carry this sentence. */
  count: z.number().int(),
});
export type SharedMiss = z.infer<typeof sharedMissSchema>;

/** One tag before and after, on the bot's labelled examples (publish comparison). */
export const tagComparisonSchema = z.object({
  tag_id: tagId,
  label: z.string(),
  /** Examples of this tag the comparison ran on. */
  n: z.number().int(),
  before: z.object({ precision: z.number().nullable(), recall: z.number().nullable() }).nullable(),
  after: z.object({ precision: z.number().nullable(), recall: z.number().nullable() }),
  /** Precision or recall is lower than before. */
  dropped: z.boolean(),
});
export type TagComparison = z.infer<typeof tagComparisonSchema>;

/**
 * POST /api/publisher/bots/{id}/publish-preview: the draft and the newest version over the bot's
 * labelled examples (shared reviewer marks and the tags' own examples), per tag.
 */
export const publishComparisonSchema = z.object({
  /** The version compared against; null for a first version. */
  previous_version: z.number().int().nullable(),
  examples: z.number().int(),
  tags: z.array(tagComparisonSchema),
  /** Any tag dropped: publishing asks for confirmation (confirm_drop). */
  dropped: z.boolean(),
});
export type PublishComparison = z.infer<typeof publishComparisonSchema>;
export const publishComparisonResponseSchema = z.object({ data: publishComparisonSchema });
/**
 * The 409 of POST /api/publisher/bots/{id}/publish when the draft does worse than the newest
 * version and `confirm_drop` was not sent: nothing is published; `data` is the comparison.
 */
export const publishDropResponseSchema = z.object({
  message: z.string(),
  data: publishComparisonSchema,
});
export type PublishDropResponse = z.infer<typeof publishDropResponseSchema>;

/** Estimated figures of a tag from counts; null where nothing was marked. */
export function estimateAccuracy(counts: { correct: number; wrong: number; missed: number }) {
  const { correct, wrong, missed } = counts;
  return {
    precision: correct + wrong === 0 ? null : correct / (correct + wrong),
    recall: correct + missed === 0 ? null : correct / (correct + missed),
    n: correct + wrong + missed,
  };
}

export const missedMarkPath = (resultId: string) => `/api/company/bot-result/${resultId}/missed`;
export const missedMarkItemPath = (resultId: string, markId: string) =>
  `/api/company/bot-result/${resultId}/missed/${markId}`;
export const publishPreviewPath = (botId: string) => `/api/publisher/bots/${botId}/publish-preview`;
