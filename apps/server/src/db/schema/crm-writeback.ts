import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyBots, botResults, bots } from './bots.js';
import { companyIntegrations } from './integrations.js';
import { companies } from './organisations.js';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A company admin's "Write results to CRM" switch, per subscribed bot (ADR 032). Goes with the
 * subscription: unsubscribing deletes it.
 */
export const crmWritebackSettings = pgTable(
  'crm_writeback_settings',
  {
    companyId: uuid('company_id').notNull(),
    botId: uuid('bot_id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.botId] }),
    foreignKey({
      columns: [t.companyId, t.botId],
      foreignColumns: [companyBots.companyId, companyBots.botId],
    }).onDelete('cascade'),
  ],
);

export const CRM_WRITEBACK_STATUSES = ['pending', 'written', 'failed'] as const;

/**
 * One bot's note on one target in the CRM: `target_key` is `interaction:<id>` or `job:<id>` (a
 * customer-target run). Unique per (company, bot, target), so a re-run updates the row (and its
 * note) instead of adding one; `content_hash` and `result_id` make the same result twice a no-op.
 */
export const crmWritebacks = pgTable(
  'crm_writebacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    targetKey: text('target_key').notNull(),
    /** The CRM the note was written to: a note in another CRM than today's is no previous note. */
    companyIntegrationId: uuid('company_integration_id').references(() => companyIntegrations.id, {
      onDelete: 'set null',
    }),
    /** Where the note is in the CRM ('job' | 'customer') and that record's CRM id. */
    crmTargetKind: text('crm_target_kind', { enum: ['job', 'customer'] }),
    crmTargetId: text('crm_target_id'),
    /** The CRM's note id; null before the first write, or when the CRM gives none (ServiceTitan job notes). */
    noteId: text('note_id'),
    /** The result last written (or being written). */
    resultId: uuid('result_id').references(() => botResults.id, { onDelete: 'set null' }),
    /** sha256 of the note text written (without its reference line). */
    contentHash: text('content_hash'),
    status: text('status', { enum: CRM_WRITEBACK_STATUSES }).notNull().default('pending'),
    lastError: text('last_error'),
    /** A worker writes this note until then: two results of one target never write at once. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    writtenAt: timestamp('written_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_writebacks_target_idx').on(t.companyId, t.botId, t.targetKey),
    index('crm_writebacks_integration_idx').on(t.companyIntegrationId, t.status),
  ],
);

/**
 * Write-backs that gave up since the integration's last successful one: what the integration card
 * shows ("Couldn't write 3 results to ServiceTitan: …"). A successful write deletes the row.
 */
export const crmWritebackFailures = pgTable('crm_writeback_failures', {
  companyIntegrationId: uuid('company_integration_id')
    .primaryKey()
    .references(() => companyIntegrations.id, { onDelete: 'cascade' }),
  failedCount: integer('failed_count').notNull().default(0),
  lastError: text('last_error').notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
});

/**
 * The Demo CRM's notes: its world is generated from a seed, so the notes written to it are the
 * one thing it keeps, here (providers/crm/demo DemoNoteStore).
 */
export const demoCrmNotes = pgTable(
  'demo_crm_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyIntegrationId: uuid('company_integration_id')
      .notNull()
      .references(() => companyIntegrations.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind', { enum: ['job', 'customer'] }).notNull(),
    targetExternalId: text('target_external_id').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_crm_notes_integration_idx').on(t.companyIntegrationId, t.updatedAt)],
);
