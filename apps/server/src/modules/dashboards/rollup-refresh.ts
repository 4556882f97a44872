import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { NO_TECHNICIAN } from '../../db/schema/index.js';

/**
 * Recomputes dashboard rollups of dirty (company, local day) marks from the raw rows (ADR 019).
 * Each batch claims its marks (FOR UPDATE SKIP LOCKED, so the job and a page view never work on the
 * same day at once), deletes the days' rollup rows and inserts them again in one transaction: a
 * retried or duplicated refresh writes the same rows. A write that lands meanwhile marks its day
 * again (its trigger waits for the claim to commit), so the next refresh picks it up.
 */

export interface RefreshScope {
  companyId?: string;
  /** Inclusive local days, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

/** Days per transaction: short enough that a writer waiting on a claimed mark waits little. */
export const REFRESH_BATCH_DAYS = 16;

interface DirtyDay {
  company_id: string;
  day: string;
}

/** Refreshes dirty days within the scope, at most `maxDays`; answers how many it recomputed. */
export async function refreshDirtyDays(
  db: Db,
  scope: RefreshScope = {},
  maxDays = Number.POSITIVE_INFINITY,
): Promise<number> {
  // A view usually finds nothing dirty: one read instead of a transaction's three round trips.
  if (!(await anyDirty(db, scope))) return 0;
  return refreshClaimedDays(db, scope, maxDays);
}

/**
 * A company's rollup version after its dirty days within the scope are refreshed: one read when
 * nothing is dirty. A cached answer keyed by it is as fresh as recomputing (company-dashboard.cache.ts).
 */
export async function freshRollupVersion(
  db: Db,
  scope: RefreshScope & { companyId: string },
  maxDays: number,
): Promise<number> {
  const version = sql`select version from dashboard_versions where company_id = ${scope.companyId}`;
  return freshVersion(db, scope, version, maxDays);
}

/**
 * A publisher's rollup version after every client's dirty days within the scope are refreshed:
 * one read when nothing is dirty (versioned-cache.ts).
 */
export async function freshPublisherRollupVersion(
  db: Db,
  publisherId: string,
  scope: RefreshScope,
  maxDays: number,
): Promise<number> {
  const version = sql`select version from publisher_dashboard_versions where publisher_id = ${publisherId}`;
  return freshVersion(db, scope, version, maxDays);
}

async function freshVersion(db: Db, scope: RefreshScope, version: SQL, maxDays: number) {
  const state = await versionState(db, scope, version);
  if (!state.dirty) return state.version;
  await refreshClaimedDays(db, scope, maxDays);
  return (await versionState(db, scope, version)).version;
}

async function versionState(db: Db, scope: RefreshScope, version: SQL) {
  const [row] = rowsOf<{ dirty: boolean; version: string | number | null }>(
    await db.execute(sql`select
      exists (select 1 from dashboard_dirty_days where ${scopeFilter(scope)}) as dirty,
      (${version}) as version`),
  );
  return { dirty: Boolean(row?.dirty), version: Number(row?.version ?? 0) };
}

async function refreshClaimedDays(db: Db, scope: RefreshScope, maxDays: number): Promise<number> {
  let done = 0;
  while (done < maxDays) {
    const batch = Math.min(REFRESH_BATCH_DAYS, maxDays - done);
    const claimed = await db.transaction(async (tx) => {
      const days = await claim(tx, scope, batch);
      const publishers = new Set<string>();
      for (const d of days) {
        for (const id of await recomputeDay(tx, d.company_id, d.day)) publishers.add(id);
      }
      const months = new Set(days.map((d) => `${d.company_id}|${d.day.slice(0, 7)}-01`));
      for (const key of months) {
        const [companyId, month] = key.split('|') as [string, string];
        await recomputeCustomerMonth(tx, companyId, month);
      }
      await bumpVersions(tx, [...new Set(days.map((d) => d.company_id))]);
      await bumpPublisherVersions(tx, [...publishers]);
      return days.length;
    });
    done += claimed;
    if (claimed < batch) break;
  }
  return done;
}

/** Companies whose rollups changed get a new version (cached answers keyed by the old one expire). */
async function bumpVersions(tx: Db, companyIds: string[]): Promise<void> {
  if (companyIds.length === 0) return;
  await tx.execute(sql`insert into dashboard_versions (company_id, version)
    values ${sql.join(
      companyIds.map((id) => sql`(${id}::uuid, 1)`),
      sql`, `,
    )}
    on conflict (company_id) do update set version = dashboard_versions.version + 1`);
}

/**
 * Publishers whose bots' day rows changed get a new version (publisher-dashboard.cache.ts). In id
 * order, last in the transaction: two refreshes lock the rows in the same order.
 */
async function bumpPublisherVersions(tx: Db, publisherIds: string[]): Promise<void> {
  if (publisherIds.length === 0) return;
  await tx.execute(sql`insert into publisher_dashboard_versions (publisher_id, version)
    values ${sql.join(
      [...publisherIds].sort().map((id) => sql`(${id}::uuid, 1)`),
      sql`, `,
    )}
    on conflict (publisher_id) do update set version = publisher_dashboard_versions.version + 1`);
}

function scopeFilter(scope: RefreshScope): SQL {
  const filters: SQL[] = [sql`true`];
  if (scope.companyId) filters.push(sql`company_id = ${scope.companyId}`);
  if (scope.from) filters.push(sql`day >= ${scope.from}::date`);
  if (scope.to) filters.push(sql`day <= ${scope.to}::date`);
  return sql.join(filters, sql` and `);
}

async function anyDirty(db: Db, scope: RefreshScope): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await db.execute(
      sql`select exists (select 1 from dashboard_dirty_days where ${scopeFilter(scope)}) as found`,
    ),
  );
  return Boolean(row?.found);
}

