import { describe, expect, it } from 'vitest';
import { makeCompanyDashboard, makeEmptyDashboard } from '../test/fixtures';
import { formatRate, kpiFigures } from './figures';

const byId = (figures: ReturnType<typeof kpiFigures>) =>
  Object.fromEntries(figures.map((f) => [f.id, f]));

describe('kpiFigures', () => {
  it('formats the hand-checked month and its change against the month before', () => {
    const figures = byId(kpiFigures(makeCompanyDashboard(), 'company_admin'));
    const shown = Object.fromEntries(
      Object.entries(figures).map(([id, f]) => [id, [f.label, f.value]]),
    );
    expect(shown).toEqual({
      interactions: ['Interactions Recorded', '40'],
      recordedMinutes: ['Recorded Minutes', '121'],
      recordingCoverage: ['Recording Coverage', '125%'],
      csrCalls: ['CSR Calls', '10'],
      leadBookingRate: ['Booked ÷ Lead Calls', '75%'],
      callBookingRate: ['Booked ÷ All Calls', '60%'],
      revenueCents: ['Revenue', '$12.3K'],
      botRuns: ['Bot Runs', '50'],
      positiveShare: ['Positive Bot Results', '40%'],
    });
    expect(figures.interactions!.change).toBeCloseTo(0.25);
    expect(figures.recordedMinutes!.change).toBeCloseTo(0.21);
    expect(figures.recordingCoverage!.change).toBeCloseTo(0.5625);
    expect(figures.csrCalls!.change).toBeCloseTo(-1 / 6);
    expect(figures.leadBookingRate!.change).toBeCloseTo(0.5);
    expect(figures.callBookingRate!.change).toBeCloseTo(0.44);
    expect(figures.revenueCents!.change).toBeCloseTo(0.2345);
    expect(figures.botRuns!.change).toBeCloseTo(0.25);
    expect(figures.positiveShare!.change).toBeCloseTo(0.6);
  });

  it('links the bot runs to the company bots for an admin only', () => {
    expect(byId(kpiFigures(makeCompanyDashboard(), 'company_admin')).botRuns!.href).toBe(
      '/marketplace?subscribed=true',
    );
    expect(byId(kpiFigures(makeCompanyDashboard(), 'manager')).botRuns!.href).toBeUndefined();
  });

  it("says 'My …' for a technician's own figures", () => {
    const figures = byId(
      kpiFigures(makeCompanyDashboard({ scope: 'technician', spend: null }), 'field_team'),
    );
    expect(figures.interactions!.label).toBe('My Interactions');
    expect(figures.revenueCents!.label).toBe('My Revenue');
    expect(figures.leadBookingRate!.label).toBe('Booked ÷ Lead Calls');
  });

  it('shows a dash and no change where a ratio has nothing to divide by', () => {
    const figures = byId(kpiFigures(makeEmptyDashboard(), 'company_admin'));
    expect(figures.recordingCoverage!.value).toBe('–');
    expect(figures.recordingCoverage!.change).toBeNull();
    expect(figures.interactions!.value).toBe('0');
    expect(figures.interactions!.change).toBeNull();
  });
});

describe('formatRate', () => {
  it('keeps one decimal at most', () => {
    expect(formatRate(5 / 12)).toBe('41.7%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('–');
  });
});
