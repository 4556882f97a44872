import { describe, expect, it } from 'vitest';
import type { CompanyTotals, PublisherTotals } from './dashboard.schema';
import {
  change,
  companyKpis,
  EMPTY_COMPANY_TOTALS,
  EMPTY_PUBLISHER_TOTALS,
  publisherKpis,
  ratio,
} from './kpis';

describe('ratio and change', () => {
  it('divide, null on a zero denominator', () => {
    expect(ratio(1, 4)).toBe(0.25);
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(0, 5)).toBe(0);
  });

  it('give the change against the previous month as a fraction', () => {
    expect(change(125, 100)).toBe(0.25);
    expect(change(50, 100)).toBe(-0.5);
    expect(change(100, 100)).toBe(0);
    // A loss that shrank (-50 → -25) is a rise.
    expect(change(-25, -50)).toBe(0.5);
    expect(change(10, 0)).toBeNull();
    expect(change(null, 5)).toBeNull();
    expect(change(5, null)).toBeNull();
  });
});

describe('companyKpis', () => {
  // Hand-checked month: 40 interactions (30 visits, 10 calls), 8 lead calls, 6 booked, 25 jobs.
  const month: CompanyTotals = {
    interactions: 40,
    field_recordings: 30,
    recorded_seconds: 5_430, // 90.5 minutes
    csr_calls: 10,
    lead_calls: 8,
    booked_calls: 6,
    completed_jobs: 25,
    unrecorded_jobs: 4,
    revenue_cents: 1_234_500,
    bot_runs: 20,
    successful_runs: 18,
    positive_runs: 5,
  };

  it('computes each figure from the base counts', () => {
    expect(companyKpis(month)).toEqual({
      interactions: 40,
      visits: 30,
      recordedMinutes: 91,
      recordingCoverage: 0.84, // (25 − 4) ÷ 25: re-recorded visits count once
      unrecordedJobs: 4,
      csrCalls: 10,
      leadBookingRate: 0.75, // 6 ÷ 8
      callBookingRate: 0.6, // 6 ÷ 10
      revenueCents: 1_234_500,
      botRuns: 20,
      positiveShare: 0.25, // 5 ÷ 20
    });
  });

  it('never puts coverage above 100 %, however many recordings a job has', () => {
    for (const recordings of [0, 30, 490]) {
      const coverage = companyKpis({ ...month, field_recordings: recordings }).recordingCoverage;
      expect(coverage).toBe(0.84);
    }
    expect(companyKpis({ ...month, unrecorded_jobs: 0 }).recordingCoverage).toBe(1);
    expect(companyKpis({ ...month, unrecorded_jobs: 25 }).recordingCoverage).toBe(0);
  });

  it('leaves the ratios of an empty month null, not NaN', () => {
    const kpis = companyKpis(EMPTY_COMPANY_TOTALS);
    expect(kpis.recordingCoverage).toBeNull();
    expect(kpis.leadBookingRate).toBeNull();
    expect(kpis.callBookingRate).toBeNull();
    expect(kpis.positiveShare).toBeNull();
    expect(kpis.interactions).toBe(0);
    expect(kpis.recordedMinutes).toBe(0);
  });
});

describe('publisherKpis', () => {
  const month: PublisherTotals = {
    active_clients: 3,
    runs: 120,
    successful_runs: 110,
    client_cost_cents: 15_000,
    estimated_cost_cents: 12_000,
    new_subscriptions: 2,
  };

  it('computes the margin as client revenue minus estimated cost', () => {
    expect(publisherKpis(month)).toEqual({
      activeClients: 3,
      runs: 120,
      clientRevenueCents: 15_000,
      estimatedCostCents: 12_000,
      marginCents: 3_000,
      marginRate: 0.2, // 3,000 ÷ 15,000
      newSubscriptions: 2,
    });
  });

  it('has no margin rate without revenue', () => {
    const kpis = publisherKpis(EMPTY_PUBLISHER_TOTALS);
    expect(kpis.marginCents).toBe(0);
    expect(kpis.marginRate).toBeNull();
  });
});
