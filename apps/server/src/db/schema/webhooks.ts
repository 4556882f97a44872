import { WEBHOOK_ENDPOINT_STATUSES } from '@fieldbot/shared';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organisations.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A company's webhook endpoint. The signing secret is sealed (lib/secret-box.ts, purpose
 * 'webhook-secrets'); after a rotation the previous one is kept until previous_secret_expires_at
 * and deliveries are signed with both.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    status: text('status', { enum: WEBHOOK_ENDPOINT_STATUSES }).notNull().default('enabled'),
    disabledAt: at('disabled_at'),
    /** Set once the admins were e-mailed about an automatic disable (the mail is sent once). */
    disabledNotifiedAt: at('disabled_notified_at'),
    /** The last 2xx answer: a message that exhausts its retries disables only without one since. */
    lastSuccessAt: at('last_success_at'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * One event for one endpoint: unique per (endpoint, event type, event id), so a duplicated event
 * or a retried fan-out finds the row instead of making a second. Its id is the delivery job's id
 * and, as msg_<hex>, the webhook-id header of every attempt. The body is fixed at fan-out, so
 * every attempt sends the same bytes.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    eventId: text('event_id').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (t) => [uniqueIndex('webhook_messages_event_unique').on(t.endpointId, t.eventType, t.eventId)],
);

/** The delivery log: one row per attempt (unique per message and attempt number). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: ['delivered', 'failed'] }).notNull(),
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: at('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_attempt_unique').on(t.messageId, t.attempt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.attemptedAt),
  ],
);
