import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw-rows';
import type { Db } from '../src/db/client';
import { drainDirtyDays } from '../src/jobs/dashboard-refresh';
import { markCompanyDays, refreshDirtyDays } from '../src/modules/dashboards/rollup-refresh';
import { withDb } from './support/drizzle-db';
import { HOOK_TIMEOUT_MS, useTestApp } from './support/test-app';

/**
 * The dashboard rollups of every company equal a straight count over the raw rows once the
 * dirty marks the triggers left (seed, migrations) are refreshed; a second refresh changes nothing.
 */
const t = useTestApp();

describe('dashboard rollups', () => {
  it(
    'match straight counts over the raw tables after a refresh of the seeded data',
    async () => {
      await withDb(t, async (db) => {
        // The dashboard-refresh job (every minute) may have drained some marks already.
        await refreshDirtyDays(db);
        const left = rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from dashboard_dirty_days`),
        );
        expect(left[0]!.n).toBe(0);

        const rolled = rowsOf<{ interactions: number; calls: number; jobs: number; runs: number }>(
          await db.execute(sql`select
            (select coalesce(sum(interactions), 0)::int from dashboard_technician_days) as interactions,
            (select coalesce(sum(csr_calls), 0)::int from dashboard_technician_days) as calls,
            (select coalesce(sum(completed_jobs), 0)::int from dashboard_technician_days) as jobs,
            (select coalesce(sum(runs), 0)::int from dashboard_bot_days) as runs`),
        )[0]!;
        const raw = rowsOf<typeof rolled>(
          await db.execute(sql`select
            (select count(*)::int from interactions) as interactions,
            (select count(*)::int from interactions where type = 'csr-call') as calls,
            (select count(*)::int from jobs where status = 'completed' and completed_at is not null) as jobs,
            (select count(*)::int from bot_usage) as runs`),
        )[0]!;
        expect(raw.interactions).toBeGreaterThan(0);
        expect(rolled).toEqual(raw);
        expect(await refreshDirtyDays(db)).toBe(0);
      });
    },
    HOOK_TIMEOUT_MS,
  );

  it(
    'writes identical rows when the same days are refreshed again (the job and a read alike)',
    async () => {
      await withDb(t, async (db) => {
        await refreshDirtyDays(db);
        const [acme] = rowsOf<{ id: string; first: string; last: string }>(
          await db.execute(sql`select c.id, to_char(min(d.day), 'YYYY-MM-DD') as first,
              to_char(max(d.day), 'YYYY-MM-DD') as last
            from companies c join dashboard_technician_days d on d.company_id = c.id
            where c.name = 'Acme Home Services' group by c.id`),
        );
        const before = await snapshot(db, acme!.id);
        expect(before.length).toBeGreaterThan(0);
        await markCompanyDays(db, acme!.id, acme!.first, acme!.last);
        expect(await drainDirtyDays(db)).toBeGreaterThan(0);
        expect(await snapshot(db, acme!.id)).toEqual(before);
        await markCompanyDays(db, acme!.id, acme!.first, acme!.last);
        await refreshDirtyDays(db, { companyId: acme!.id });
        expect(await snapshot(db, acme!.id)).toEqual(before);
      });
    },
    HOOK_TIMEOUT_MS,
  );

  it(
    'moves facts to their new local day when the company changes its timezone',
    async () => {
      await withDb(t, async (db) => {
        // 06:30 UTC on 1 March 2025 is 20:30 on 28 February in Honolulu, 01:30 on 1 March in New York.
        const [company] = rowsOf<{ id: string }>(
          await db.execute(sql`insert into companies (name, timezone_id)
            values ('Rebucket Co', 6) returning id`),
        );
        const id = company!.id;
        const [customer] = rowsOf<{ id: string }>(
          await db.execute(sql`insert into customers (company_id, external_id, name, type, active)
            values (${id}, 'EXT-RB', 'Rebucket Customer', 'Residential', true) returning id`),
        );
        await db.execute(sql`insert into interactions (company_id, customer_id, number, type,
            status, started_at, duration_seconds)
          values (${id}, ${customer!.id}, 'R-RB1', 'field-recording', 'completed',
            '2025-03-01T06:30:00Z', 42)`);
        const days = async () =>
          rowsOf<{ day: string; interactions: number }>(
            await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, interactions
              from dashboard_technician_days where company_id = ${id} order by day`),
          );
        await refreshDirtyDays(db, { companyId: id });
        expect(await days()).toEqual([{ day: '2025-02-28', interactions: 1 }]);

        await db.execute(sql`update companies set timezone_id = 1 where id = ${id}`);
        await refreshDirtyDays(db, { companyId: id });
        expect(await days()).toEqual([{ day: '2025-03-01', interactions: 1 }]);
      });
    },
    HOOK_TIMEOUT_MS,
  );
});

/** Every rollup row of a company, in key order. */
async function snapshot(db: Db, companyId: string) {
  const rows = [];
  for (const table of [
    'dashboard_technician_days',
    'dashboard_customer_days',
    'dashboard_bot_days',
    'dashboard_company_bot_days',
    'dashboard_customer_months',
  ]) {
    rows.push(
      ...rowsOf<Record<string, unknown>>(
        await db.execute(
          sql`select ${table} as t, r.* from ${sql.identifier(table)} r
            where company_id = ${companyId} order by 2, 3, 4, 5`,
        ),
      ),
    );
  }
  return rows;
}
