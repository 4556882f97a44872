import { sql } from 'drizzle-orm';
import { HOLD_REASONS, TRANSCRIPT_ENGINES } from '@fieldbot/shared';
import {
  bigint,
  bigserial,
  customType,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyIntegrations } from './integrations.js';
import { companies } from './organisations.js';
import { users } from './users.js';

/** A PostgreSQL tsvector (read only through SQL; the app never selects it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Keyword search: pg_trgm GIN indexes serve ILIKE '%kw%' on names and ids (substring match,
 * any position); transcripts use full-text search (tsvector GIN, websearch_to_tsquery).
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The CRM's customer id, shown as Customer ID. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['Residential', 'Commercial'] }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Kept by a trigger on jobs, so the list can sort by it. */
    jobsCount: integer('jobs_count').notNull().default(0),
    /**
     * Kept by a trigger on interactions, so an unfiltered Interactions table needs no count(*)
     * over the customer's rows.
     */
    interactionsCount: integer('interactions_count').notNull().default(0),
    /** Issue 27 §1: the customer asked not to be recorded (Record Visit off, uploads refused). */
    doNotRecord: boolean('do_not_record').notNull().default(false),
    /** Issue 27 §2: a legal hold suspends retention deletion for this customer. */
    legalHold: boolean('legal_hold').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_company_external_idx').on(t.companyId, t.externalId),
    index('customers_company_name_idx').on(t.companyId, t.name, t.id),
    index('customers_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('customers_company_jobs_idx').on(t.companyId, t.jobsCount, t.id),
    index('customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('customers_external_trgm_idx').using('gin', sql`${t.externalId} gin_trgm_ops`),
  ],
);

