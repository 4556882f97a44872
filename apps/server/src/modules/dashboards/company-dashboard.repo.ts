import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { NO_TECHNICIAN } from '../../db/schema/index.js';

/**
 * The company dashboard's reads (ADR 019): sums over the day rollups of a month, and
 * the one raw read, the newest unbooked calls (interactions_company_started_idx). A technician
 * scope narrows every rollup read to rows keyed by that technician.
 */

/** Inclusive local days 'YYYY-MM-DD'. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DashboardScope {
  companyId: string;
  /** users.id of a field technician; null for the whole company. */
  technicianId: string | null;
}

/** Base counts of one month as the rollups hold them, plus the seconds billing meters. */
export interface TotalsRow {
  interactions: number;
  field_recordings: number;
  recorded_seconds: number;
  csr_calls: number;
  lead_calls: number;
  booked_calls: number;
  completed_jobs: number;
  unrecorded_jobs: number;
  revenue_cents: number;
  billed_seconds: number;
  bot_runs: number;
  successful_runs: number;
  positive_runs: number;
}

export interface TechnicianRow {
  id: string;
  name: string;
  interactions: number;
  field_recordings: number;
  unrecorded_jobs: number;
}

export interface NamedValue {
  id: string;
  name: string;
  value: number;
}

export interface BotRow {
  id: string;
  name: string;
  runs: number;
  /** Successful runs where an output tag found something. */
  positive_runs: number;
  client_cost_millicents: number;
}

/** A completed job of the month that no field recording is linked to. */
export interface UnrecordedJobRow {
  job_id: string;
  job_number: string;
  customer_id: string;
  customer_name: string;
  completed_at: string;
}

export interface UnbookedCallRow {
  interaction_id: string;
  customer_id: string;
  customer_name: string;
  number: string;
  started_at: string;
  duration_seconds: number | null;
  agent_name: string | null;
}

export type CompanyDashboardRepo = ReturnType<typeof createCompanyDashboardRepo>;

const TOTAL_COLUMNS: (keyof TotalsRow)[] = [
  'interactions',
  'field_recordings',
  'recorded_seconds',
  'csr_calls',
  'lead_calls',
  'booked_calls',
  'completed_jobs',
  'unrecorded_jobs',
  'revenue_cents',
  'billed_seconds',
  'bot_runs',
  'successful_runs',
  'positive_runs',
];

function numbers<T extends object>(row: Record<string, unknown>, keys: (keyof T)[]): T {
  const out: Record<string, number> = {};
  for (const key of keys) out[key as string] = Number(row[key as string] ?? 0);
  return out as T;
}

/** company_id, the day range and, for a technician, technician_key: the rollups' key prefix. */
function rollupFilter(scope: DashboardScope, days: DayRange): SQL {
  const tech = scope.technicianId ? sql` and technician_key = ${scope.technicianId}` : sql``;
  return sql`company_id = ${scope.companyId} and day >= ${days.from}::date and day <= ${days.to}::date${tech}`;
}

/**
 * The bot rollup a scope reads: per technician for a technician, else the company rows summed over
 * technicians (a company-wide month is then a bot's ~31 rows, not ~31 per technician).
 */
function botDays(scope: DashboardScope): SQL {
  return scope.technicianId ? sql`dashboard_bot_days` : sql`dashboard_company_bot_days`;
}

