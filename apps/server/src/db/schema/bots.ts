import { sql } from 'drizzle-orm';
import {
  BOT_COLORS,
  HOLD_REASONS,
  BOT_ENGINES,
  BOT_RUN_STATUSES,
  BOT_RUN_TARGETS,
  BOT_RUN_TYPES,
  BOT_STATUSES,
  BOT_TRIGGER_EVENTS,
  BOT_TRIGGERS,
  BOT_VISIBILITIES,
  BOT_MARK_KINDS,
  FEEDBACK_VERDICTS,
  type BotExample,
  type OutputTag,
  type OutputTagDefinition,
  type ResponseTag,
} from '@fieldbot/shared';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, publishers } from './organisations.js';
import { customers, interactions, jobs } from './interactions.js';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A reference document's extracted text, frozen with each version ("Reference files"). */
export interface BotReferenceText {
  file_id: string;
  name: string;
  text: string;
}

/** A publisher's bot: the editable draft. Publishing freezes it into bot_versions. */
export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    color: text('color', { enum: BOT_COLORS }).notNull(),
    trigger: text('trigger', { enum: BOT_TRIGGERS }).notNull(),
    triggerEvent: text('trigger_event', { enum: BOT_TRIGGER_EVENTS }).notNull(),
    outputTags: jsonb('output_tags').$type<OutputTagDefinition[]>().notNull(),
    engine: text('engine', { enum: BOT_ENGINES }).notNull(),
    visibility: text('visibility', { enum: BOT_VISIBILITIES }).notNull().default('marketplace'),
    status: text('status', { enum: BOT_STATUSES }).notNull().default('draft'),
    latestVersion: integer('latest_version'),
    /** Set when the draft is edited after the latest publish. */
    hasUnpublishedChanges: boolean('has_unpublished_changes').notNull().default(true),
    /** The publisher's price per run in cents (the run's estimated cost adds the engine cost). */
    pricePerRunCents: integer('price_per_run_cents').notNull().default(5),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Marketplace counters, kept in the same transaction as the company_bots / bot_ratings row
     * that changes them, so search can sort by popularity and rating without aggregating.
     */
    subscribersCount: integer('subscribers_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** When the newest version was published (marketplace 'newest' sort). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * The marketplace's price order at the publisher's default markup: price_per_run_cents ×
     * (100 + markup_percent), set by triggers on bots and publishers (migration 0019), so the
     * price sort reads an index instead of sorting every listed bot.
     */
    marketPriceKey: bigint('market_price_key', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bots_publisher_updated_idx').on(t.publisherId, t.updatedAt, t.id),
    index('bots_publisher_status_idx').on(t.publisherId, t.status, t.updatedAt),
    /** Marketplace browse: published bots by popularity. */
    index('bots_market_popular_idx')
      .on(t.subscribersCount, t.id)
      .where(sql`${t.status} = 'published'`),
    /**
     * The marketplace's count and filters read only this (index-only scans, bench:marketplace):
     * every column a listing filters or sorts on, for listed bots only.
     */
    index('bots_market_listing_idx')
      .on(
        t.publisherId,
        t.id,
        t.visibility,
        t.trigger,
        t.subscribersCount,
        t.ratingSum,
        t.ratingCount,
        t.pricePerRunCents,
      )
      .where(sql`${t.status} = 'published' and ${t.latestVersion} is not null`),
    /** Marketplace keyword search: ILIKE '%kw%' on listed bots' names and descriptions. */
    index('bots_market_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .where(sql`${t.status} = 'published' and ${t.latestVersion} is not null`),
    index('bots_market_description_trgm_idx')
      .using('gin', sql`${t.description} gin_trgm_ops`)
      .where(sql`${t.status} = 'published' and ${t.latestVersion} is not null`),
    /** The marketplace's price sort for clients without a markup override of its publisher. */
    index('bots_market_price_idx')
      .on(t.marketPriceKey, t.id)
      .where(sql`${t.status} = 'published' and ${t.latestVersion} is not null`),
    /** The marketplace's rating sort (the same expression and tie order as the repo's). */
    index('bots_market_rating_idx')
      .on(
        sql`(${t.ratingSum}::float8 / nullif(${t.ratingCount}, 0)) desc nulls last`,
        sql`${t.id} desc`,
      )
      .where(sql`${t.status} = 'published' and ${t.latestVersion} is not null`),
  ],
);

/** Reference documents of a bot's draft (at most 3); copied into each version's reference_texts. */
export const botFiles = pgTable(
  'bot_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bot_files_bot_name_idx').on(t.botId, t.name)],
);

