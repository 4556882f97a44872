import { sql } from 'drizzle-orm';
import {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  INTERACTION_TYPES,
  type AlertRecipientRole,
} from '@fieldbot/shared';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { botResults, bots } from './bots.js';
import { interactions, jobs } from './interactions.js';
import { companies } from './organisations.js';
import { users } from './users.js';

/**
 * Alerts (ADR 029). Exactly once per (rule, finding) rests on two unique keys: alerts
 * (rule_id, finding_key) and alert_notifications (alert_id, user_id). Workers insert ON CONFLICT
 * DO NOTHING and mail/publish only what is still unmarked (emailed_at, published_at), so a
 * retried job, a second worker or a re-run bot adds nothing.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    condition: text('condition', { enum: ALERT_CONDITIONS }).notNull(),
    botId: uuid('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    tagLabel: text('tag_label'),
    interactionType: text('interaction_type', { enum: INTERACTION_TYPES }),
    spendCents: integer('spend_cents'),
    recipientRoles: text('recipient_roles').array().$type<AlertRecipientRole[]>().notNull(),
    recipientUserIds: uuid('recipient_user_ids').array().notNull(),
    channel: text('channel', { enum: ALERT_CHANNELS }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_rules_company_idx').on(t.companyId, t.createdAt),
    index('alert_rules_bot_idx')
      .on(t.botId)
      .where(sql`${t.enabled}`),
  ],
);

/** One per rule and finding: 'interaction:<id>', 'customer:<id>', 'job:<id>', 'spend:<YYYY-MM>'. */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    findingKey: text('finding_key').notNull(),
    summary: text('summary').notNull(),
    interactionId: uuid('interaction_id').references(() => interactions.id, {
      onDelete: 'set null',
    }),
    botResultId: uuid('bot_result_id').references(() => botResults.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    evidenceSeconds: doublePrecision('evidence_seconds'),
    /** The web page that shows the evidence (the interaction at its moment, a customer, …). */
    link: text('link'),
    /** Set once alert.fired is published (the event is deduplicated on the alert id too). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('alerts_rule_finding_idx').on(t.ruleId, t.findingKey)],
);

/** A user's 7:00 digest of one local date: the durable mark that it is sent once. */
export const alertDigests = pgTable(
  'alert_digests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /** Set once its e-mail is queued; a digest claimed but not queued is queued by the next tick. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('alert_digests_user_date_idx').on(t.userId, t.localDate)],
);

export const alertNotifications = pgTable(
  'alert_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** False when the user muted the rule's in-app alerts (kept for the e-mail's bookkeeping). */
    inApp: boolean('in_app').notNull(),
    emailMode: text('email_mode', { enum: ['none', 'immediate', 'digest'] }).notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    digestId: uuid('digest_id').references(() => alertDigests.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_notifications_alert_user_idx').on(t.alertId, t.userId),
    index('alert_notifications_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.inApp}`),
    index('alert_notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.inApp} and ${t.readAt} is null`),
    index('alert_notifications_digest_idx')
      .on(t.companyId, t.userId)
      .where(sql`${t.emailMode} = 'digest' and ${t.digestId} is null`),
  ],
);

/** A user's own choice per rule (no row: both on); e-mail off is also what unsubscribe sets. */
export const alertPreferences = pgTable(
  'alert_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull().default(true),
    inApp: boolean('in_app').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ruleId] })],
);
