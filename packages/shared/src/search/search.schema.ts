import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import {
  CALL_TYPES,
  INTERACTION_TYPES,
  blankToUndefined,
  choice,
  pageSchema,
} from '../interactions/interaction.schema';

/** GET: matching interactions, newest first, with their matching transcript lines. */
export const searchPath = '/api/search';
/** GET: what the filters offer (technicians, subscribed bots and their output tags). */
export const searchFiltersPath = '/api/search/filters';

/** The longest search text accepted. */
export const SEARCH_TEXT_MAX = 200;
/** Matching lines shown per interaction; the rest are counted. */
export const SEARCH_LINES_PER_HIT = 3;

export const TAG_STATES = ['found', 'not-found'] as const;
export type TagState = (typeof TAG_STATES)[number];

export const SEARCH_MESSAGES = {
  textRequired: 'Enter words or an "exact phrase" to search for.',
  dateOrder: 'The end date must be on or after the start date.',
  tagNeedsBot: 'Choose the bot whose tag to filter by.',
  noMatches: 'No conversation matches your search.',
} as const;

const optionalDate = z.preprocess(
  blankToUndefined,
  z.iso.date({ error: MESSAGES.invalidValue }).optional(),
);
const optionalId = z.preprocess(
  blankToUndefined,
  z.uuid({ error: MESSAGES.selectValidValue }).optional(),
);

/**
 * The search's query string. `q` takes words and "exact phrases" (websearch syntax: `-word`
 * excludes, `or` between words). Dates are days in the company's timezone, both included. A tag
 * filter names a bot and one of its output tags: `found` keeps interactions where the bot's latest
 * successful result found something for the tag, `not-found` those where it found nothing.
 */
export const searchQuerySchema = z
  .object({
    q: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z
        .string({ error: SEARCH_MESSAGES.textRequired })
        .min(1, SEARCH_MESSAGES.textRequired)
        .max(SEARCH_TEXT_MAX, MESSAGES.invalidValue),
    ),
    page: pageSchema,
    from: optionalDate,
    to: optionalDate,
    type: choice(INTERACTION_TYPES),
    call_type: choice(CALL_TYPES),
    technician_id: optionalId,
    bot_id: optionalId,
    tag: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z.string({ error: MESSAGES.invalidValue }).max(100, MESSAGES.invalidValue).optional(),
    ),
    tag_state: z.preprocess(
      blankToUndefined,
      z.enum(TAG_STATES, { error: MESSAGES.selectValidValue }).default('found'),
    ),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: SEARCH_MESSAGES.dateOrder });
    }
    if (query.tag && !query.bot_id) {
      ctx.addIssue({ code: 'custom', path: ['bot_id'], message: SEARCH_MESSAGES.tagNeedsBot });
    }
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A piece of a matching line; `match` pieces are the searched words (shown highlighted). */
export const searchFragmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type SearchFragment = z.infer<typeof searchFragmentSchema>;

export const searchLineSchema = z.object({
  /** The segment's position in the transcript. */
  position: z.number().int(),
  /** Where the line starts in the audio: the interaction page opens its player there (?t=). */
  start_seconds: z.number(),
  speaker: z.string(),
  fragments: z.array(searchFragmentSchema),
});
export type SearchLine = z.infer<typeof searchLineSchema>;

export const searchHitSchema = z.object({
  id: z.uuid(),
  /** Human id (recording number or the CRM's call id). */
  interaction_id: z.string(),
  type: z.enum(INTERACTION_TYPES),
  call_type: z.enum(CALL_TYPES).nullable(),
  customer_id: z.uuid(),
  customer_name: z.string(),
  /** The technician who recorded it, or the CSR agent of a call; null when unknown. */
  recording_by: z.string().nullable(),
  /** ISO time the visit or call started. */
  started_at: z.string(),
  /** The first SEARCH_LINES_PER_HIT matching lines, in transcript order. */
  lines: z.array(searchLineSchema),
  /** Matching lines beyond those shown. */
  more_lines: z.number().int(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = z.object({
  data: z.object({
    items: z.array(searchHitSchema),
    /** Exact, or capped at LIST_COUNT_CAP past the page when `count_capped` ('1,000+'). */
    count: z.number().int(),
    count_capped: z.boolean(),
  }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const searchFiltersResponseSchema = z.object({
  data: z.object({
    /** The company's field technicians (empty for a technician, who only sees their own). */
    technicians: z.array(z.object({ id: z.uuid(), name: z.string() })),
    /** Bots the company is subscribed to, with their current version's output tag labels. */
    bots: z.array(z.object({ id: z.uuid(), name: z.string(), tags: z.array(z.string()) })),
  }),
});
export type SearchFiltersResponse = z.infer<typeof searchFiltersResponseSchema>;