/** Immutable published versions; a run records the one it used. */
export const botVersions = pgTable(
  'bot_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    color: text('color', { enum: BOT_COLORS }).notNull(),
    trigger: text('trigger', { enum: BOT_TRIGGERS }).notNull(),
    triggerEvent: text('trigger_event', { enum: BOT_TRIGGER_EVENTS }).notNull(),
    outputTags: jsonb('output_tags').$type<OutputTagDefinition[]>().notNull(),
    engine: text('engine', { enum: BOT_ENGINES }).notNull(),
    referenceTexts: jsonb('reference_texts').$type<BotReferenceText[]>().notNull().default([]),
    changelog: text('changelog').notNull(),
    publishedById: uuid('published_by_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The publisher's test run stored at publish: the marketplace example. */
    example: jsonb('example').$type<BotExample>(),
    /** Deprecation: on retires_on (YYYY-MM-DD, UTC) pins move to the newest version. */
    deprecatedAt: timestamp('deprecated_at', { withTimezone: true }),
    deprecatedById: uuid('deprecated_by_id').references(() => users.id, { onDelete: 'set null' }),
    retiresOn: text('retires_on'),
    deprecationNote: text('deprecation_note'),
    /** Set once the subscribed companies' admins have been e-mailed (the mails are queued once). */
    deprecationNotifiedAt: timestamp('deprecation_notified_at', { withTimezone: true }),
    /** Set once every pin has moved off this version. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bot_versions_bot_number_idx').on(t.botId, t.number),
    index('bot_versions_retiring_idx')
      .on(t.retiresOn)
      .where(sql`${t.retiresOn} is not null and ${t.retiredAt} is null`),
  ],
);

/** One rating per company per bot, with the publisher's optional reply. */
export const botRatings = pgTable(
  'bot_ratings',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    ratedById: uuid('rated_by_id').references(() => users.id, { onDelete: 'set null' }),
    reply: text('reply'),
    repliedById: uuid('replied_by_id').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.botId] }),
    index('bot_ratings_bot_idx').on(t.botId, t.updatedAt),
    check('bot_ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Which bots a company may run, pinned to a version (a newer one is offered, never forced). */
export const companyBots = pgTable(
  'company_bots',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => botVersions.id),
    subscribedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.botId] }),
    index('company_bots_bot_idx').on(t.botId),
    index('company_bots_version_idx').on(t.versionId),
  ],
);

/** A past-interactions back-run: one bot over a date range, as one job per interaction. */
export const botBackRuns = pgTable(
  'bot_back_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    status: text('status', { enum: ['running', 'completed', 'cancelled'] })
      .notNull()
      .default('running'),
    total: integer('total').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('bot_back_runs_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * One Run Bots request or one automatic trigger, over one target (a customer or an interaction).
 * Status: running until every result has finished; then success, completed (some failed) or failed.
 */
export const botRuns = pgTable(
  'bot_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: BOT_RUN_TARGETS }).notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    interactionId: uuid('interaction_id').references(() => interactions.id, {
      onDelete: 'cascade',
    }),
    /** The completed job that triggered an automatic job-complete run. */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    runType: text('run_type', { enum: BOT_RUN_TYPES }).notNull(),
    runById: uuid('run_by_id').references(() => users.id, { onDelete: 'set null' }),
    backRunId: uuid('back_run_id').references(() => botBackRuns.id, { onDelete: 'set null' }),
    /**
     * Makes an automatic run idempotent: e.g. `interaction.completed:<interaction id>`; unique per
     * company, so a redelivered event finds the existing run.
     */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: BOT_RUN_STATUSES }).notNull().default('running'),
    errorMessage: text('error_message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    executionSeconds: doublePrecision('execution_seconds'),
  },
  (t) => [
    uniqueIndex('bot_runs_dedupe_idx').on(t.companyId, t.dedupeKey),
    index('bot_runs_interaction_idx').on(t.interactionId, t.startedAt),
    index('bot_runs_customer_idx').on(t.customerId, t.startedAt),
    index('bot_runs_company_started_idx').on(t.companyId, t.startedAt),
    index('bot_runs_back_run_idx').on(t.backRunId),
  ],
);

