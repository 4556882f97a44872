import { z } from 'zod';
import {
  BOT_COLORS,
  BOT_ENGINES,
  BOT_TRIGGER_EVENTS,
  BOT_TRIGGERS,
  BOT_VISIBILITIES,
} from '../bots/bot-constants';
import { botResultItemSchema } from '../bots/bot-result.schema';
import { versionDeprecationSchema } from '../bots/bot.schema';
import {
  SORT_DIRECTIONS,
  blankToUndefined,
  choice,
  keywordSchema,
  pageSchema,
  transcriptSegmentSchema,
} from '../interactions/interaction.schema';
import { MESSAGES } from '../validation/messages';

/** The company marketplace, ratings and version deprecation. */
export const MARKETPLACE_SORT_FIELDS = ['popular', 'rating', 'name', 'price', 'newest'] as const;
export type MarketplaceSortField = (typeof MARKETPLACE_SORT_FIELDS)[number];

export const MARKETPLACE_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  commentMax: 1000,
  replyMax: 1000,
  deprecationNoteMax: 500,
  /** A deprecated version retires at least this many days after it is deprecated. */
  deprecationMinDays: 14,
  /** …and at most this many: a retirement day in 9999 would never come. */
  deprecationMaxDays: 730,
} as const;

export const MARKETPLACE_MESSAGES = {
  subscribed: 'Bot subscribed successfully',
  unsubscribed: 'Bot unsubscribed successfully',
  updated: (version: number) => `Bot updated to v${version}`,
  botNotFound: 'Bot not found',
  publisherNotFound: 'Publisher not found',
  alreadySubscribed: 'Your company already uses this bot.',
  notSubscribed: 'Your company does not use this bot.',
  upToDate: 'Your company already uses the newest version.',
  ratingSaved: 'Thank you for your rating',
  ratingNeedsSubscription: 'Only companies that use this bot can rate it.',
  ratingRange: 'Choose from 1 to 5 stars.',
  commentMaxed: `A comment cannot have more than ${MARKETPLACE_LIMITS.commentMax} characters.`,
  replySaved: 'Reply saved',
  replyMaxed: `A reply cannot have more than ${MARKETPLACE_LIMITS.replyMax} characters.`,
  ratingNotFound: 'Rating not found',
  deprecated: 'Version deprecated',
  versionNotFound: 'Version not found',
  retireTooSoon: `Choose a date at least ${MARKETPLACE_LIMITS.deprecationMinDays} days from today.`,
  retireTooLate: 'Choose a date within two years from today.',
  latestCannotBeDeprecated: 'Publish a newer version before deprecating this one.',
  alreadyDeprecated: 'This version is already deprecated.',
  noteMaxed: `A note cannot have more than ${MARKETPLACE_LIMITS.deprecationNoteMax} characters.`,
  /** The banner a company sees while one of its bots runs on a deprecated version. */
  deprecationBanner: (bot: string, version: number, date: string, newest: number) =>
    `${bot} v${version} is deprecated and will be replaced by v${newest} on ${date}.`,
} as const;

const direction = z.preprocess(
  blankToUndefined,
  z.enum(SORT_DIRECTIONS, { error: MESSAGES.selectValidValue }).optional(),
);

/**
 * GET /api/marketplace/bots?page&keyword&trigger&publisher_id&subscribed&sort_by&sort_direction.
 * Without a direction, each sort goes its natural way (popular, rating, newest: high first; name,
 * price: low first).
 */
export const marketplaceBotListQuerySchema = z.object({
  page: pageSchema,
  keyword: keywordSchema,
  trigger: choice(BOT_TRIGGERS),
  publisher_id: z.preprocess(blankToUndefined, z.uuid({ error: MESSAGES.invalidValue }).optional()),
  /** 'true': only bots the company uses; 'false': only those it does not. */
  subscribed: choice(['true', 'false'] as const),
  sort_by: z.preprocess(
    blankToUndefined,
    z.enum(MARKETPLACE_SORT_FIELDS, { error: MESSAGES.selectValidValue }).default('popular'),
  ),
  sort_direction: direction,
});
export type MarketplaceBotListQuery = z.infer<typeof marketplaceBotListQuerySchema>;

export const marketplacePublisherRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  logo: z.string().nullable(),
});

