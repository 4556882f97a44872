import { API_KEY_SCOPES } from '@fieldbot/shared';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organisations.js';
import { users } from './users.js';

/**
 * Public API keys (ADR 030). The key is `fbk_<lookup id>_<secret>`; only its SHA-256 is stored,
 * so a database leak hands out no working key. `lookup_id` finds the row; the hash is then
 * compared in constant time.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Public part of the key (hex), unique: the look-up before the hash compare. */
    lookupId: text('lookup_id').notNull().unique(),
    name: text('name').notNull(),
    /** `fbk_<lookup id>`: what the settings page shows to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** hex SHA-256 of the whole key. */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes', { enum: API_KEY_SCOPES }).array().notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: uuid('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_keys_company_created_idx').on(t.companyId, t.createdAt)],
);

/**
 * Per-key request counter of the current fixed window, shared by every server process; one row
 * per key, overwritten when a new window starts, so the table never grows with traffic.
 */
export const apiKeyRateWindows = pgTable('api_key_rate_windows', {
  keyId: uuid('key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