/**
 * One bot's result within a run: created 'running' with the run, finished exactly once by its job
 * (unique per run and bot, so a duplicated job finds the row and does nothing).
 */
export const botResults = pgTable(
  'bot_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => botRuns.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => botVersions.id),
    status: text('status', { enum: ['running', 'success', 'failed'] })
      .notNull()
      .default('running'),
    errorMessage: text('error_message'),
    /** The transcript text the offsets point into. */
    transcriptText: text('transcript_text'),
    rawResponse: text('raw_response'),
    outputTags: jsonb('output_tags').$type<OutputTag[]>(),
    /** Without verdicts: reviewer marks live in bot_result_feedback. */
    responseTags: jsonb('response_tags').$type<Omit<ResponseTag, 'verdict'>[]>(),
    unmatchedQuotes: integer('unmatched_quotes').notNull().default(0),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    /**
     * Thousandths of a cent, integer: one LLM answer often costs well under a cent, so whole cents
     * per result would overcharge; billing sums these and rounds once per invoice.
     */
    costMillicents: integer('cost_millicents').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** Why the result waits instead of running (hard capacity reached, payment due). */
    pausedReason: text('paused_reason', { enum: HOLD_REASONS }),
    startedAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Outbox of bot_result.completed: set once the event is published. A result finished but not
     * published (the worker died in between) is published when its job is delivered again.
     */
    completionPublishedAt: timestamp('completion_published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bot_results_run_bot_idx').on(t.runId, t.botId),
    index('bot_results_company_finished_idx').on(t.companyId, t.finishedAt),
    index('bot_results_version_idx').on(t.versionId),
    index('bot_results_paused_idx')
      .on(t.companyId)
      .where(sql`${t.pausedReason} is not null`),
  ],
);

/** Metering: one row per finished result (billing and dashboards read this). */
export const botUsage = pgTable(
  'bot_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * Null once the result is deleted (retention or a customer's deletion, issue 27): the run
     * stays metered and invoiced, anonymously.
     */
    resultId: uuid('result_id')
      .unique()
      .references(() => botResults.id, { onDelete: 'set null' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => botVersions.id),
    engine: text('engine', { enum: BOT_ENGINES }).notNull(),
    /** The bot's publisher, so a publisher's clients and runs are one index range. */
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    tokensIn: integer('tokens_in').notNull(),
    tokensOut: integer('tokens_out').notNull(),
    costMillicents: integer('cost_millicents').notNull(),
    /** Only successful results are charged. */
    billable: boolean('billable').notNull().default(false),
    /** Markup applied when metered (the publisher's, or the client's override). */
    markupPercent: integer('markup_percent').notNull().default(0),
    /** The run's estimated cost (price per run + engine cost) before markup; 0 when not billable. */
    estimatedMillicents: integer('estimated_millicents').notNull().default(0),
    /** What the company pays for this run: (price per run + engine cost) × (1 + markup). */
    clientCostMillicents: integer('client_cost_millicents').notNull().default(0),
    recordedAt: createdAt(),
  },
  (t) => [
    index('bot_usage_company_idx').on(t.companyId, t.recordedAt),
    index('bot_usage_bot_idx').on(t.botId, t.recordedAt),
    /**
     * A publisher's runs by client and month: the amounts are in the key so the list
     * is an index-only scan instead of a heap fetch per run (bench:marketplace).
     */
    index('bot_usage_publisher_idx').on(
      t.publisherId,
      t.recordedAt,
      t.companyId,
      t.billable,
      t.estimatedMillicents,
      t.clientCostMillicents,
    ),
  ],
);

