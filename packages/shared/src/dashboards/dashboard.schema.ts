import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { MONTH_VALUE_PATTERN } from './month';

/**
 * Dashboards: GET /api/company/dashboard and GET /api/publisher/dashboard. The server
 * answers base counts for the chosen month and the month before; the KPIs (ratios, changes) are
 * pure functions of them (kpis.ts), so one formula serves the page, the tests and the e-mails.
 */

/** ?month=MM/01/YYYY (the month picker's value); absent means this month, company time. */
export const dashboardQuerySchema = z.object({
  month: z.string().regex(MONTH_VALUE_PATTERN, MESSAGES.invalidValue).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** One bar or slice of a chart, one row of a top-5 list. */
export const keyValueSchema = z.object({
  /** The row's id (user, customer, bot, company) for links; null for a bucket like 'Unassigned'. */
  id: z.string().nullable(),
  key: z.string(),
  value: z.number(),
});
export type KeyValue = z.infer<typeof keyValueSchema>;

/** A company's (or one technician's) month, in base counts. Money in integer cents. */
export const companyTotalsSchema = z.object({
  interactions: z.number().int(),
  field_recordings: z.number().int(),
  recorded_seconds: z.number(),
  csr_calls: z.number().int(),
  /** Calls the CRM typed Booked or Unbooked (lead calls); Excused, NotLead, Abandoned are not. */
  lead_calls: z.number().int(),
  booked_calls: z.number().int(),
  completed_jobs: z.number().int(),
  /** Completed jobs with no field recording linked to them. */
  unrecorded_jobs: z.number().int(),
  revenue_cents: z.number().int(),
  /** Finished bot results (success or failed). */
  bot_runs: z.number().int(),
  successful_runs: z.number().int(),
  /** Successful results where at least one output tag found something (data not null). */
  positive_runs: z.number().int(),
});
export type CompanyTotals = z.infer<typeof companyTotalsSchema>;

/** This month's metered spend against the limits (company scope only; same figure as billing). */
export const dashboardSpendSchema = z.object({
  spent_cents: z.number().int(),
  /** US dollars a month, as the capacity form stores them; null when not set. */
  soft_capacity: z.number().nullable(),
  hard_capacity: z.number().nullable(),
});
export type DashboardSpend = z.infer<typeof dashboardSpendSchema>;

/** An unbooked lead call of the month, to review. */
export const unbookedCallSchema = z.object({
  interaction_id: z.uuid(),
  customer_id: z.uuid(),
  customer_name: z.string(),
  /** The call's number (CRM call id). */
  number: z.string(),
  started_at: z.string(),
  duration_seconds: z.number().nullable(),
  agent_name: z.string().nullable(),
});
export type UnbookedCall = z.infer<typeof unbookedCallSchema>;

/** A technician's completed job of the month with no field recording linked to it. */
export const unrecordedJobSchema = z.object({
  job_id: z.uuid(),
  job_number: z.string(),
  customer_id: z.uuid(),
  customer_name: z.string(),
  completed_at: z.string(),
});
export type UnrecordedJob = z.infer<typeof unrecordedJobSchema>;

/** How often a bot found something: "Plan offered on 7 of 18 visits". */
export const botFindingSchema = z.object({
  id: z.string(),
  key: z.string(),
  /** Successful runs where an output tag found something. */
  found: z.number().int(),
  /** Finished runs of the bot in the scope (one per interaction or job it read). */
  runs: z.number().int(),
});
export type BotFinding = z.infer<typeof botFindingSchema>;

export const DASHBOARD_SCOPES = ['company', 'technician'] as const;

export const companyDashboardSchema = z.object({
  /** The month shown, MM/01/YYYY, and its period in the company's timezone. */
  month: z.string(),
  period: z.string(),
  timezone: z.string(),
  /** 'technician': a field technician's own figures; 'company': everyone's. */
  scope: z.enum(DASHBOARD_SCOPES),
  current: companyTotalsSchema,
  previous: companyTotalsSchema,
  /** Null for a technician (spend is the admins' concern). */
  spend: dashboardSpendSchema.nullable(),
  top: z.object({
    technicians_by_recordings: z.array(keyValueSchema),
    technicians_by_unrecorded_jobs: z.array(keyValueSchema),
    /** value in cents. */
    customers_by_revenue: z.array(keyValueSchema),
    bots_by_runs: z.array(keyValueSchema),
    unbooked_calls: z.array(unbookedCallSchema),
    /** Technician scope: their newest completed jobs without a recording; empty for a company. */
    unrecorded_jobs: z.array(unrecordedJobSchema),
    /** Each bot that ran in the scope, most runs first (at most DASHBOARD_CHART_MAX_BARS). */
    bot_findings: z.array(botFindingSchema),
  }),
  charts: z.object({
    interactions_per_technician: z.array(keyValueSchema),
    /** keys: 'Field Recording', 'CSR Call'. */
    interaction_types: z.array(keyValueSchema),
    /** keys: 'Booked', 'Unbooked', 'Other' (calls that were not lead calls). */
    call_outcomes: z.array(keyValueSchema),
  }),
  /** When the rollups were last brought up to date (ISO), so the page can say how fresh it is. */
  refreshed_at: z.string(),
});
export type CompanyDashboard = z.infer<typeof companyDashboardSchema>;
export const companyDashboardResponseSchema = z.object({ data: companyDashboardSchema });

/** A publisher's month over all its clients. Money in integer cents. */
export const publisherTotalsSchema = z.object({
  /** Clients with at least one run of the publisher's bots in the month. */
  active_clients: z.number().int(),
  runs: z.number().int(),
  successful_runs: z.number().int(),
  /** What clients were charged: estimated cost plus markup. */
  client_cost_cents: z.number().int(),
  estimated_cost_cents: z.number().int(),
  /** Companies that subscribed to one of the publisher's bots in the month. */
  new_subscriptions: z.number().int(),
});
export type PublisherTotals = z.infer<typeof publisherTotalsSchema>;

export const publisherDashboardSchema = z.object({
  month: z.string(),
  period: z.string(),
  current: publisherTotalsSchema,
  previous: publisherTotalsSchema,
  top: z.object({
    bots_by_runs: z.array(keyValueSchema),
    /** value: client cost in cents. */
    bots_by_revenue: z.array(keyValueSchema),
    /** value: client cost in cents. */
    clients_by_spend: z.array(keyValueSchema),
  }),
  charts: z.object({
    runs_per_bot: z.array(keyValueSchema),
    runs_per_client: z.array(keyValueSchema),
  }),
  refreshed_at: z.string(),
});
export type PublisherDashboard = z.infer<typeof publisherDashboardSchema>;
export const publisherDashboardResponseSchema = z.object({ data: publisherDashboardSchema });

/** Top-5 lists (spec §1) and the chart buckets: at most this many rows (charts fold the rest). */
export const DASHBOARD_TOP_N = 5;
export const DASHBOARD_CHART_MAX_BARS = 10;
export const DASHBOARD_OTHERS_KEY = 'Others';
export const DASHBOARD_UNASSIGNED_KEY = 'Unassigned';
export const DASHBOARD_EMPTY_MESSAGE = 'There is no data to show, please try a different timeline';

export const companyDashboardPath = '/api/company/dashboard';
export const publisherDashboardPath = '/api/publisher/dashboard';
