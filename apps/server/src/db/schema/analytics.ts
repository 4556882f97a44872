import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnalyticsProperties } from '@fieldbot/shared';
import { companies, publishers } from './organisations.js';
import { users } from './users.js';

/**
 * First-party analytics (spec §7 events), kept ANALYTICS_RETENTION_DAYS by received_at. Who sent an
 * event comes from the session, never from the browser; company or publisher is the sender's
 * tenant at that moment, so reports per tenant need no join.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    publisherId: uuid('publisher_id').references(() => publishers.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    properties: jsonb('properties').$type<AnalyticsProperties>().notNull(),
    /** The browser's clock: when the user acted. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The server's clock: retention counts from here, so a wrong browser clock cannot keep rows. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_received_idx').on(t.receivedAt),
    index('analytics_events_company_idx').on(t.companyId, t.receivedAt),
    // The per-user hourly cap counts a user's recent rows.
    index('analytics_events_user_idx').on(t.userId, t.receivedAt),
  ],
);
