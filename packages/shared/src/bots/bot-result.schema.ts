import { z } from 'zod';
import { HOLD_REASONS } from '../billing/billing-constants';
import { MESSAGES } from '../validation/messages';
import { missedMarkSchema } from './bot-marks.schema';
import {
  AMOUNT_PERIODS,
  BOT_LIMITS,
  BOT_RUN_STATUSES,
  BOT_RUN_TARGETS,
  BOT_RUN_TYPES,
  FEEDBACK_VERDICTS,
  SPAN_MATCHES,
} from './bot-constants';

/**
 * Company side of bots (spec §3 "Bot result", §7): the Run Bots request, the bot-result answers,
 * reviewer feedback and back-runs. Offsets are UTF-16 indexes into the interaction's `transcript`
 * string as the run saw it (the detail's `transcript`, segments joined by one space).
 */

/** One output tag of a result (spec §3: id, label, data, description; ids 0 to 9). */
export const outputTagSchema = z.object({
  id: z.number().int().min(0).max(9),
  label: z.string(),
  /** What the bot found for this tag, as text a reviewer reads; null when nothing was found. */
  data: z.string().nullable(),
  description: z.string(),
  /** Amounts the tag found (money extractor), in cents, each with what it is charged per. */
  amounts: z
    .array(z.object({ cents: z.number().int(), per: z.enum(AMOUNT_PERIODS).nullable() }))
    .optional(),
});
export type OutputTag = z.infer<typeof outputTagSchema>;

/** Evidence: an exact span of the transcript, located on the server (never model-given offsets). */
export const responseTagSchema = z.object({
  /** The output tag this quote supports. */
  tag_id: z.number().int().min(0).max(9),
  label: z.string(),
  index_start: z.number().int().min(0),
  index_end: z.number().int().min(0),
  /** The transcript text between the offsets. */
  text: z.string(),
  match: z.enum(SPAN_MATCHES),
  /** 1 for exact and normalised matches, the alignment score (0..1) for fuzzy ones. */
  score: z.number().min(0).max(1),
  /** Rules engine: what made the span match ("Family: Booking confirmed", "Phrase: plan", …). */
  matched_by: z.string().optional(),
  /** The reviewer's mark on this span; null when nobody has marked it. */
  verdict: z.enum(FEEDBACK_VERDICTS).nullable(),
});
export type ResponseTag = z.infer<typeof responseTagSchema>;

/** Decoded `gpt_response`: the structured answer whose quotes became response tags. */
export const gptResponseSchema = z.object({
  response_tags: z.array(responseTagSchema),
  /** Quotes that matched nothing in the transcript and were dropped. */
  unmatched_quotes: z.number().int().min(0),
});
export type GptResponse = z.infer<typeof gptResponseSchema>;

export const BOT_RESULT_ITEM_STATUSES = ['running', 'success', 'failed'] as const;

/** One bot's latest result for a target (one tab of the Bot Result section). */
export const botResultItemSchema = z.object({
  id: z.uuid(),
  bot_id: z.uuid(),
  bot_name: z.string(),
  bot_color: z.string(),
  /** Icon address for the bot's colour in the light and the dark theme. */
  bot_icon: z.object({ light: z.string(), dark: z.string() }),
  version: z.number().int().min(1),
  status: z.enum(BOT_RESULT_ITEM_STATUSES),
  error_message: z.string().nullable(),
  run_type: z.enum(BOT_RUN_TYPES),
  run_at: z.string(),
  raw_response: z.string().nullable(),
  /** JSON text of GptResponse; double-encoded (a JSON string of that text) on the customer route. */
  gpt_response: z.string().nullable(),
  /** JSON text of OutputTag[]. */
  output_tags: z.string().nullable(),
  /**
   * Present while the result waits (still 'running') because the company is on hold (hard
   * capacity reached, payment due); paused_message is HOLD_LABELS[paused_reason] for the UI.
   */
  paused_reason: z.enum(HOLD_REASONS).optional(),
  paused_message: z.string().optional(),
  /** Words reviewers marked as missed by one of the bot's tags. */
  missed_marks: z.array(missedMarkSchema).optional(),
});
export type BotResultItem = z.infer<typeof botResultItemSchema>;

/** Spec §3 "Bot result": the target's latest run, with each bot's latest result. */
export const botResultSchema = z.object({
  status: z.enum(BOT_RUN_STATUSES),
  run_type: z.enum(BOT_RUN_TYPES),
  /** Who started the latest run; 'Automation' for triggered runs. */
  run_by: z.string(),
  run_at: z.string(),
  errorMessage: z.string().nullable(),
  /** Seconds the latest run took; null while running. */
  executionTime: z.number().nullable(),
  bot_result_error_message: z.string().nullable(),
  results: z.array(botResultItemSchema),
  /** Present while any result of the run waits on a company hold (see botResultItemSchema). */
  paused_reason: z.enum(HOLD_REASONS).optional(),
  paused_message: z.string().optional(),
});
export type BotResult = z.infer<typeof botResultSchema>;

/** Both result routes answer {data: null} before the first run. */
export const botResultResponseSchema = z.object({ data: botResultSchema.nullable() });
export type BotResultResponse = z.infer<typeof botResultResponseSchema>;