export const ratingSummarySchema = z.object({
  /** Mean of the ratings, one decimal; null with no rating. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** The company's subscription to a bot, when it has one. */
export const marketplaceSubscriptionSchema = z.object({
  version: z.number().int(),
  subscribed_at: z.string(),
  update_available: z.boolean(),
  /** Set when the pinned version is deprecated (YYYY-MM-DD). */
  retires_on: z.string().nullable(),
});
export type MarketplaceSubscription = z.infer<typeof marketplaceSubscriptionSchema>;

export const marketplaceBotItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  color: z.enum(BOT_COLORS),
  icon: z.object({ light: z.string(), dark: z.string() }),
  trigger: z.enum(BOT_TRIGGERS),
  trigger_event: z.enum(BOT_TRIGGER_EVENTS),
  engine: z.enum(BOT_ENGINES),
  visibility: z.enum(BOT_VISIBILITIES),
  publisher: marketplacePublisherRefSchema,
  /** This company's price per run: the bot's price plus the markup it would pay (millicents). */
  price_per_run_millicents: z.number().int(),
  /** Companies subscribed now. */
  companies_count: z.number().int(),
  rating: ratingSummarySchema,
  latest_version: z.number().int(),
  /** ISO time of the newest version. */
  published_at: z.string(),
  subscription: marketplaceSubscriptionSchema.nullable(),
});
export type MarketplaceBotItem = z.infer<typeof marketplaceBotItemSchema>;

export const marketplaceBotListResponseSchema = z.object({
  data: z.object({
    items: z.array(marketplaceBotItemSchema),
    /** Exact, or capped at LIST_COUNT_CAP past the page when `count_capped`. */
    count: z.number().int(),
    /** More bots match than `count` ('1,000+'). */
    count_capped: z.boolean(),
  }),
});
export type MarketplaceBotListResponse = z.infer<typeof marketplaceBotListResponseSchema>;

export const marketplaceBotParamsSchema = z.object({
  botId: z.uuid({ error: MESSAGES.invalidValue }),
});
export const marketplacePublisherParamsSchema = z.object({
  publisherId: z.uuid({ error: MESSAGES.invalidValue }),
});

/** GET /api/marketplace/publishers/{publisherId}: the publisher page's header (bots: the list query). */
export const marketplacePublisherSchema = marketplacePublisherRefSchema.extend({
  description: z.string().nullable(),
  website: z.string().nullable(),
  support_email: z.string().nullable(),
  /** Bots this company can see (private ones only when it is a client). */
  bots_count: z.number().int(),
  is_client: z.boolean(),
});
export type MarketplacePublisher = z.infer<typeof marketplacePublisherSchema>;
export const marketplacePublisherResponseSchema = z.object({ data: marketplacePublisherSchema });

export const marketplaceVersionSchema = z.object({
  number: z.number().int(),
  changelog: z.string(),
  published_at: z.string(),
  deprecation: versionDeprecationSchema.nullable(),
});
export type MarketplaceVersion = z.infer<typeof marketplaceVersionSchema>;

/**
 * A published version's example: the publisher's test run over a sample transcript, stored when
 * the version is published (the evidence highlights come from its response tags).
 */
export const botExampleSchema = z.object({
  sample_title: z.string(),
  transcript: z.string(),
  segments: z.array(transcriptSegmentSchema),
  result: botResultItemSchema.omit({ id: true, bot_id: true }),
});
export type BotExample = z.infer<typeof botExampleSchema>;

/** GET /api/marketplace/bots/{botId} */
export const marketplaceBotDetailSchema = marketplaceBotItemSchema.extend({
  /** Output tags as a company sees them (labels and descriptions; rules stay the publisher's). */
  output_tags: z.array(
    z.object({ index: z.number().int(), label: z.string(), description: z.string() }),
  ),
  /** Newest first. */
  versions: z.array(marketplaceVersionSchema),
  /** Of the newest version; null when the publisher published without one. */
  example: botExampleSchema.nullable(),
  my_rating: z
    .object({ rating: z.number().int(), comment: z.string().nullable(), updated_at: z.string() })
    .nullable(),
});
export type MarketplaceBotDetail = z.infer<typeof marketplaceBotDetailSchema>;
export const marketplaceBotDetailResponseSchema = z.object({ data: marketplaceBotDetailSchema });