/**
 * A publisher's clients' metered runs per UTC month, kept by statement triggers on bot_usage
 * (migration 0019) in the writer's transaction: the clients list sums one row per client instead
 * of every run of the month.
 */
export const publisherClientMonths = pgTable(
  'publisher_client_months',
  {
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    monthStart: timestamp('month_start', { withTimezone: true }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Billable (successful) runs, as the list counts them. */
    runs: integer('runs').notNull().default(0),
    estimatedMillicents: bigint('estimated_millicents', { mode: 'number' }).notNull().default(0),
    clientCostMillicents: bigint('client_cost_millicents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.monthStart, t.companyId] })],
);

/**
 * A publisher's UTC month over all its clients: the clients list's totals without summing a month
 * row per client. Kept by the same statement trigger as publisher_client_months (every metered
 * run's company is the publisher's client: subscribing makes it one and nothing removes one).
 */
export const publisherMonths = pgTable(
  'publisher_months',
  {
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    monthStart: timestamp('month_start', { withTimezone: true }).notNull(),
    runs: integer('runs').notNull().default(0),
    estimatedMillicents: bigint('estimated_millicents', { mode: 'number' }).notNull().default(0),
    clientCostMillicents: bigint('client_cost_millicents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.monthStart] })],
);

/** A reviewer's mark on one response tag of a result. */
export const botResultFeedback = pgTable(
  'bot_result_feedback',
  {
    resultId: uuid('result_id')
      .notNull()
      .references(() => botResults.id, { onDelete: 'cascade' }),
    tagPosition: integer('tag_position').notNull(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => botVersions.id),
    verdict: text('verdict', { enum: FEEDBACK_VERDICTS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.resultId, t.tagPosition] }),
    index('bot_result_feedback_version_idx').on(t.versionId),
  ],
);

/**
 * A reviewer's mark on a result: words a tag missed, or a response tag marked correct or wrong
 * (mirroring bot_result_feedback). Each is a labelled example of the version that ran: the
 * sentence of the transcript holding the words and who said it. `shared_sentence` is that sentence
 * redacted, set only when the company shared marks at the time of marking; it is all of a
 * company's transcript a publisher ever reads.
 */
export const botMarks = pgTable(
  'bot_marks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => botVersions.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    resultId: uuid('result_id')
      .notNull()
      .references(() => botResults.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull(),
    kind: text('kind', { enum: BOT_MARK_KINDS }).notNull(),
    /** Correct and wrong marks: the response tag's position (bot_result_feedback.tag_position). */
    tagPosition: integer('tag_position'),
    /** UTF-16 offsets into the result's transcript_text; `index_end` exclusive. */
    indexStart: integer('index_start').notNull(),
    indexEnd: integer('index_end').notNull(),
    text: text('text').notNull(),
    sentence: text('sentence').notNull(),
    speakerSide: text('speaker_side', { enum: ['agent', 'customer'] }),
    sharedSentence: text('shared_sentence'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    /** The same words marked missed twice are one mark. */
    uniqueIndex('bot_marks_missed_idx')
      .on(t.resultId, t.tagId, t.indexStart, t.indexEnd)
      .where(sql`${t.kind} = 'missed'`),
    /** One verdict per response tag, like bot_result_feedback. */
    uniqueIndex('bot_marks_feedback_idx')
      .on(t.resultId, t.tagPosition)
      .where(sql`${t.tagPosition} is not null`),
    index('bot_marks_result_idx').on(t.resultId),
    index('bot_marks_company_idx').on(t.companyId),
    /** Per-tag accuracy of a bot's versions: an index-only count. */
    index('bot_marks_bot_idx').on(t.botId, t.versionId, t.tagId, t.kind),
    /** The shared examples of a bot (worst misses, publish comparison). */
    index('bot_marks_shared_idx')
      .on(t.botId)
      .where(sql`${t.sharedSentence} is not null`),
    check('bot_marks_span', sql`${t.indexEnd} > ${t.indexStart}`),
    check('bot_marks_position', sql`(${t.kind} = 'missed') = (${t.tagPosition} is null)`),
  ],
);
