import { CLIENT_SOURCES } from '@fieldbot/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyTypes, industries, timezones } from './reference.js';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    streetAddress: text('street_address'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    country: text('country'),
    county: text('county'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    timezoneId: integer('timezone_id').references(() => timezones.id, { onDelete: 'set null' }),
    logo: text('logo'),
    description: text('description'),
    industryId: integer('industry_id').references(() => industries.id, { onDelete: 'set null' }),
    typeId: integer('type_id').references(() => companyTypes.id, { onDelete: 'set null' }),
    trades: integer('trades').array().notNull().default([]),
    fieldTeamProcess: text('field_team_process'),
    phoneProcess: text('phone_process'),
    /** Capacity limits in integer cents (the API speaks dollars with at most two decimals). */
    softCapacityCents: integer('soft_capacity_cents'),
    hardCapacityCents: integer('hard_capacity_cents'),
    isBillingConnected: boolean('is_billing_connected').notNull().default(false),
    isCrmConnected: boolean('is_crm_connected').notNull().default(false),
    isPaymentDue: boolean('is_payment_due').notNull().default(false),
    /** Reviewers' marks reach bot publishers as redacted sentences only while this is on. */
    shareBotExamples: boolean('share_bot_examples').notNull().default(false),
    /** Issue 27 §1: how in-home consent is taken ('confirmation' | 'notice' | 'both'). */
    consentMethod: text('consent_method', { enum: ['confirmation', 'notice', 'both'] })
      .notNull()
      .default('confirmation'),
    /** Issue 27 §2: days audio / transcripts and bot results are kept; null keeps them forever. */
    audioRetentionDays: integer('audio_retention_days'),
    transcriptRetentionDays: integer('transcript_retention_days'),
    /** Issue 27 §3: also mask e-mails / phones (cards, SSNs and bank numbers always are). */
    redactEmails: boolean('redact_emails').notNull().default(false),
    redactPhones: boolean('redact_phones').notNull().default(false),
    /** Issue 27 §3: bleep the audio over the masked time ranges. */
    bleepAudio: boolean('bleep_audio').notNull().default(false),
    /** Issue 27 §6: trade words, brands and models sent to speech-to-text. */
    vocabulary: text('vocabulary').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** A publisher's clients by name: the list walks names in order and stops at the page. */
    index('companies_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    /** The clients list's keyword (ILIKE '%kw%') without reading every company. */
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const publishers = pgTable('publishers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The referral code of the public landing link: generated once, never edited. */
  code: text('code').notNull().unique(),
  /**
   * The default markup added to the estimated cost of each run of this publisher's bots (spec §1
   * client cost); publisher_clients.markup_percent overrides it per client.
   */
  markupPercent: integer('markup_percent').notNull().default(20),
  logo: text('logo'),
  description: text('description'),
  website: text('website'),
  supportEmail: text('support_email'),
  createdById: uuid('created_by_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company that uses a publisher's bots or came through its landing link (the Clients page).
 * Private bots are visible only to clients; markup_percent, when set, overrides the default.
 */
export const publisherClients = pgTable(
  'publisher_clients',
  {
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source', { enum: CLIENT_SOURCES }).notNull(),
    markupPercent: integer('markup_percent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publisherId, t.companyId] }),
    index('publisher_clients_company_idx').on(t.companyId),
  ],
);