/** POST /api/company/bot-run (spec §7). */
export const botRunRequestSchema = z.object({
  bot_ids: z
    .array(z.string().max(64), { error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(BOT_LIMITS.botIdsPerRunMax),
  id: z.string().min(1, MESSAGES.required).max(64),
  type: z.enum(BOT_RUN_TARGETS, { error: MESSAGES.selectValidValue }),
});
export type BotRunRequest = z.infer<typeof botRunRequestSchema>;

/** PUT /api/company/bot-result/{resultId}/feedback: mark one response tag; null clears the mark. */
export const botFeedbackRequestSchema = z.object({
  /** Position of the response tag in gpt_response.response_tags. */
  tag_position: z.number().int().min(0).max(10_000),
  verdict: z.enum(FEEDBACK_VERDICTS).nullable(),
});
export type BotFeedbackRequest = z.infer<typeof botFeedbackRequestSchema>;

/** Longest back-run range, in days counted inclusively (a year, leap day included). */
export const BACK_RUN_MAX_DAYS = 366;

/** Texts of back-runs. */
export const BACK_RUN_MESSAGES = {
  fromAfterTo: 'The start date must be on or before the end date.',
  rangeTooLong: `The date range can be at most ${BACK_RUN_MAX_DAYS} days.`,
  jobCompleteBot: 'Job Complete bots run on customers, not on past interactions.',
  nothingToRun: 'There are no interactions with a transcript for this bot in this date range.',
  /** The error of a result a cancelled back-run never ran. */
  cancelled: 'Cancelled.',
} as const;

/** Whole days from `from` to `to` inclusive (YYYY-MM-DD, read as UTC dates). */
export const backRunDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * Back-run: one bot over past interactions in a date range (YYYY-MM-DD, inclusive).
 * The dates are UTC days: an interaction is in the range when it started between `from` 00:00 UTC
 * and the end of `to` (UTC).
 */
export const backRunRequestSchema = z
  .object({
    bot_id: z.uuid({ error: MESSAGES.selectValidValue }),
    from: z.iso.date({ error: MESSAGES.invalidValue }),
    to: z.iso.date({ error: MESSAGES.invalidValue }),
  })
  .superRefine((body, ctx) => {
    const days = backRunDays(body.from, body.to);
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: BACK_RUN_MESSAGES.fromAfterTo });
    else if (days > BACK_RUN_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: BACK_RUN_MESSAGES.rangeTooLong });
    }
  });
export type BackRunRequest = z.infer<typeof backRunRequestSchema>;

export const backRunEstimateResponseSchema = z.object({
  data: z.object({ interactions: z.number().int(), estimated_cost_cents: z.number().int() }),
});
export type BackRunEstimateResponse = z.infer<typeof backRunEstimateResponseSchema>;

export const BACK_RUN_STATUSES = ['running', 'completed', 'cancelled'] as const;
export const backRunSchema = z.object({
  id: z.uuid(),
  bot_id: z.uuid(),
  bot_name: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(BACK_RUN_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
});
export type BackRun = z.infer<typeof backRunSchema>;
export const backRunResponseSchema = z.object({ data: backRunSchema });

export const botRunPath = '/api/company/bot-run';
export const customerBotResultPath = (customerId: string) =>
  `/api/company/bot-result/customer/${customerId}`;
export const interactionBotResultPath = (interactionId: string, type: string) =>
  `/api/company/bot-result/interaction/${interactionId}/${type}`;
export const botFeedbackPath = (resultId: string) => `/api/company/bot-result/${resultId}/feedback`;
export const backRunEstimatePath = '/api/company/bot-back-run/estimate';
export const backRunsPath = '/api/company/bot-back-run';
export const backRunPath = (id: string) => `/api/company/bot-back-run/${id}`;
export const backRunCancelPath = (id: string) => `/api/company/bot-back-run/${id}/cancel`;

/** GET /api/company/bot-back-run/{id} and its cancel route: path parameters. */
export const backRunParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.invalidValue }) });

/** PUT /api/company/bot-result/{resultId}/feedback path parameters. */
export const botResultParamsSchema = z.object({
  resultId: z.uuid({ error: MESSAGES.invalidValue }),
});

/** Server texts of bot runs and feedback (the run message is the success toast of spec §4). */
export const BOT_RUN_MESSAGES = {
  started: 'Bot run started successfully.',
  feedbackSaved: 'Feedback saved.',
  /** A bot id the company has no access to (not subscribed, unknown). */
  botNotAvailable: 'This bot is not available to your company.',
  /** A subscribed bot whose trigger does not fit the interaction type, call type or customer run. */
  botNotSelectable: 'This bot cannot run on this interaction.',
  botNotSelectableForCustomer: 'Only job-complete bots can run on a customer.',
  tagPositionOutOfRange: 'This result has no response tag at that position.',
  resultNotFinished: 'This result has no response tags yet.',
  noTranscript: 'This interaction has no transcript to analyse.',
  noCustomerTranscript: 'This customer has no completed interactions with a transcript to analyse.',
  internalError: 'The bot could not finish because of an internal error.',
  expired: 'The bot took too long to finish.',
} as const;

/** Shown as run_by for automatic runs. */
export const AUTOMATION_RUN_BY = 'Automation';