export function createCompanyDashboardRepo(db: Db) {
  return {
    /**
     * Both months' totals in one statement: the technician and bot rollups of the two months,
     * split by `day >= current.from`. Answers { current, previous }, zeros where a month is empty.
     */
    async totals(scope: DashboardScope, current: DayRange, previous: DayRange) {
      const span = { from: previous.from, to: current.to };
      const result = await db.execute(sql`
        with t as (
          select day >= ${current.from}::date as cur,
            sum(interactions) as interactions, sum(field_recordings) as field_recordings,
            sum(recorded_seconds) as recorded_seconds, sum(csr_calls) as csr_calls,
            sum(lead_calls) as lead_calls, sum(booked_calls) as booked_calls,
            sum(completed_jobs) as completed_jobs, sum(unrecorded_jobs) as unrecorded_jobs,
            sum(revenue_cents) as revenue_cents, sum(billed_seconds) as billed_seconds
          from dashboard_technician_days where ${rollupFilter(scope, span)}
          group by 1
        ), b as (
          select day >= ${current.from}::date as cur, sum(runs) as bot_runs,
            sum(successful_runs) as successful_runs, sum(positive_runs) as positive_runs
          from ${botDays(scope)} where ${rollupFilter(scope, span)}
          group by 1
        )
        select coalesce(t.cur, b.cur) as cur, t.interactions, t.field_recordings,
          -- Milliseconds: day sums of doubles differ from one raw sum in the last digits.
          round(t.recorded_seconds::numeric, 3)::float8 as recorded_seconds,
          t.csr_calls, t.lead_calls, t.booked_calls,
          t.completed_jobs, t.unrecorded_jobs, t.revenue_cents,
          t.billed_seconds::float8 as billed_seconds, b.bot_runs, b.successful_runs, b.positive_runs
        from t full join b on b.cur = t.cur`);
      const rows = rowsOf<Record<string, unknown>>(result);
      const month = (cur: boolean) =>
        numbers<TotalsRow>(rows.find((r) => Boolean(r.cur) === cur) ?? {}, TOTAL_COLUMNS);
      return { current: month(true), previous: month(false) };
    },

    /** Technicians with anything in the month (NO_TECHNICIAN and deleted users left out). */
    async technicians(scope: DashboardScope, days: DayRange): Promise<TechnicianRow[]> {
      const result = await db.execute(sql`
        select u.id, u.name, r.interactions, r.field_recordings, r.unrecorded_jobs from (
          select technician_key, sum(interactions) as interactions,
            sum(field_recordings) as field_recordings, sum(unrecorded_jobs) as unrecorded_jobs
          from dashboard_technician_days
          where ${rollupFilter(scope, days)} and technician_key <> ${NO_TECHNICIAN}::uuid
          group by technician_key
        ) r join users u on u.id = r.technician_key`);
      return rowsOf<Record<string, unknown>>(result).map((r) => ({
        id: String(r.id),
        name: String(r.name),
        ...numbers<Omit<TechnicianRow, 'id' | 'name'>>(r, [
          'interactions',
          'field_recordings',
          'unrecorded_jobs',
        ]),
      }));
    },

    /** The month's top customers by revenue of completed jobs (cents, > 0), ties by name. */
    async customersByRevenue(
      scope: DashboardScope,
      days: DayRange,
      limit: number,
    ): Promise<NamedValue[]> {
      // A company month reads the month rollup's revenue index: the top rows down to the last
      // value that makes the cut (ties included), then names order the ties.
      const ranked = scope.technicianId
        ? sql`select customer_id, sum(revenue_cents) as value from dashboard_customer_days
            where ${rollupFilter(scope, days)}
            group by customer_id having sum(revenue_cents) > 0`
        : sql`select customer_id, revenue_cents as value from dashboard_customer_months m
            where company_id = ${scope.companyId} and month = ${days.from}::date
              and revenue_cents >= (
                select coalesce(min(revenue_cents), 1) from (
                  select revenue_cents from dashboard_customer_months
                  where company_id = ${scope.companyId} and month = ${days.from}::date
                    and revenue_cents > 0
                  order by revenue_cents desc limit ${limit}) cut)`;
      const result = await db.execute(sql`
        select c.id, c.name, r.value from (${ranked}) r join customers c on c.id = r.customer_id
        order by r.value desc, c.name, c.id
        limit ${limit}`);
      return rowsOf<Record<string, unknown>>(result).map((r) => ({
        id: String(r.id),
        name: String(r.name),
        value: Number(r.value),
      }));
    },

    /** Runs and client cost per bot in the month (the top list, and spend's per-bot lines). */
    async bots(scope: DashboardScope, days: DayRange): Promise<BotRow[]> {
      const result = await db.execute(sql`
        select b.id, b.name, r.runs, r.positive_runs, r.client_cost_millicents from (
          select bot_id, sum(runs) as runs, sum(positive_runs) as positive_runs,
            sum(client_cost_millicents) as client_cost_millicents
          from ${botDays(scope)} where ${rollupFilter(scope, days)}
          group by bot_id
        ) r join bots b on b.id = r.bot_id`);
      return rowsOf<Record<string, unknown>>(result).map((r) => ({
        id: String(r.id),
        name: String(r.name),
        runs: Number(r.runs),
        positive_runs: Number(r.positive_runs),
        client_cost_millicents: Number(r.client_cost_millicents),
      }));
    },

    /**
     * A technician's newest completed jobs in [start, end) without a field recording: the list
     * behind their coverage (jobs_technician_idx, then each job's recordings by job_id).
     */
    async unrecordedJobs(
      companyId: string,
      technicianId: string,
      range: { start: Date; end: Date },
      limit: number,
    ): Promise<UnrecordedJobRow[]> {
      const result = await db.execute(sql`
        select j.id as job_id, j.job_number, j.customer_id, c.name as customer_name, j.completed_at
        from jobs j join customers c on c.id = j.customer_id
        where j.technician_id = ${technicianId} and j.company_id = ${companyId}
          and j.status = 'completed'
          and j.completed_at >= ${range.start.toISOString()}::timestamptz
          and j.completed_at < ${range.end.toISOString()}::timestamptz
          and not exists (select 1 from interactions r
            where r.job_id = j.id and r.type = 'field-recording')
        order by j.completed_at desc, j.id desc
        limit ${limit}`);
      return rowsOf<Record<string, unknown>>(result).map((r) => ({
        job_id: String(r.job_id),
        job_number: String(r.job_number),
        customer_id: String(r.customer_id),
        customer_name: String(r.customer_name),
        completed_at: new Date(r.completed_at as string | Date).toISOString(),
      }));
    },

    /** The newest unbooked calls started in [start, end): a backward walk of the company's index. */
    async unbookedCalls(
      companyId: string,
      range: { start: Date; end: Date },
      limit: number,
    ): Promise<UnbookedCallRow[]> {
      const result = await db.execute(sql`
        select i.id as interaction_id, i.customer_id, c.name as customer_name, i.number,
          i.started_at, i.duration_seconds, i.agent_name
        from interactions i join customers c on c.id = i.customer_id
        where i.company_id = ${companyId} and i.started_at >= ${range.start.toISOString()}::timestamptz
          and i.started_at < ${range.end.toISOString()}::timestamptz
          and i.type = 'csr-call' and i.call_type = 'Unbooked'
        order by i.started_at desc, i.id desc
        limit ${limit}`);
      return rowsOf<Record<string, unknown>>(result).map((r) => ({
        interaction_id: String(r.interaction_id),
        customer_id: String(r.customer_id),
        customer_name: String(r.customer_name),
        number: String(r.number),
        started_at: new Date(r.started_at as string | Date).toISOString(),
        duration_seconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
        agent_name: r.agent_name === null ? null : String(r.agent_name),
      }));
    },
  };
}
