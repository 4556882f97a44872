import {
  companyKpis,
  formatUsdCompact,
  type CompanyDashboard,
  type CompanyKpis,
  type RoleAlias,
} from '@fieldbot/shared';
import { formatCount, formatPercent, type KpiTrend } from '@/components/dashboard';
import { COMPANY_BOTS_PATH, linkFor } from './paths';

/** One KPI card's props: this month's figure, the month before's, and the list behind it, if any. */
export interface KpiFigure {
  id: keyof CompanyKpis;
  label: string;
  /** What the figure divides or counts, under the label. */
  hint: string;
  value: number | null;
  previous: number | null;
  format: (value: number) => string;
  trend: KpiTrend;
  to?: string;
}

interface FigureSpec {
  id: keyof CompanyKpis;
  label: string;
  /** The technician's own label ('My …'); the company label when absent. */
  mine?: string;
  hint: string;
  format: (value: number) => string;
  /** The list behind the month's figure, where one exists (see the report of issue 13). */
  path?: string;
}

/** Issue 13 §2, in reading order. */
const FIGURES: readonly FigureSpec[] = [
  {
    id: 'interactions',
    label: 'Interactions Recorded',
    mine: 'My Interactions',
    hint: 'Field recordings and CSR calls',
    format: formatCount,
  },
  {
    id: 'recordedMinutes',
    label: 'Recorded Minutes',
    mine: 'My Recorded Minutes',
    hint: 'Length of the recordings and calls',
    format: formatCount,
  },
  {
    id: 'recordingCoverage',
    label: 'Recording Coverage',
    mine: 'My Recording Coverage',
    hint: 'Field recordings ÷ completed jobs',
    format: formatPercent,
  },
  {
    id: 'csrCalls',
    label: 'CSR Calls',
    mine: 'My CSR Calls',
    hint: 'Customer-service calls',
    format: formatCount,
  },
  {
    id: 'leadBookingRate',
    label: 'Booking Rate',
    hint: 'Booked ÷ lead calls',
    format: formatPercent,
  },
  {
    id: 'callBookingRate',
    label: 'Booking Rate',
    hint: 'Booked ÷ all calls',
    format: formatPercent,
  },
  {
    id: 'revenueCents',
    label: 'Revenue',
    mine: 'My Revenue',
    hint: 'Completed jobs (USD)',
    format: formatUsdCompact,
  },
  {
    id: 'botRuns',
    label: 'Bot Runs',
    hint: 'Finished bot results',
    format: formatCount,
    path: COMPANY_BOTS_PATH,
  },
  {
    id: 'positiveShare',
    label: 'Positive Results',
    hint: 'Bot runs with a positive result ÷ runs',
    format: formatPercent,
  },
];

/** The month's KPI cards against the month before; a technician's say 'My …'. */
export function kpiFigures(dashboard: CompanyDashboard, role: RoleAlias | undefined): KpiFigure[] {
  const current = companyKpis(dashboard.current);
  const previous = companyKpis(dashboard.previous);
  const mine = dashboard.scope === 'technician';
  return FIGURES.map((spec) => ({
    id: spec.id,
    label: mine && spec.mine ? spec.mine : spec.label,
    hint: spec.hint,
    value: current[spec.id],
    previous: previous[spec.id],
    format: spec.format,
    trend: 'up-is-good',
    to: spec.path ? linkFor(role, spec.path) : undefined,
  }));
}

/** How many KPI cards the page shows, for the skeleton. */
export const KPI_COUNT = FIGURES.length;
