import {
  change,
  companyKpis,
  formatUsdCompact,
  type CompanyDashboard,
  type CompanyKpis,
  type RoleAlias,
} from '@fieldbot/shared';
import { COMPANY_BOTS_PATH, linkFor } from './paths';

/** One KPI card: its formatted value, the change against the previous month and its list, if any. */
export interface KpiFigure {
  id: keyof CompanyKpis;
  label: string;
  /** What the figure counts, for the card's hint. */
  description: string;
  value: string;
  /** Fraction (0.25 = +25 %); null when the previous month had nothing to compare with. */
  change: number | null;
  href?: string;
}

const NO_VALUE = '–';

export const formatCount = (value: number) => value.toLocaleString('en-US');

/** 0.625 → '62.5%'; null (a zero denominator) → '–'. */
export function formatRate(value: number | null): string {
  if (value === null) return NO_VALUE;
  return `${Number((value * 100).toFixed(1))}%`;
}

interface FigureSpec {
  id: keyof CompanyKpis;
  label: string;
  /** The technician's own label ('My …'); the company label when absent. */
  mine?: string;
  description: string;
  format: (value: number | null) => string;
  path?: string;
}

const count = (value: number | null) => (value === null ? NO_VALUE : formatCount(value));
const usd = (value: number | null) => (value === null ? NO_VALUE : formatUsdCompact(value));

/** Issue 13 §2, in reading order. Only the bots have a list behind the month's figure. */
const FIGURES: readonly FigureSpec[] = [
  {
    id: 'interactions',
    label: 'Interactions Recorded',
    mine: 'My Interactions',
    description: 'Field recordings and CSR calls of the month',
    format: count,
  },
  {
    id: 'recordedMinutes',
    label: 'Recorded Minutes',
    mine: 'My Recorded Minutes',
    description: 'Length of the month’s recordings and calls',
    format: count,
  },
  {
    id: 'recordingCoverage',
    label: 'Recording Coverage',
    mine: 'My Recording Coverage',
    description: 'Field recordings ÷ completed jobs',
    format: formatRate,
  },
  {
    id: 'csrCalls',
    label: 'CSR Calls',
    mine: 'My CSR Calls',
    description: 'Customer-service calls of the month',
    format: count,
  },
  {
    id: 'leadBookingRate',
    label: 'Booked ÷ Lead Calls',
    description: 'Booking rate of the calls the CRM typed Booked or Unbooked',
    format: formatRate,
  },
  {
    id: 'callBookingRate',
    label: 'Booked ÷ All Calls',
    description: 'Booking rate of every CSR call',
    format: formatRate,
  },
  {
    id: 'revenueCents',
    label: 'Revenue',
    mine: 'My Revenue',
    description: 'Revenue of completed jobs (USD)',
    format: usd,
  },
  {
    id: 'botRuns',
    label: 'Bot Runs',
    description: 'Finished bot results',
    format: count,
    path: COMPANY_BOTS_PATH,
  },
  {
    id: 'positiveShare',
    label: 'Positive Bot Results',
    description: 'Runs with a positive result ÷ finished runs',
    format: formatRate,
  },
];

/** The month's KPI cards, each against the month before; a technician's say 'My …'. */
export function kpiFigures(dashboard: CompanyDashboard, role: RoleAlias | undefined): KpiFigure[] {
  const current = companyKpis(dashboard.current);
  const previous = companyKpis(dashboard.previous);
  const mine = dashboard.scope === 'technician';
  return FIGURES.map((spec) => ({
    id: spec.id,
    label: mine && spec.mine ? spec.mine : spec.label,
    description: spec.description,
    value: spec.format(current[spec.id]),
    change: change(current[spec.id], previous[spec.id]),
    href: spec.path ? linkFor(role, spec.path) : undefined,
  }));
}