/** POST …/subscribe, …/unsubscribe, …/update: the message and the subscription after it. */
export const subscriptionResponseSchema = z.object({
  message: z.string(),
  data: marketplaceSubscriptionSchema.nullable(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** PUT /api/marketplace/bots/{botId}/rating: one rating per company per bot (replaces the last). */
export const ratingBodySchema = z.object(
  {
    rating: z
      .number({ error: MARKETPLACE_MESSAGES.ratingRange })
      .int({ error: MARKETPLACE_MESSAGES.ratingRange })
      .min(MARKETPLACE_LIMITS.ratingMin, { error: MARKETPLACE_MESSAGES.ratingRange })
      .max(MARKETPLACE_LIMITS.ratingMax, { error: MARKETPLACE_MESSAGES.ratingRange }),
    comment: z
      .string()
      .trim()
      .max(MARKETPLACE_LIMITS.commentMax, { error: MARKETPLACE_MESSAGES.commentMaxed })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
  },
  { error: MESSAGES.invalidValue },
);
export type RatingBody = z.infer<typeof ratingBodySchema>;

export const ratingSchema = z.object({
  company_id: z.uuid(),
  company_name: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** GET …/ratings?page: newest first, with the summary and the count per star (index 0 = 1 star). */
export const ratingListQuerySchema = z.object({ page: pageSchema });
export const ratingListResponseSchema = z.object({
  data: z.object({
    items: z.array(ratingSchema),
    count: z.number().int(),
    summary: ratingSummarySchema.extend({ distribution: z.array(z.number().int()).length(5) }),
  }),
});
export type RatingListResponse = z.infer<typeof ratingListResponseSchema>;

/** PUT …/rating answers the message only. */
export const ratingSavedResponseSchema = z.object({ message: z.string() });

/** POST …/reply answers the message and the rating with its reply. */
export const ratingReplyResponseSchema = z.object({ message: z.string(), data: ratingSchema });

/** POST …/deprecate answers the message and the version with its deprecation. */
export const deprecateResponseSchema = z.object({
  message: z.string(),
  data: marketplaceVersionSchema,
});
export type DeprecateResponse = z.infer<typeof deprecateResponseSchema>;

/** POST /api/publisher/bots/{botId}/ratings/{companyId}/reply */
export const ratingReplyBodySchema = z.object(
  {
    reply: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, { error: MESSAGES.required })
      .max(MARKETPLACE_LIMITS.replyMax, { error: MARKETPLACE_MESSAGES.replyMaxed }),
  },
  { error: MESSAGES.invalidValue },
);
export const ratingReplyParamsSchema = z.object({
  botId: z.uuid({ error: MESSAGES.invalidValue }),
  companyId: z.uuid({ error: MESSAGES.invalidValue }),
});

/** POST /api/publisher/bots/{botId}/versions/{number}/deprecate */
export const deprecateParamsSchema = z.object({
  botId: z.uuid({ error: MESSAGES.invalidValue }),
  number: z.coerce.number({ error: MESSAGES.invalidValue }).int().min(1),
});
export const deprecateBodySchema = z.object(
  {
    /** YYYY-MM-DD, at least MARKETPLACE_LIMITS.deprecationMinDays after today (UTC). */
    retires_on: z.string({ error: MESSAGES.required }).regex(/^\d{4}-\d{2}-\d{2}$/, {
      error: MESSAGES.invalidValue,
    }),
    note: z
      .string()
      .trim()
      .max(MARKETPLACE_LIMITS.deprecationNoteMax, { error: MARKETPLACE_MESSAGES.noteMaxed })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
  },
  { error: MESSAGES.invalidValue },
);
export type DeprecateBody = z.infer<typeof deprecateBodySchema>;

/** GET /api/company/bot-deprecations: the banners of the company's deprecated pins. */
export const companyDeprecationSchema = z.object({
  bot_id: z.uuid(),
  bot_name: z.string(),
  version: z.number().int(),
  newest_version: z.number().int(),
  retires_on: z.string(),
  note: z.string().nullable(),
});
export type CompanyDeprecation = z.infer<typeof companyDeprecationSchema>;
export const companyDeprecationsResponseSchema = z.object({
  data: z.array(companyDeprecationSchema),
});

export const marketplaceBotsPath = '/api/marketplace/bots';
export const marketplaceBotPath = (id: string) => `/api/marketplace/bots/${id}`;
export const marketplaceSubscribePath = (id: string) => `/api/marketplace/bots/${id}/subscribe`;
export const marketplaceUnsubscribePath = (id: string) => `/api/marketplace/bots/${id}/unsubscribe`;
export const marketplaceUpdatePath = (id: string) => `/api/marketplace/bots/${id}/update`;
export const marketplaceRatingPath = (id: string) => `/api/marketplace/bots/${id}/rating`;
export const marketplaceRatingsPath = (id: string) => `/api/marketplace/bots/${id}/ratings`;
export const marketplacePublisherPath = (id: string) => `/api/marketplace/publishers/${id}`;
export const companyDeprecationsPath = '/api/company/bot-deprecations';
export const publisherBotRatingsPath = (id: string) => `/api/publisher/bots/${id}/ratings`;
export const publisherRatingReplyPath = (botId: string, companyId: string) =>
  `/api/publisher/bots/${botId}/ratings/${companyId}/reply`;
export const deprecateVersionPath = (botId: string, number: number) =>
  `/api/publisher/bots/${botId}/versions/${number}/deprecate`;