/** A customer's service locations (ServiceTitan locations); jobs happen at one. */
export const customerLocations = pgTable(
  'customer_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The CRM's location id. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    country: text('country'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_locations_company_external_idx').on(t.companyId, t.externalId),
    index('customer_locations_customer_idx').on(t.customerId),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The CRM's job number, shown as Job ID. */
    jobNumber: text('job_number').notNull(),
    technicianId: uuid('technician_id').references(() => users.id, { onDelete: 'set null' }),
    /** The CRM's job id (null for jobs not from a CRM); the sync upserts on it. */
    externalId: text('external_id'),
    locationId: uuid('location_id').references(() => customerLocations.id, {
      onDelete: 'set null',
    }),
    /** scheduled, dispatched, in-progress, hold, completed or canceled (lower-case CRM states). */
    status: text('status').notNull().default('scheduled'),
    revenue: numeric('revenue', { precision: 12, scale: 2 }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Outbox of job.completed: set once the event is published. A completed job with this null is
     * published by the next sync batch (so a crash between commit and publish loses no event).
     */
    completionPublishedAt: timestamp('completion_published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_company_number_idx').on(t.companyId, t.jobNumber),
    uniqueIndex('jobs_company_external_idx')
      .on(t.companyId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('jobs_completion_outbox_idx')
      .on(t.companyId)
      .where(sql`${t.status} = 'completed' and ${t.completionPublishedAt} is null`),
    index('jobs_customer_idx').on(t.customerId),
    index('jobs_technician_idx').on(t.technicianId, t.customerId),
    /** The dashboard refresh reads one day of completed jobs. */
    index('jobs_company_completed_idx')
      .on(t.companyId, t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    index('jobs_number_trgm_idx').using('gin', sql`${t.jobNumber} gin_trgm_ops`),
  ],
);

export const interactions = pgTable(
  'interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** Human id (interaction_id in the API): R-… for recordings, the CRM call id for calls. */
    number: text('number').notNull(),
    type: text('type', { enum: ['field-recording', 'csr-call'] }).notNull(),
    callType: text('call_type', { enum: ['Booked', 'Unbooked'] }),
    status: text('status', { enum: ['completed', 'in-progress', 'paused', 'terminated'] })
      .notNull()
      .default('in-progress'),
    downloadStatus: text('download_status', { enum: ['error', 'in-progress', 'completed'] }),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the visit or call started (the API's created_at / Timestamp). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    durationSeconds: doublePrecision('duration_seconds'),
    /** Storage keys of the uploaded chunks, in order (field recordings). */
    sourceKeys: text('source_keys').array().notNull().default([]),
    /**
     * Where the CRM serves the call recording (CSR calls): an http(s) URL, `storage:<key>`, or, with
     * source_integration_id set, the provider's own recording reference (downloaded with its auth).
     */
    sourceUrl: text('source_url'),
    /** The company integration a synced call came from (its credentials download the recording). */
    sourceIntegrationId: uuid('source_integration_id').references(() => companyIntegrations.id, {
      onDelete: 'set null',
    }),
    /** The CSR agent who took a synced call (shown as Field Team when no user recorded it). */
    agentName: text('agent_name'),
    audioMergeStatus: text('audio_merge_status', {
      enum: ['in-progress', 'error', 'completed'],
    }),
    audioMergeErrorMessage: text('audio_merge_error_message'),
    transcriptStatus: text('transcript_status', { enum: ['in-progress', 'error', 'completed'] }),
    transcriptErrorMessage: text('transcript_error_message'),
    transcriptText: text('transcript_text'),
    transcriptEngine: text('transcript_engine', { enum: TRANSCRIPT_ENGINES }),
    /**
     * The transcript's words for full-text search, kept by PostgreSQL from transcript_text. Stored
     * (not an index expression) so a scan in date order checks a row without re-parsing its text.
     */
    transcriptSearch: tsvector('transcript_search').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(transcript_text, ''))`,
    ),
    /** Why transcription waits (hard capacity reached, payment due); cleared when it resumes. */
    pausedReason: text('paused_reason', { enum: HOLD_REASONS }),
    /** Issue 27 §2: when retention deleted the audio / the transcript and bot results. */
    audioDeletedAt: timestamp('audio_deleted_at', { withTimezone: true }),
    transcriptDeletedAt: timestamp('transcript_deleted_at', { withTimezone: true }),
    /** Issue 27 §3: when the audio was bleeped over the masked ranges. */
    audioBleepedAt: timestamp('audio_bleeped_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interactions_company_number_idx').on(t.companyId, t.number),
    index('interactions_customer_started_idx').on(t.customerId, t.startedAt, t.id),
    index('interactions_customer_type_started_idx').on(t.customerId, t.type, t.startedAt, t.id),
    index('interactions_customer_duration_idx').on(t.customerId, t.durationSeconds, t.id),
    index('interactions_company_started_idx').on(t.companyId, t.startedAt),
    index('interactions_job_idx').on(t.jobId),
    index('interactions_recorded_by_idx').on(t.recordedById),
    index('interactions_paused_idx')
      .on(t.companyId)
      .where(sql`${t.pausedReason} is not null`),
    // A company's CRM calls waiting for transcription: their count ranks the next one's turn.
    index('interactions_synced_transcribing_idx')
      .on(t.companyId)
      .where(sql`${t.transcriptStatus} = 'in-progress' and ${t.sourceIntegrationId} is not null`),
    index('interactions_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    // The words alone, not with the company (btree_gin): in a company of a million interactions
    // the company's own posting list doubled the cost of every search (ADR 027).
    index('interactions_transcript_search_idx').using('gin', t.transcriptSearch),
  ],
);

export const transcriptSegments = pgTable(
  'transcript_segments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    interactionId: uuid('interaction_id')
      .notNull()
      .references(() => interactions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
    speaker: text('speaker').notNull(),
    text: text('text').notNull(),
  },
  (t) => [uniqueIndex('transcript_segments_position_idx').on(t.interactionId, t.position)],
);

/**
 * Issue 27 §1: how the customer's consent to an in-home recording was taken. One per recording;
 * the confirmer's name is kept as text so the record outlives the user.
 */
export const recordingConsents = pgTable('recording_consents', {
  interactionId: uuid('interaction_id')
    .primaryKey()
    .references(() => interactions.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['confirmation', 'notice', 'both'] }).notNull(),
  confirmedById: uuid('confirmed_by_id').references(() => users.id, { onDelete: 'set null' }),
  confirmedByName: text('confirmed_by_name'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The recorded notice's version when one was played (null for confirmation only). */
  noticeVersion: text('notice_version'),
  createdAt: createdAt(),
});

export const audioAssets = pgTable('audio_assets', {
  interactionId: uuid('interaction_id')
    .primaryKey()
    .references(() => interactions.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  format: text('format').notNull(),
  durationSeconds: doublePrecision('duration_seconds').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** Waveform peaks 0..1, at most AUDIO_PEAKS_MAX values. */
  peaks: jsonb('peaks').$type<number[]>().notNull(),
  createdAt: createdAt(),
});

/** Recorded minutes per company, one row per interaction (capacity limits read this). */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /**
     * Null once the interaction is deleted (a customer's deletion, issue 27 §4): the minutes stay
     * billed and counted, with nothing left that points at the customer.
     */
    interactionId: uuid('interaction_id')
      .unique()
      .references(() => interactions.id, { onDelete: 'set null' }),
    seconds: doublePrecision('seconds').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_records_company_idx').on(t.companyId, t.recordedAt)],
);

/**
 * The last recording number handed out per company (R-000001, R-000002…): one row per company,
 * incremented under its row lock, so numbering needs no scan of the interactions table.
 */
export const interactionCounters = pgTable('interaction_counters', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  lastRecordingNumber: bigint('last_recording_number', { mode: 'number' }).notNull(),
});
