import type { CompanyTotals, PublisherTotals } from './dashboard.schema';

/**
 * KPI formulas of the company and publisher dashboards: pure, on the base counts the API returns,
 * so the page, the tests and any export agree. A ratio with a zero denominator is null ('–' on the
 * page), never NaN or Infinity.
 */

export function ratio(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}

/** Change against the previous month as a fraction (0.25 = +25 %); null when there was nothing. */
export function change(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

export interface CompanyKpis {
  interactions: number;
  /** Field recordings (a technician's visits). */
  visits: number;
  recordedMinutes: number;
  /** Completed jobs with at least one field recording ÷ completed jobs: never above 1. */
  recordingCoverage: number | null;
  /** Completed jobs with no field recording. */
  unrecordedJobs: number;
  csrCalls: number;
  /** Booked ÷ lead calls. */
  leadBookingRate: number | null;
  /** Booked ÷ all calls. */
  callBookingRate: number | null;
  revenueCents: number;
  botRuns: number;
  /** Runs with a positive result ÷ finished runs. */
  positiveShare: number | null;
}

export function companyKpis(t: CompanyTotals): CompanyKpis {
  return {
    interactions: t.interactions,
    visits: t.field_recordings,
    recordedMinutes: Math.round(t.recorded_seconds / 60),
    recordingCoverage: ratio(t.completed_jobs - t.unrecorded_jobs, t.completed_jobs),
    unrecordedJobs: t.unrecorded_jobs,
    csrCalls: t.csr_calls,
    leadBookingRate: ratio(t.booked_calls, t.lead_calls),
    callBookingRate: ratio(t.booked_calls, t.csr_calls),
    revenueCents: t.revenue_cents,
    botRuns: t.bot_runs,
    positiveShare: ratio(t.positive_runs, t.bot_runs),
  };
}

export interface PublisherKpis {
  activeClients: number;
  runs: number;
  clientRevenueCents: number;
  estimatedCostCents: number;
  /** Client revenue minus estimated cost: the markup the publisher earns. */
  marginCents: number;
  /** Margin ÷ client revenue. */
  marginRate: number | null;
  newSubscriptions: number;
}

export function publisherKpis(t: PublisherTotals): PublisherKpis {
  const margin = t.client_cost_cents - t.estimated_cost_cents;
  return {
    activeClients: t.active_clients,
    runs: t.runs,
    clientRevenueCents: t.client_cost_cents,
    estimatedCostCents: t.estimated_cost_cents,
    marginCents: margin,
    marginRate: ratio(margin, t.client_cost_cents),
    newSubscriptions: t.new_subscriptions,
  };
}

export const EMPTY_COMPANY_TOTALS: CompanyTotals = {
  interactions: 0,
  field_recordings: 0,
  recorded_seconds: 0,
  csr_calls: 0,
  lead_calls: 0,
  booked_calls: 0,
  completed_jobs: 0,
  unrecorded_jobs: 0,
  revenue_cents: 0,
  bot_runs: 0,
  successful_runs: 0,
  positive_runs: 0,
};

export const EMPTY_PUBLISHER_TOTALS: PublisherTotals = {
  active_clients: 0,
  runs: 0,
  successful_runs: 0,
  client_cost_cents: 0,
  estimated_cost_cents: 0,
  new_subscriptions: 0,
};
