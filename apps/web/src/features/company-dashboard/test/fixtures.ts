import { EMPTY_COMPANY_TOTALS, type CompanyDashboard, type CompanyTotals } from '@fieldbot/shared';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A month with hand-checked KPIs: coverage (24 − 3) ÷ 24 = 87.5 %, booked ÷ lead 6 ÷ 8 = 75 %, booked ÷
 * all 6 ÷ 10 = 60 %, positive 20 ÷ 50 = 40 %, 7,230 s = 121 min (rounded), revenue $12,345.
 */
export const CURRENT: CompanyTotals = {
  interactions: 40,
  field_recordings: 30,
  recorded_seconds: 7230,
  csr_calls: 10,
  lead_calls: 8,
  booked_calls: 6,
  completed_jobs: 24,
  unrecorded_jobs: 3,
  revenue_cents: 1_234_500,
  bot_runs: 50,
  successful_runs: 45,
  positive_runs: 20,
};

/**
 * The month before: interactions 32 (+25 %), 100 min (+21 %), coverage (25 − 5) ÷ 25 = 80 % (+9.4 %),
 * 12 calls (−16.7 %), booked ÷ lead 5 ÷ 10 = 50 % (+50 %), booked ÷ all 5 ÷ 12 (+44 %), revenue
 * $10,000 (+23.5 %), 40 runs (+25 %), positive 10 ÷ 40 = 25 % (+60 %).
 */
export const PREVIOUS: CompanyTotals = {
  interactions: 32,
  field_recordings: 20,
  recorded_seconds: 6000,
  csr_calls: 12,
  lead_calls: 10,
  booked_calls: 5,
  completed_jobs: 25,
  unrecorded_jobs: 5,
  revenue_cents: 1_000_000,
  bot_runs: 40,
  successful_runs: 38,
  positive_runs: 10,
};

export const TECH_ID = uuid(101);
export const CUSTOMER_ID = uuid(201);
export const BOT_ID = uuid(301);
export const CALL_ID = uuid(401);

export function makeCompanyDashboard(overrides: Partial<CompanyDashboard> = {}): CompanyDashboard {
  return {
    month: '10/01/2026',
    period: '2026-10',
    timezone: 'America/New_York',
    scope: 'company',
    current: CURRENT,
    previous: PREVIOUS,
    spend: { spent_cents: 45_000, soft_capacity: 500, hard_capacity: 1000 },
    top: {
      technicians_by_recordings: [{ id: TECH_ID, key: 'Tina Tech', value: 18 }],
      technicians_by_unrecorded_jobs: [{ id: TECH_ID, key: 'Tina Tech', value: 3 }],
      customers_by_revenue: [{ id: CUSTOMER_ID, key: 'Acme Homes', value: 800_000 }],
      bots_by_runs: [{ id: BOT_ID, key: 'Upsell Finder', value: 50 }],
      unbooked_calls: [
        {
          interaction_id: CALL_ID,
          customer_id: CUSTOMER_ID,
          customer_name: 'Acme Homes',
          number: 'C-7781',
          started_at: '2026-10-14T15:04:05.000Z',
          duration_seconds: 95,
          agent_name: 'Cara CSR',
        },
      ],
      unrecorded_jobs: [],
      bot_findings: [{ id: BOT_ID, key: 'Upsell Finder', found: 20, runs: 50 }],
    },
    charts: {
      interactions_per_technician: [{ id: TECH_ID, key: 'Tina Tech', value: 40 }],
      interaction_types: [
        { id: null, key: 'Field Recording', value: 30 },
        { id: null, key: 'CSR Call', value: 10 },
      ],
      call_outcomes: [
        { id: null, key: 'Booked', value: 6 },
        { id: null, key: 'Unbooked', value: 2 },
        { id: null, key: 'Other', value: 2 },
      ],
    },
    refreshed_at: '2026-10-20T12:30:00.000Z',
    ...overrides,
  };
}

/** A month with nothing in it: every list and chart empty. */
export function makeEmptyDashboard(): CompanyDashboard {
  return makeCompanyDashboard({
    current: EMPTY_COMPANY_TOTALS,
    previous: EMPTY_COMPANY_TOTALS,
    top: {
      technicians_by_recordings: [],
      technicians_by_unrecorded_jobs: [],
      customers_by_revenue: [],
      bots_by_runs: [],
      unbooked_calls: [],
      unrecorded_jobs: [],
      bot_findings: [],
    },
    charts: { interactions_per_technician: [], interaction_types: [], call_outcomes: [] },
  });
}

export const JOB_ID = uuid(501);

/** Tina's own month: no calls, one job without a recording, one bot's findings on her visits. */
export function makeTechnicianDashboard(): CompanyDashboard {
  const base = makeCompanyDashboard();
  return makeCompanyDashboard({
    scope: 'technician',
    spend: null,
    current: {
      ...CURRENT,
      interactions: 18,
      field_recordings: 18,
      csr_calls: 0,
      lead_calls: 0,
      booked_calls: 0,
    },
    previous: {
      ...PREVIOUS,
      interactions: 12,
      field_recordings: 12,
      csr_calls: 0,
      lead_calls: 0,
      booked_calls: 0,
    },
    top: {
      ...base.top,
      technicians_by_recordings: [],
      technicians_by_unrecorded_jobs: [],
      unbooked_calls: [],
      unrecorded_jobs: [
        {
          job_id: JOB_ID,
          job_number: 'J-1042',
          customer_id: CUSTOMER_ID,
          customer_name: 'Acme Homes',
          completed_at: '2026-10-12T18:00:00.000Z',
        },
      ],
      bot_findings: [{ id: BOT_ID, key: 'Plan offered', found: 7, runs: 18 }],
    },
  });
}
