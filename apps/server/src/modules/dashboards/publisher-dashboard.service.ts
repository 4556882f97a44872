import {
  DASHBOARD_TOP_N,
  MESSAGES,
  isFutureMonth,
  millicentsToCents,
  monthPeriod,
  parseMonthValue,
  periodOf,
  periodMonth,
  periodRange,
  previousMonth,
  toMonthValue,
  type PublisherDashboard,
  type PublisherTotals,
  type User,
  type YearMonth,
} from '@fieldbot/shared';
import type { Db } from '../../db/client.js';
import { fieldError } from '../../lib/errors.js';
import type {
  PublisherDashboardRepo,
  PublisherDashboardRows,
  PublisherMonths,
  PublisherMonthSums,
  PublisherShare,
} from './publisher-dashboard.repo.js';
import { rankedDesc, withOthers } from './ranking.js';
import { freshPublisherRollupVersion } from './rollup-refresh.js';
import { createVersionedCache, type VersionedCache } from './versioned-cache.js';

/** Rollup days a publisher view may recompute before answering (two months of many clients). */
const REFRESH_MAX_DAYS = 300;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The month asked for (absent: this UTC month) and the one before. Publisher months are UTC
 * (a publisher's clients span timezones); a future month is a 422 on `month`.
 */
export function publisherMonths(
  value: string | undefined,
  now: Date,
): { month: YearMonth; range: PublisherMonths } {
  const month = value ? parseMonthValue(value) : periodMonth(periodOf(now, 'UTC'));
  // isFutureMonth reads local fields: hand it this UTC month's first day as a local date.
  const utcNow = new Date(now.getUTCFullYear(), now.getUTCMonth(), 1);
  if (!month || isFutureMonth(month, utcNow)) throw fieldError('month', MESSAGES.invalidValue);
  const current = periodRange(monthPeriod(month), 'UTC');
  const previous = periodRange(monthPeriod(previousMonth(month)), 'UTC');
  return {
    month,
    range: {
      previousFirstDay: utcDay(previous.start),
      firstDay: utcDay(current.start),
      lastDay: utcDay(new Date(current.end.getTime() - 1)),
      previousStart: previous.start,
      start: current.start,
      end: current.end,
    },
  };
}

const runsOf = (rows: PublisherShare[]) =>
  rankedDesc(rows.map((r) => ({ id: r.id, key: r.name, value: r.runs })));
const centsOf = (rows: PublisherShare[]) =>
  rankedDesc(
    rows.map((r) => ({
      id: r.id,
      key: r.name,
      value: millicentsToCents(r.client_cost_millicents),
    })),
  );

/** Each amount is a sum of millicents rounded to cents once (as the clients page does). */
function totals(sums: PublisherMonthSums): PublisherTotals {
  const { estimated_millicents, client_cost_millicents, ...counts } = sums;
  return {
    ...counts,
    estimated_cost_cents: millicentsToCents(estimated_millicents),
    client_cost_cents: millicentsToCents(client_cost_millicents),
  };
}

export type PublisherDashboardService = ReturnType<typeof createPublisherDashboardService>;

export function createPublisherDashboardService(deps: {
  db: Db;
  repo: PublisherDashboardRepo;
  now?: () => Date;
  /** The rollup figures by publisher, month and the publisher's rollup version. */
  cache?: VersionedCache<PublisherDashboardRows>;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? (() => new Date());
  const cache = deps.cache ?? createVersionedCache<PublisherDashboardRows>();

  return {
    /** The publisher's month over all its clients, from the bot rollups. */
    async month(user: User, value: string | undefined): Promise<PublisherDashboard> {
      const { month, range } = publisherMonths(value, now());
      // The route guard admits publisher roles only, so a publisher is there.
      const publisherId = user.publisher!.id;
      // Read-through: the months' dirty days of every client first, so the version (and the
      // answer cached by it) is exact; one read when nothing is dirty.
      const version = await freshPublisherRollupVersion(
        db,
        publisherId,
        { from: range.previousFirstDay, to: range.lastDay },
        REFRESH_MAX_DAYS,
      );
      const key = [publisherId, monthPeriod(month), version];
      let rows = cache.get(key);
      if (!rows) {
        rows = await repo.month(publisherId, range);
        cache.set(key, rows);
      }
      const [previousSubscriptions, newSubscriptions] = await repo.newSubscriptions(
        publisherId,
        range,
      );
      const bots = runsOf(rows.bots);
      const clients = runsOf(rows.clients);
      return {
        month: toMonthValue(month),
        period: monthPeriod(month),
        current: totals({ ...rows.current, new_subscriptions: newSubscriptions }),
        previous: totals({ ...rows.previous, new_subscriptions: previousSubscriptions }),
        top: {
          bots_by_runs: bots.slice(0, DASHBOARD_TOP_N),
          bots_by_revenue: centsOf(rows.bots).slice(0, DASHBOARD_TOP_N),
          clients_by_spend: centsOf(rows.clients).slice(0, DASHBOARD_TOP_N),
        },
        charts: { runs_per_bot: withOthers(bots), runs_per_client: withOthers(clients) },
        refreshed_at: now().toISOString(),
      };
    },
  };
}
