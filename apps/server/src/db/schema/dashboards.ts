import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { companies, publishers } from './organisations.js';

/**
 * Dashboard rollups (ADR 019): one row per company, local day (company timezone, the
 * billing month's zone) and technician, so a month view sums at most ~31 rows per technician
 * instead of scanning a month of raw interactions, jobs and results.
 *
 * Freshness: triggers on the fact tables (interactions, jobs, usage_records, bot_usage) mark the
 * (company, day) they touch in dashboard_dirty_days; the refresh recomputes each dirty day from the
 * raw rows (delete + insert in one transaction, so a retried or doubled refresh writes the same
 * rows). The dashboard-refresh job drains the marks every minute and a dashboard read first
 * refreshes the dirty days of the months it shows, so a page never shows stale figures.
 */

/** A technician key for rows with nobody attached (CSR calls, jobs with no technician). */
export const NO_TECHNICIAN = '00000000-0000-0000-0000-000000000000';

const day = () => date('day', { mode: 'string' }).notNull();
const count = (name: string) => integer(name).notNull().default(0);
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
/** A bot's finished results of a day; money for billable runs only (thousandths of a cent). */
const botDayFigures = () => ({
  runs: count('runs'),
  successfulRuns: count('successful_runs'),
  positiveRuns: count('positive_runs'),
  billableRuns: count('billable_runs'),
  estimatedMillicents: money('estimated_millicents'),
  clientCostMillicents: money('client_cost_millicents'),
});

/**
 * (company, local day) whose rollups are out of date. No foreign key: the triggers run while a
 * company is being deleted (cascades), and the refresh drops marks of companies that are gone.
 */
export const dashboardDirtyDays = pgTable(
  'dashboard_dirty_days',
  {
    companyId: uuid('company_id').notNull(),
    day: day(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/** Interactions, calls, completed jobs and billed minutes per company, day and technician. */
export const dashboardTechnicianDays = pgTable(
  'dashboard_technician_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: day(),
    /** users.id, or NO_TECHNICIAN. Not a foreign key: a deleted user's history stays counted. */
    technicianKey: uuid('technician_key').notNull(),
    interactions: count('interactions'),
    fieldRecordings: count('field_recordings'),
    recordedSeconds: doublePrecision('recorded_seconds').notNull().default(0),
    csrCalls: count('csr_calls'),
    leadCalls: count('lead_calls'),
    bookedCalls: count('booked_calls'),
    completedJobs: count('completed_jobs'),
    unrecordedJobs: count('unrecorded_jobs'),
    revenueCents: money('revenue_cents'),
    /** usage_records seconds metered that day (spend, by the billing clock). */
    billedSeconds: doublePrecision('billed_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.technicianKey] })],
);

/** Completed jobs and revenue per company, day, customer and technician (top customers). */
export const dashboardCustomerDays = pgTable(
  'dashboard_customer_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: day(),
    customerId: uuid('customer_id').notNull(),
    technicianKey: uuid('technician_key').notNull(),
    completedJobs: count('completed_jobs'),
    revenueCents: money('revenue_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.customerId, t.technicianKey] }),
    /** A field technician's month (their customers). */
    index('dashboard_customer_days_technician_idx').on(t.companyId, t.technicianKey, t.day),
  ],
);

/**
 * Revenue per company, month and customer (top customers by revenue): a month has a row per
 * customer with a completed job, too many to sum per page view, so each refresh batch rebuilds the
 * months it touched from dashboard_customer_days and the top five is an index range of five rows.
 */
export const dashboardCustomerMonths = pgTable(
  'dashboard_customer_months',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The month's first local day. */
    month: date('month', { mode: 'string' }).notNull(),
    customerId: uuid('customer_id').notNull(),
    completedJobs: count('completed_jobs'),
    revenueCents: money('revenue_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.month, t.customerId] }),
    index('dashboard_customer_months_revenue_idx').on(
      t.companyId,
      t.month,
      sql`${t.revenueCents} desc`,
      t.customerId,
    ),
  ],
);

/** Finished bot results per company, day, bot and technician (by bot_usage's metering clock). */
export const dashboardBotDays = pgTable(
  'dashboard_bot_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: day(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    technicianKey: uuid('technician_key').notNull(),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    ...botDayFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.botId, t.technicianKey] }),
    /** A field technician's month (bots on their interactions). */
    index('dashboard_bot_days_technician_idx').on(t.companyId, t.technicianKey, t.day),
  ],
);

/**
 * dashboard_bot_days summed over technicians (written by the same day refresh): the company-wide
 * view and the publisher's read one row per company, day and bot instead of one per technician.
 */
export const dashboardCompanyBotDays = pgTable(
  'dashboard_company_bot_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: day(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    ...botDayFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.botId] }),
    /** The publisher's month as an index-only range: every figure it sums is in the key. */
    index('dashboard_company_bot_days_publisher_idx').on(
      t.publisherId,
      t.day,
      t.botId,
      t.companyId,
      t.runs,
      t.successfulRuns,
      t.clientCostMillicents,
      t.estimatedMillicents,
    ),
  ],
);

/**
 * A company's rollup version: bumped by every refresh that recomputed one of its days, so a cached
 * dashboard answer keyed by it is valid until its figures change (company-dashboard.cache.ts).
 */
export const dashboardVersions = pgTable('dashboard_versions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * A publisher's rollup version: bumped by every refresh that recomputed a day holding one of its
 * bots' runs, so a cached publisher dashboard keyed by it is valid until its figures change.
 */
export const publisherDashboardVersions = pgTable('publisher_dashboard_versions', {
  publisherId: uuid('publisher_id')
    .primaryKey()
    .references(() => publishers.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