async function claim(tx: Db, scope: RefreshScope, limit: number): Promise<DirtyDay[]> {
  const result = await tx.execute(sql`
    with claimed as (
      select company_id, day from dashboard_dirty_days
      where ${scopeFilter(scope)}
      order by company_id, day
      limit ${limit}
      for update skip locked
    )
    delete from dashboard_dirty_days d using claimed c
    where d.company_id = c.company_id and d.day = c.day
    returning d.company_id, to_char(d.day, 'YYYY-MM-DD') as day`);
  const days = rowsOf<DirtyDay>(result);
  // Marks of a deleted company (its rows cascaded away) are dropped with nothing to recompute.
  if (days.length === 0) return days;
  const live = rowsOf<{ id: string }>(
    await tx.execute(
      sql`select id from companies where id in (${sql.join(
        [...new Set(days.map((d) => d.company_id))].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  const exists = new Set(live.map((r) => r.id));
  return days.filter((d) => exists.has(d.company_id));
}

/** The day's bounds in the company's zone, as a CTE every statement below starts with. */
function bounds(companyId: string, day: string): SQL {
  return sql`with b as (
    select (${day}::date)::timestamp at time zone z as lo,
           (${day}::date + 1)::timestamp at time zone z as hi
    from (select dashboard_zone(${companyId}::uuid) as z) zone
  )`;
}

/**
 * Rebuilds one company-day of every rollup table from the raw rows; answers the publishers whose
 * bots' rows for the day were there before or are there now.
 */
export async function recomputeDay(tx: Db, companyId: string, day: string): Promise<string[]> {
  const none = sql`${NO_TECHNICIAN}::uuid`;
  for (const table of [
    'dashboard_technician_days',
    'dashboard_customer_days',
    'dashboard_bot_days',
  ]) {
    await tx.execute(
      sql`delete from ${sql.identifier(table)} where company_id = ${companyId} and day = ${day}::date`,
    );
  }
  const before = rowsOf<{ publisher_id: string }>(
    await tx.execute(sql`delete from dashboard_company_bot_days
      where company_id = ${companyId} and day = ${day}::date returning publisher_id`),
  );

  await tx.execute(sql`${bounds(companyId, day)}
    insert into dashboard_technician_days (company_id, day, technician_key, interactions,
      field_recordings, recorded_seconds, csr_calls, lead_calls, booked_calls, completed_jobs,
      unrecorded_jobs, revenue_cents, billed_seconds)
    select ${companyId}, ${day}::date, tech, sum(n), sum(rec), sum(secs), sum(calls), sum(leads),
      sum(booked), sum(jobs), sum(unrecorded), sum(revenue), sum(billed)
    from (
      select coalesce(i.recorded_by_id, ${none}) as tech, 1 as n,
        (i.type = 'field-recording')::int as rec, coalesce(i.duration_seconds, 0) as secs,
        (i.type = 'csr-call')::int as calls,
        (i.type = 'csr-call' and i.call_type is not null)::int as leads,
        (i.type = 'csr-call' and i.call_type = 'Booked')::int as booked,
        0 as jobs, 0 as unrecorded, 0::bigint as revenue, 0::float8 as billed
      from interactions i, b
      where i.company_id = ${companyId} and i.started_at >= b.lo and i.started_at < b.hi
      union all
      select coalesce(j.technician_id, ${none}), 0, 0, 0, 0, 0, 0, 1,
        (not exists (select 1 from interactions r
          where r.job_id = j.id and r.type = 'field-recording'))::int,
        round(coalesce(j.revenue, 0) * 100)::bigint, 0
      from jobs j, b
      where j.company_id = ${companyId} and j.status = 'completed'
        and j.completed_at >= b.lo and j.completed_at < b.hi
      union all
      select coalesce(i.recorded_by_id, ${none}), 0, 0, 0, 0, 0, 0, 0, 0, 0, u.seconds
      from usage_records u join interactions i on i.id = u.interaction_id, b
      where u.company_id = ${companyId} and u.recorded_at >= b.lo and u.recorded_at < b.hi
    ) facts
    group by tech`);

  await tx.execute(sql`${bounds(companyId, day)}
    insert into dashboard_customer_days (company_id, day, customer_id, technician_key,
      completed_jobs, revenue_cents)
    select ${companyId}, ${day}::date, j.customer_id, coalesce(j.technician_id, ${none}), count(*),
      sum(round(coalesce(j.revenue, 0) * 100))::bigint
    from jobs j, b
    where j.company_id = ${companyId} and j.status = 'completed'
      and j.completed_at >= b.lo and j.completed_at < b.hi
    group by 3, 4`);

  // A run's technician: who recorded the interaction, else the job's technician.
  await tx.execute(sql`${bounds(companyId, day)}
    insert into dashboard_bot_days (company_id, day, bot_id, technician_key, publisher_id, runs,
      successful_runs, positive_runs, billable_runs, estimated_millicents, client_cost_millicents)
    select ${companyId}, ${day}::date, u.bot_id,
      coalesce(i.recorded_by_id, j.technician_id, ij.technician_id, ${none}), min(u.publisher_id::text)::uuid,
      count(*),
      count(*) filter (where r.status = 'success'),
      count(*) filter (where r.status = 'success'
        and jsonb_path_exists(coalesce(r.output_tags, '[]'::jsonb), '$[*] ? (@.data != null)')),
      count(*) filter (where u.billable),
      coalesce(sum(u.estimated_millicents) filter (where u.billable), 0),
      coalesce(sum(u.client_cost_millicents) filter (where u.billable), 0)
    from bot_usage u
      join bot_results r on r.id = u.result_id
      join bot_runs run on run.id = r.run_id
      left join interactions i on i.id = run.interaction_id
      left join jobs j on j.id = run.job_id
      left join jobs ij on ij.id = i.job_id,
      b
    where u.company_id = ${companyId} and u.created_at >= b.lo and u.created_at < b.hi
    group by 3, 4`);

  const after = rowsOf<{ publisher_id: string }>(
    await tx.execute(sql`
    insert into dashboard_company_bot_days (company_id, day, bot_id, publisher_id, runs,
      successful_runs, positive_runs, billable_runs, estimated_millicents, client_cost_millicents)
    select company_id, day, bot_id, min(publisher_id::text)::uuid, sum(runs), sum(successful_runs),
      sum(positive_runs), sum(billable_runs), sum(estimated_millicents), sum(client_cost_millicents)
    from dashboard_bot_days where company_id = ${companyId} and day = ${day}::date
    group by company_id, day, bot_id
    returning publisher_id`),
  );
  return [...new Set([...before, ...after].map((row) => row.publisher_id))];
}

/**
 * Rebuilds a company's customer revenue of one month (first local day 'YYYY-MM-01') from its day
 * rows. Two refreshes of the same month take turns on an advisory lock, so the second one deletes
 * what the first wrote instead of colliding with it.
 */
export async function recomputeCustomerMonth(tx: Db, companyId: string, month: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`dashboard-month:${companyId}:${month}`}))`,
  );
  await tx.execute(
    sql`delete from dashboard_customer_months where company_id = ${companyId} and month = ${month}::date`,
  );
  await tx.execute(sql`
    insert into dashboard_customer_months (company_id, month, customer_id, completed_jobs,
      revenue_cents)
    select company_id, ${month}::date, customer_id, sum(completed_jobs), sum(revenue_cents)
    from dashboard_customer_days
    where company_id = ${companyId} and day >= ${month}::date
      and day < (${month}::date + interval '1 month')::date
    group by company_id, customer_id`);
}

/** Marks every day of a company dirty (tests, and an operator's full rebuild). */
export async function markCompanyDays(db: Db, companyId: string, from: string, to: string) {
  await db.execute(sql`insert into dashboard_dirty_days (company_id, day)
    select ${companyId}, g::date from generate_series(${from}::date, ${to}::date, interval '1 day') g
    on conflict do nothing`);
}
