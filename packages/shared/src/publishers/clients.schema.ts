import { z } from 'zod';
import { BOT_COLORS, BOT_RUN_TARGETS, BOT_RUN_TYPES } from '../bots/bot-constants';
import { BOT_RESULT_ITEM_STATUSES } from '../bots/bot-result.schema';
import { monthFilterSchema } from '../billing/billing.schema';
import {
  SORT_DIRECTIONS,
  blankToUndefined,
  choice,
  keywordSchema,
  pageSchema,
} from '../interactions/interaction.schema';
import { MESSAGES } from '../validation/messages';
import { markupPercentSchema } from './publisher-info.schema';

/**
 * Clients: the companies that use a publisher's bots (or came through its landing
 * link). Months are calendar months in UTC: a publisher spans timezones.
 */
export const CLIENT_SOURCES = ['referral', 'subscription'] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];

export const CLIENT_SORT_FIELDS = [
  'name',
  'since',
  'bots_used',
  'runs',
  'estimated_cost',
  'markup',
  'client_cost',
] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];

export const CLIENT_MESSAGES = {
  notFound: 'Client not found',
  markupSaved: 'Markup updated successfully',
} as const;

const direction = (fallback: 'asc' | 'desc') =>
  z.preprocess(
    blankToUndefined,
    z.enum(SORT_DIRECTIONS, { error: MESSAGES.selectValidValue }).default(fallback),
  );

/** GET /api/publisher/clients?page&keyword&month&sort_by&sort_direction (month: MM/01/YYYY, default this month). */
export const clientListQuerySchema = z.object({
  page: pageSchema,
  keyword: keywordSchema,
  month: monthFilterSchema,
  sort_by: z.preprocess(
    blankToUndefined,
    z.enum(CLIENT_SORT_FIELDS, { error: MESSAGES.selectValidValue }).default('name'),
  ),
  sort_direction: direction('asc'),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** One client in the month: costs are summed in millicents, then rounded to cents once. */
export const clientListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  logo: z.string().nullable(),
  /** ISO time the company became a client. */
  since: z.string(),
  source: z.enum(CLIENT_SOURCES),
  /** The publisher's bots the company is subscribed to now. */
  bots_used: z.number().int(),
  /** Metered bot results of the month. */
  runs: z.number().int(),
  estimated_cost_cents: z.number().int(),
  /** The markup in force now (override or default). */
  markup_percent: z.number().int(),
  markup_overridden: z.boolean(),
  /** What the client was charged for the month's runs (each run keeps the markup it ran at). */
  client_cost_cents: z.number().int(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

export const clientTotalsSchema = z.object({
  runs: z.number().int(),
  estimated_cost_cents: z.number().int(),
  client_cost_cents: z.number().int(),
});

export const clientListResponseSchema = z.object({
  data: z.object({
    items: z.array(clientListItemSchema),
    count: z.number().int(),
    /** Over every client matching the search, not just the page. */
    totals: clientTotalsSchema,
  }),
});
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

export const clientParamsSchema = z.object({
  clientId: z.uuid({ error: MESSAGES.invalidValue }),
});

/** GET /api/publisher/clients/{clientId}: the general tab (what the company shares publicly). */
export const clientDetailSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  logo: z.string().nullable(),
  description: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  industry: z.string().nullable(),
  type: z.string().nullable(),
  since: z.string(),
  source: z.enum(CLIENT_SOURCES),
  markup_percent: z.number().int(),
  markup_overridden: z.boolean(),
  default_markup_percent: z.number().int(),
  bots_used: z.number().int(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;
export const clientDetailResponseSchema = z.object({ data: clientDetailSchema });

/** GET /api/publisher/clients/{clientId}/bots: the publisher's bots the client uses. */
export const clientBotSchema = z.object({
  bot_id: z.uuid(),
  name: z.string(),
  color: z.enum(BOT_COLORS),
  icon: z.object({ light: z.string(), dark: z.string() }),
  /** The version the client is pinned to. */
  version: z.number().int(),
  latest_version: z.number().int(),
  update_available: z.boolean(),
  subscribed_at: z.string(),
  /** Set when the pinned version is deprecated: the date its pin moves to the newest. */
  retires_on: z.string().nullable(),
});
export type ClientBot = z.infer<typeof clientBotSchema>;
export const clientBotsResponseSchema = z.object({ data: z.array(clientBotSchema) });

/** GET /api/publisher/clients/{clientId}/runs?page&month&status&bot_id&sort_direction */
export const clientRunsQuerySchema = z.object({
  page: pageSchema,
  month: monthFilterSchema,
  status: choice(BOT_RESULT_ITEM_STATUSES),
  bot_id: z.preprocess(blankToUndefined, z.uuid({ error: MESSAGES.invalidValue }).optional()),
  sort_direction: direction('desc'),
});
export type ClientRunsQuery = z.infer<typeof clientRunsQuerySchema>;

/**
 * One bot's run for the client: status, what it cost, never the transcript or audio (a publisher
 * never reads a company's interactions). Per-run amounts stay in millicents.
 */
export const clientRunSchema = z.object({
  /** The bot result's id. */
  id: z.uuid(),
  bot_id: z.uuid(),
  bot_name: z.string(),
  version: z.number().int(),
  status: z.enum(BOT_RESULT_ITEM_STATUSES),
  run_type: z.enum(BOT_RUN_TYPES),
  target_type: z.enum(BOT_RUN_TARGETS),
  run_at: z.string(),
  estimated_cost_millicents: z.number().int(),
  markup_percent: z.number().int(),
  client_cost_millicents: z.number().int(),
});
export type ClientRun = z.infer<typeof clientRunSchema>;
export const clientRunsResponseSchema = z.object({
  data: z.object({ items: z.array(clientRunSchema), count: z.number().int() }),
});
export type ClientRunsResponse = z.infer<typeof clientRunsResponseSchema>;

/** POST /api/publisher/clients/{clientId}/markup: an override, or null to use the default again. */
export const clientMarkupBodySchema = z.object(
  { markup_percent: markupPercentSchema.nullable() },
  { error: MESSAGES.invalidValue },
);
export type ClientMarkupBody = z.infer<typeof clientMarkupBodySchema>;
/** …/markup answers the message and the client as the general tab shows it. */
export const clientMarkupResponseSchema = z.object({
  message: z.string(),
  data: clientDetailSchema,
});
export type ClientMarkupResponse = z.infer<typeof clientMarkupResponseSchema>;

export const clientsPath = '/api/publisher/clients';
export const clientPath = (id: string) => `/api/publisher/clients/${id}`;
export const clientBotsPath = (id: string) => `/api/publisher/clients/${id}/bots`;
export const clientRunsPath = (id: string) => `/api/publisher/clients/${id}/runs`;
export const clientMarkupPath = (id: string) => `/api/publisher/clients/${id}/markup`;
