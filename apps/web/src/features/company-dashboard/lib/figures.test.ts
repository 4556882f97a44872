import { change } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import {
  makeCompanyDashboard,
  makeEmptyDashboard,
  makeTechnicianDashboard,
} from '../test/fixtures';
import { kpiCount, kpiFigures } from './figures';

const byId = (figures: ReturnType<typeof kpiFigures>) =>
  Object.fromEntries(figures.map((f) => [f.id, f]));

describe('kpiFigures', () => {
  it('formats the hand-checked month and its change against the month before', () => {
    const figures = kpiFigures(makeCompanyDashboard(), 'company_admin');
    expect(
      figures.map((f) => [f.label, f.hint, f.value === null ? null : f.format(f.value)]),
    ).toEqual([
      ['Interactions Recorded', 'Field recordings and CSR calls', '40'],
      ['Recorded Minutes', 'Length of the recordings and calls', '121'],
      ['Recording Coverage', 'Completed jobs with a recording ÷ completed jobs', '87.5%'],
      ['CSR Calls', 'Customer-service calls', '10'],
      ['Booking Rate', 'Booked ÷ lead calls', '75%'],
      ['Booking Rate', 'Booked ÷ all calls', '60%'],
      ['Revenue', 'Completed jobs (USD)', '$12.3K'],
      ['Bot Runs', 'Finished bot results', '50'],
      ['Positive Results', 'Bot runs with a positive result ÷ runs', '40%'],
    ]);
    const changes = Object.fromEntries(figures.map((f) => [f.id, change(f.value, f.previous)]));
    expect(changes.interactions).toBeCloseTo(0.25);
    expect(changes.recordedMinutes).toBeCloseTo(0.21);
    expect(changes.recordingCoverage).toBeCloseTo(0.09375);
    expect(changes.csrCalls).toBeCloseTo(-1 / 6);
    expect(changes.leadBookingRate).toBeCloseTo(0.5);
    expect(changes.callBookingRate).toBeCloseTo(0.44);
    expect(changes.revenueCents).toBeCloseTo(0.2345);
    expect(changes.botRuns).toBeCloseTo(0.25);
    expect(changes.positiveShare).toBeCloseTo(0.6);
  });

  it('links the bot runs to the company bots for an admin only', () => {
    expect(byId(kpiFigures(makeCompanyDashboard(), 'company_admin')).botRuns!.to).toBe(
      '/marketplace?subscribed=true',
    );
    expect(byId(kpiFigures(makeCompanyDashboard(), 'manager')).botRuns!.to).toBeUndefined();
  });

  it("shows a technician only their own figures that can apply to them, as 'My …'", () => {
    const figures = kpiFigures(makeTechnicianDashboard(), 'field_team');
    expect(
      figures.map((f) => [f.label, f.value === null ? null : f.format(f.value), f.trend]),
    ).toEqual([
      ['My Visits', '18', 'up-is-good'],
      ['My Recorded Minutes', '121', 'up-is-good'],
      ['My Recording Coverage', '87.5%', 'up-is-good'],
      ['My Jobs Without a Recording', '3', 'down-is-good'],
      ['My Revenue', '$12.3K', 'up-is-good'],
    ]);
    expect(kpiCount('technician')).toBe(figures.length);
    expect(kpiCount('company')).toBe(kpiFigures(makeCompanyDashboard(), 'company_admin').length);
  });

  it('has no value where a ratio has nothing to divide by', () => {
    const figures = byId(kpiFigures(makeEmptyDashboard(), 'company_admin'));
    expect(figures.recordingCoverage!.value).toBeNull();
    expect(figures.interactions!.value).toBe(0);
  });
});
