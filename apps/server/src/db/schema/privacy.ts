import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organisations.js';
import { users } from './users.js';

/**
 * Issue 27 §4: one privacy request (a customer's export or deletion, a company's deletion). The
 * deletion job's pg-boss id is this row's id, so a duplicated job finds the row done. The row holds
 * counts, never the deleted data; customer_id is a plain column because the customer goes.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['customer_export', 'customer_deletion', 'company_deletion'],
    }).notNull(),
    customerId: uuid('customer_id'),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was removed, by kind (interactions, audio files, …): numbers only. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('privacy_requests_company_idx').on(t.companyId, t.createdAt)],
);
