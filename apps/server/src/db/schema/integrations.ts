import { INTEGRATION_SLUGS, SYNC_PROCESS_STATUSES } from '@fieldbot/shared';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './organisations.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The CRM entities a sync walks, in this order (later ones refer to earlier ones). */
export const CRM_ENTITIES = ['technicians', 'customers', 'locations', 'jobs', 'calls'] as const;
export type CrmEntity = (typeof CRM_ENTITIES)[number];

export const SYNC_TRIGGERS = ['manual', 'scheduled'] as const;
export const SYNC_RUN_STATUSES = ['queued', 'running', 'success', 'fail'] as const;

/**
 * The catalogue behind GET /api/integration (reference data, fixed ids, seeded at start-up by
 * seedReferenceData). required_fields is spec §3's list of {name, type, placeholder, required}.
 */
export const integrations = pgTable('integrations', {
  id: integer('id').primaryKey(),
  slug: text('slug', { enum: INTEGRATION_SLUGS }).notNull().unique(),
  name: text('name').notNull(),
  subTitle: text('sub_title'),
  groupType: text('group_type').notNull(),
  logo: text('logo'),
  darkLogo: text('dark_logo'),
  requiredFields: jsonb('required_fields').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * A company's connection to one catalogue integration. The saved values (credentials) are one
 * AES-256-GCM sealed JSON object (lib/secret-box.ts); nothing else holds them.
 */
export const companyIntegrations = pgTable(
  'company_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id),
    /** secret-box envelope of JSON {field name: value}. */
    valuesSealed: text('values_sealed').notNull(),
    /** 'on' while scheduled syncs run; 'off' when the admin (or a failing credential) stops them. */
    syncStatus: text('sync_status', { enum: ['on', 'off'] })
      .notNull()
      .default('on'),
    syncProcessStatus: text('sync_process_status', { enum: SYNC_PROCESS_STATUSES }),
    /** A worker holds the company's sync until then (no two syncs of a company overlap). */
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
    lastSyncStartedAt: timestamp('last_sync_started_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
    /** Provider state that outlives a run (e.g. a cached OAuth token, sealed), never credentials in clear. */
    providerState: jsonb('provider_state'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_integrations_company_integration_idx').on(t.companyId, t.integrationId),
  ],
);

/**
 * Where each entity's export stopped (ServiceTitan's continueFrom, the demo CRM's clock). Moved in
 * the same transaction as the batch it follows, so a crash resumes at the first uncommitted page.
 */
export const crmSyncCursors = pgTable(
  'crm_sync_cursors',
  {
    companyIntegrationId: uuid('company_integration_id')
      .notNull()
      .references(() => companyIntegrations.id, { onDelete: 'cascade' }),
    entity: text('entity', { enum: CRM_ENTITIES }).notNull(),
    cursor: text('cursor').notNull(),
    /** Rows written from this entity's pages so far (for the run log and the bench). */
    rowsSynced: integer('rows_synced').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyIntegrationId, t.entity] })],
);

/** One sync of a company (manual or scheduled): what it did and how it ended. */
export const crmSyncRuns = pgTable(
  'crm_sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyIntegrationId: uuid('company_integration_id')
      .notNull()
      .references(() => companyIntegrations.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: SYNC_TRIGGERS }).notNull(),
    status: text('status', { enum: SYNC_RUN_STATUSES }).notNull().default('queued'),
    /** {entity: {created, updated}} */
    counts: jsonb('counts').notNull().default({}),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('crm_sync_runs_integration_idx').on(t.companyIntegrationId, t.createdAt)],
);
