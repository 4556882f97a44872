import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, publishers } from './organisations.js';
import { roles } from './roles.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    image: text('image'),
    phone: text('phone'),
    crmUserId: text('crm_user_id'),
    displayMode: text('display_mode').notNull().default('light'),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    publisherId: uuid('publisher_id').references(() => publishers.id, { onDelete: 'set null' }),
    /**
     * The publisher whose marketplace link the user signed up through (the referral flow):
     * creating the company makes it that publisher's client.
     */
    referralPublisherId: uuid('referral_publisher_id').references(() => publishers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last login or request (the team list's "last active"), refreshed at most once a minute. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
    /** A CRM technician is one user per company, whatever the sync sees twice. */
    uniqueIndex('users_company_crm_user_idx')
      .on(t.companyId, t.crmUserId)
      .where(sql`${t.crmUserId} is not null`),
    index('users_publisher_idx').on(t.publisherId),
  ],
);
