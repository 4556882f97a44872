import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw-rows';
import { refreshDirtyDays } from '../src/modules/dashboards/rollup-refresh';
import { withDb } from './support/drizzle-db';
import { HOOK_TIMEOUT_MS, useTestApp } from './support/test-app';

/**
 * Issue 13 §4: the rollups of every company equal a straight count over the raw rows once the
 * dirty marks the triggers left (seed, migrations) are refreshed; a second refresh changes nothing.
 */
const t = useTestApp();

describe('dashboard rollups', () => {
  it(
    'match straight counts over the raw tables after a refresh of the seeded data',
    async () => {
      await withDb(t, async (db) => {
        const refreshed = await refreshDirtyDays(db);
        expect(refreshed).toBeGreaterThan(0);
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
});
