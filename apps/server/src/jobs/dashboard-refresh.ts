import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { refreshDirtyDays } from '../modules/dashboards/index.js';

/**
 * ADR 019: every minute, recomputes the dashboard rollups of the days the triggers
 * marked dirty, in short batches (rollup-refresh.ts). Idempotent: a day is claimed with SKIP LOCKED
 * and rebuilt from the raw rows, so a doubled or retried run writes the same rows; a page view
 * refreshes the days it shows itself, so this job only keeps the backlog short.
 */
export const DASHBOARD_REFRESH_QUEUE = 'dashboard-refresh';
export const DASHBOARD_REFRESH_CRON = '* * * * *';
/** Days per run: about a minute's work at most; the next run takes the rest. */
export const DASHBOARD_REFRESH_MAX_DAYS = 2_000;

export async function drainDirtyDays(db: Db, maxDays = DASHBOARD_REFRESH_MAX_DAYS) {
  return refreshDirtyDays(db, {}, maxDays);
}

export async function createDashboardRefreshQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(DASHBOARD_REFRESH_QUEUE, {
    name: DASHBOARD_REFRESH_QUEUE,
    // One run at a time cluster-wide; a missed minute is simply taken by the next.
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 600,
  });
}

export async function registerDashboardRefreshWorker(
  boss: PgBoss,
  deps: { db: Db; logger: Logger },
): Promise<void> {
  // Cluster-wide: pg-boss schedules run once across all worker processes.
  await boss.schedule(DASHBOARD_REFRESH_QUEUE, DASHBOARD_REFRESH_CRON);
  await boss.work(DASHBOARD_REFRESH_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const days = await drainDirtyDays(deps.db);
    if (days > 0) deps.logger.debug({ days }, 'dashboard days refreshed');
  });
}
