import { z } from 'zod';
import { botResultItemSchema, outputTagSchema, responseTagSchema } from '../bots/bot-result.schema';
import {
  INTERACTION_TYPES,
  blankToUndefined,
  interactionDetailSchema,
  interactionListItemSchema,
} from '../interactions/interaction.schema';
import { MESSAGES } from '../validation/messages';

/**
 * The public read API, /api/v1 (issue 26 §4). Its shapes are the app's own interaction, transcript
 * and bot-result schemas, narrowed to what an API client can use (no session-checked audio links,
 * no UI colours) — never a second copy of a shape. The OpenAPI document is generated from these.
 */

export const PUBLIC_API_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;

const limitSchema = z
  .preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MESSAGES.invalidValue })
      .int(MESSAGES.invalidValue)
      .min(1, MESSAGES.invalidValue)
      .max(PUBLIC_API_PAGE.maxLimit, MESSAGES.invalidValue)
      .default(PUBLIC_API_PAGE.defaultLimit),
  )
  .describe(`Items per page, 1 to ${PUBLIC_API_PAGE.maxLimit}.`);

const cursorSchema = z
  .preprocess(blankToUndefined, z.string().max(200, MESSAGES.invalidValue).optional())
  .describe('The `next_cursor` of the previous page; omit for the first page.');

const sinceSchema = (what: string) =>
  z
    .preprocess(
      blankToUndefined,
      z.iso.datetime({ offset: true, error: MESSAGES.invalidValue }).optional(),
    )
    .describe(`ISO 8601 date-time: only items ${what} at or after it.`);

/** GET /api/v1/interactions: newest first (by start time), keyset-paginated. */
export const v1InteractionListQuerySchema = z.object({
  limit: limitSchema,
  cursor: cursorSchema,
  type: z
    .preprocess(
      blankToUndefined,
      z.enum(INTERACTION_TYPES, { error: MESSAGES.selectValidValue }).optional(),
    )
    .describe('Only field recordings or only CSR calls.'),
  updated_since: sinceSchema('updated'),
});
export type V1InteractionListQuery = z.infer<typeof v1InteractionListQuerySchema>;

const updatedAt = z.string().describe('ISO 8601: when the interaction last changed.');

export const v1InteractionSchema = interactionListItemSchema.extend({
  customer: z.object({ id: z.uuid(), name: z.string() }),
  transcript_status: interactionDetailSchema.shape.transcript_status,
  updated_at: updatedAt,
});
export type V1Interaction = z.infer<typeof v1InteractionSchema>;

/** The detail without the app's session-checked audio and download links. */
export const v1InteractionDetailSchema = interactionDetailSchema
  // The public API's shape stays as published; issue 27's consent and retention fields are app-only.
  .omit({
    audio_url: true,
    audio_peaks: true,
    transcript_url: true,
    consent: true,
    audio_deleted_at: true,
    transcript_deleted_at: true,
  })
  .extend({ customer: z.object({ id: z.uuid(), name: z.string() }), updated_at: updatedAt });
export type V1InteractionDetail = z.infer<typeof v1InteractionDetailSchema>;

const nextCursor = z
  .string()
  .nullable()
  .describe('Pass as `cursor` for the next page; null on the last page.');

export const v1InteractionListResponseSchema = z.object({
  data: z.array(v1InteractionSchema),
  next_cursor: nextCursor,
});
export type V1InteractionListResponse = z.infer<typeof v1InteractionListResponseSchema>;

export const v1InteractionResponseSchema = z.object({ data: v1InteractionDetailSchema });
export type V1InteractionResponse = z.infer<typeof v1InteractionResponseSchema>;

export const v1InteractionParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES.invalidValue }).describe('The interaction id (uuid).'),
});

/** One bot's result: its structured tags and the transcript spans that support them. */
export const v1BotResultSchema = botResultItemSchema
  .pick({
    id: true,
    bot_id: true,
    bot_name: true,
    version: true,
    status: true,
    error_message: true,
    run_type: true,
    run_at: true,
  })
  .extend({
    interaction_id: z.uuid().nullable().describe('Set for results of an interaction.'),
    customer_id: z.uuid().nullable().describe('Set for job-complete results of a customer.'),
    finished_at: z.string().nullable(),
    output_tags: z.array(outputTagSchema).nullable(),
    response_tags: z.array(responseTagSchema).nullable(),
  });
export type V1BotResult = z.infer<typeof v1BotResultSchema>;

/** GET /api/v1/bot-results: finished results, most recently finished first. */
export const v1BotResultListQuerySchema = z.object({
  limit: limitSchema,
  cursor: cursorSchema,
  interaction_id: z
    .preprocess(blankToUndefined, z.uuid({ error: MESSAGES.invalidValue }).optional())
    .describe('Only results of this interaction.'),
  finished_since: sinceSchema('finished'),
});
export type V1BotResultListQuery = z.infer<typeof v1BotResultListQuerySchema>;

export const v1BotResultListResponseSchema = z.object({
  data: z.array(v1BotResultSchema),
  next_cursor: nextCursor,
});
export type V1BotResultListResponse = z.infer<typeof v1BotResultListResponseSchema>;

/** GET /api/v1/interactions/{id}/bot-results: each bot's latest result, running ones included. */
export const v1InteractionBotResultsResponseSchema = z.object({ data: z.array(v1BotResultSchema) });

/** Every error answer of /api/v1 (401, 403, 404, 422, 429). */
export const v1ErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const V1_PATHS = {
  interactions: '/api/v1/interactions',
  interaction: (id: string) => `/api/v1/interactions/${id}`,
  interactionBotResults: (id: string) => `/api/v1/interactions/${id}/bot-results`,
  botResults: '/api/v1/bot-results',
} as const;

/** Where the OpenAPI document and its reference page are served. */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_DOCUMENT_PATH = '/api/docs/openapi.json';
