import {
  DASHBOARD_CHART_MAX_BARS,
  DASHBOARD_TOP_N,
  MESSAGES,
  millicentsToCents,
  minutesChargeCents,
  monthPeriod,
  parseMonthValue,
  periodMonth,
  periodOf,
  periodRange,
  previousMonth,
  toMonthValue,
  type CompanyDashboard,
  type CompanyTotals,
  type KeyValue,
  type User,
  type YearMonth,
  nullableDollars,
} from '@fieldbot/shared';
import type { Db } from '../../db/client.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { viewerScope, type ViewerScope } from '../../lib/viewer-scope.js';
import { createCapacityRepo } from '../capacity/index.js';
import type { CompanyDashboardRepo, DayRange, TotalsRow } from './company-dashboard.repo.js';
import {
  createCompanyDashboardCache,
  type CachedCompanyDashboard,
  type CompanyDashboardCache,
} from './company-dashboard.cache.js';
import { rankedDesc, withOthers } from './ranking.js';
import { freshRollupVersion } from './rollup-refresh.js';

/** Days a read may recompute first (read-through): the two months it shows. */
export const READ_THROUGH_MAX_DAYS = 62;

/** Local days [1st, last] of a month, as the rollups key them. */
export function monthDays({ year, month }: YearMonth): DayRange {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const period = monthPeriod({ year, month });
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}` };
}

/** A pie's slices in their fixed order, zero slices left out (an empty month is an empty pie). */
function slices(entries: [string, number][]): KeyValue[] {
  return entries.filter(([, value]) => value > 0).map(([key, value]) => ({ id: null, key, value }));
}

function companyTotals(row: TotalsRow): CompanyTotals {
  const { billed_seconds: _billed, ...totals } = row;
  void _billed;
  return totals;
}

export type CompanyDashboardService = ReturnType<typeof createCompanyDashboardService>;

export function createCompanyDashboardService(deps: {
  db: Db;
  repo: CompanyDashboardRepo;
  pricePerMinuteCents: number;
  now?: () => Date;
  cache?: CompanyDashboardCache;
}) {
  const { db, repo } = deps;
  const limitsRepo = createCapacityRepo(db);
  const now = deps.now ?? (() => new Date());
  const cache = deps.cache ?? createCompanyDashboardCache();

  /** The month's figures from the rollups (everything but the limits spend is shown against). */
  async function compute(
    scope: ViewerScope,
    month: YearMonth,
    zone: string,
  ): Promise<CachedCompanyDashboard> {
    const current = monthDays(month);
    const previous = monthDays(previousMonth(month));

    const totals = await repo.totals(scope, current, previous);
    const technicians = await repo.technicians(scope, current);
    const customers = await repo.customersByRevenue(scope, current, DASHBOARD_TOP_N);
    const bots = await repo.bots(scope, current);
    const company = scope.technicianId === null;
    const range = periodRange(monthPeriod(month), zone);
    const unbooked = company
      ? await repo.unbookedCalls(scope.companyId, range, DASHBOARD_TOP_N)
      : [];
    const unrecorded =
      scope.technicianId === null
        ? []
        : await repo.unrecordedJobs(scope.companyId, scope.technicianId, range, DASHBOARD_TOP_N);

    // The capacity endpoint's formula: billed minutes once, each bot's cost rounded once.
    const spentCents =
      minutesChargeCents(totals.current.billed_seconds, deps.pricePerMinuteCents) +
      bots.reduce((sum, b) => sum + millicentsToCents(b.client_cost_millicents), 0);
    const t = totals.current;
    const techValues = (pick: (r: (typeof technicians)[number]) => number) =>
      technicians.map((r) => ({ id: r.id, key: r.name, value: pick(r) }));

    return {
      spentCents,
      answer: {
        month: toMonthValue(month),
        period: monthPeriod(month),
        timezone: zone,
        scope: company ? 'company' : 'technician',
        current: companyTotals(totals.current),
        previous: companyTotals(totals.previous),
        top: {
          technicians_by_recordings: rankedDesc(techValues((r) => r.field_recordings)).slice(
            0,
            DASHBOARD_TOP_N,
          ),
          technicians_by_unrecorded_jobs: rankedDesc(techValues((r) => r.unrecorded_jobs)).slice(
            0,
            DASHBOARD_TOP_N,
          ),
          customers_by_revenue: customers.map((c) => ({ id: c.id, key: c.name, value: c.value })),
          bots_by_runs: rankedDesc(
            bots.map((b) => ({ id: b.id, key: b.name, value: b.runs })),
          ).slice(0, DASHBOARD_TOP_N),
          unbooked_calls: unbooked,
          unrecorded_jobs: unrecorded,
          bot_findings: bots
            .filter((b) => b.runs > 0)
            .map((b) => ({ id: b.id, key: b.name, found: b.positive_runs, runs: b.runs }))
            .sort((a, b) => b.runs - a.runs || a.key.localeCompare(b.key))
            .slice(0, DASHBOARD_CHART_MAX_BARS),
        },
        charts: {
          interactions_per_technician: withOthers(rankedDesc(techValues((r) => r.interactions))),
          interaction_types: slices([
            ['Field Recording', t.field_recordings],
            ['CSR Call', t.csr_calls],
          ]),
          call_outcomes: slices([
            ['Booked', t.booked_calls],
            ['Unbooked', t.lead_calls - t.booked_calls],
            ['Other', t.csr_calls - t.lead_calls],
          ]),
        },
      },
    };
  }

  return {
    /** GET /api/company/dashboard: the month (default: this month, company time) and the one before. */
    async dashboard(user: User, monthValue: string | undefined): Promise<CompanyDashboard> {
      const scope = viewerScope(user);
      const limits = await limitsRepo.companyLimits(scope.companyId);
      if (!limits) throw notFound();
      const zone = limits.timeZone;
      const thisPeriod = periodOf(now(), zone);
      const month =
        monthValue === undefined ? periodMonth(thisPeriod) : parseMonthValue(monthValue);
      // Before 1900 Date.UTC reads the year as 19xx; after this month there is nothing to show.
      if (!month || month.year < 1900 || monthPeriod(month) > thisPeriod) {
        throw fieldError('month', MESSAGES.invalidValue);
      }
      // Refreshes the two months' dirty days first, so the version names figures that are current.
      const version = await freshRollupVersion(
        db,
        {
          companyId: scope.companyId,
          from: monthDays(previousMonth(month)).from,
          to: monthDays(month).to,
        },
        READ_THROUGH_MAX_DAYS,
      );
      const key = {
        companyId: scope.companyId,
        technicianId: scope.technicianId,
        period: monthPeriod(month),
        zone,
        version,
      };
      let figures = cache.get(key);
      if (!figures) {
        figures = await compute(scope, month, zone);
        cache.set(key, figures);
      }
      return {
        ...figures.answer,
        // The version check just proved the figures current, cached or not.
        refreshed_at: new Date().toISOString(),
        spend:
          scope.technicianId === null
            ? {
                spent_cents: figures.spentCents,
                soft_capacity: nullableDollars(limits.softCapacityCents),
                hard_capacity: nullableDollars(limits.hardCapacityCents),
              }
            : null,
      };
    },
  };
}
