import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, publishers } from './organisations.js';
import { users } from './users.js';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the cookie value: a database leak does not reveal usable session ids. */
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  roleAlias: text('role_alias').notNull(),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  publisherId: uuid('publisher_id').references(() => publishers.id, { onDelete: 'cascade' }),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** Last time the e-mail went out (invite or resend). */
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use e-mailed tokens (verification, password reset): only their SHA-256 is stored. */
function userTokenTable<N extends string>(name: N) {
  return pgTable(name, {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  });
}

export const emailVerificationTokens = userTokenTable('email_verification_tokens');

export const passwordResetTokens = userTokenTable('password_reset_tokens');

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_ip_idx').on(t.email, t.ip, t.at),
    index('login_attempts_ip_idx').on(t.ip, t.at),
  ],
);

/** One row per sign-up request, to limit them per address (account enumeration, mass sign-ups). */
export const signupAttempts = pgTable(
  'signup_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signup_attempts_ip_idx').on(t.ip, t.at), index('signup_attempts_at_idx').on(t.at)],
);

/**
 * Who did what, to which object, when and from where (issue 27 §5). Append-only: a trigger refuses
 * UPDATE (except the user's FK being cleared) and DELETE unless the session sets
 * fieldbot.audit_purge (retention and tenant deletion only). company_id / publisher_id are plain
 * columns, not foreign keys, so the log's tenant survives the tenant's rows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event: text('event').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's e-mail when it happened (the user may be gone later). */
    actorEmail: text('actor_email'),
    companyId: uuid('company_id'),
    publisherId: uuid('publisher_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_company_idx').on(t.companyId, t.at, t.id),
    index('audit_log_publisher_idx').on(t.publisherId, t.at, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);
