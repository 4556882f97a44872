import {
  boolean,
  doublePrecision,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyTypes, industries, timezones } from './reference.js';

export const companies = pgTable('companies', {
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
  softCapacity: doublePrecision('soft_capacity'),
  hardCapacity: doublePrecision('hard_capacity'),
  isBillingConnected: boolean('is_billing_connected').notNull().default(false),
  isCrmConnected: boolean('is_crm_connected').notNull().default(false),
  isPaymentDue: boolean('is_payment_due').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const publishers = pgTable('publishers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  /** Added to the estimated cost of each run of this publisher's bots (spec §1 client cost). */
  markupPercent: integer('markup_percent').notNull().default(20),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
