import {
  companyKpis,
  formatUsdCompact,
  type CompanyDashboard,
  type CompanyKpis,
  type RoleAlias,
  COMPANY_BOTS_PATH,
} from '@fieldbot/shared';
import { formatCount, formatPercent, type KpiTrend } from '@/components/dashboard';
import { linkFor } from './link-for';

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

type Scope = CompanyDashboard['scope'];

interface FigureSpec {
  id: keyof CompanyKpis;
  label: string;
  /** The technician's own label ('My …'); the company label when absent. */
  mine?: string;
  hint: string;
  format: (value: number) => string;
  /** Who sees the figure: a technician never has CSR calls or booking rates to read. */
  scopes: readonly Scope[];
  trend?: KpiTrend;
  /** The list behind the month's figure, where one exists. */
  path?: string;
}

const BOTH: readonly Scope[] = ['company', 'technician'];
const COMPANY: readonly Scope[] = ['company'];
const TECHNICIAN: readonly Scope[] = ['technician'];

/** In reading order; each scope shows its own subset. */
const FIGURES: readonly FigureSpec[] = [
  {
    id: 'interactions',
    label: 'Interactions Recorded',
    hint: 'Field recordings and CSR calls',
    format: formatCount,
    scopes: COMPANY,
  },
  {
    id: 'visits',
    label: 'My Visits',
    hint: 'Field recordings',
    format: formatCount,
    scopes: TECHNICIAN,
  },
  {
    id: 'recordedMinutes',
    label: 'Recorded Minutes',
    mine: 'My Recorded Minutes',
    hint: 'Length of the recordings and calls',
    format: formatCount,
    scopes: BOTH,
  },
  {
    id: 'recordingCoverage',
    label: 'Recording Coverage',
    mine: 'My Recording Coverage',
    hint: 'Completed jobs with a recording ÷ completed jobs',
    format: formatPercent,
    scopes: BOTH,
  },
  {
    id: 'unrecordedJobs',
    label: 'My Jobs Without a Recording',
    hint: 'Completed jobs with no field recording',
    format: formatCount,
    scopes: TECHNICIAN,
    trend: 'down-is-good',
  },
  {
    id: 'csrCalls',
    label: 'CSR Calls',
    hint: 'Customer-service calls',
    format: formatCount,
    scopes: COMPANY,
  },
  {
    id: 'leadBookingRate',
    label: 'Booking Rate',
    hint: 'Booked ÷ lead calls',
    format: formatPercent,
    scopes: COMPANY,
  },
  {
    id: 'callBookingRate',
    label: 'Booking Rate',
    hint: 'Booked ÷ all calls',
    format: formatPercent,
    scopes: COMPANY,
  },
  {
    id: 'revenueCents',
    label: 'Revenue',
    mine: 'My Revenue',
    hint: 'Completed jobs (USD)',
    format: formatUsdCompact,
    scopes: BOTH,
  },
  {
    id: 'botRuns',
    label: 'Bot Runs',
    hint: 'Finished bot results',
    format: formatCount,
    scopes: COMPANY,
    path: COMPANY_BOTS_PATH,
  },
  {
    id: 'positiveShare',
    label: 'Positive Results',
    hint: 'Bot runs with a positive result ÷ runs',
    format: formatPercent,
    scopes: COMPANY,
  },
];

const figuresOf = (scope: Scope) => FIGURES.filter((spec) => spec.scopes.includes(scope));

/** The month's KPI cards against the month before; a technician's are their own ('My …'). */
export function kpiFigures(dashboard: CompanyDashboard, role: RoleAlias | undefined): KpiFigure[] {
  const current = companyKpis(dashboard.current);
  const previous = companyKpis(dashboard.previous);
  const mine = dashboard.scope === 'technician';
  return figuresOf(dashboard.scope).map((spec) => ({
    id: spec.id,
    label: mine && spec.mine ? spec.mine : spec.label,
    hint: spec.hint,
    value: current[spec.id],
    previous: previous[spec.id],
    format: spec.format,
    trend: spec.trend ?? 'up-is-good',
    to: spec.path ? linkFor(role, spec.path) : undefined,
  }));
}

/** How many KPI cards the page shows for a scope, for the skeleton. */
export const kpiCount = (scope: Scope) => figuresOf(scope).length;
