import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../format/intl-cache';
import { nextPeriod, periodLabel, periodOf, periodRange, previousPeriod } from './billing-period';

describe('billing periods', () => {
  it('takes the month of an instant in the company timezone', () => {
    const newYearUtc = new Date('2026-01-01T03:00:00Z');
    expect(periodOf(newYearUtc, 'UTC')).toBe('2026-01');
    // 22:00 on 31 December in Chicago.
    expect(periodOf(newYearUtc, 'America/Chicago')).toBe('2025-12');
  });

  it('starts and ends a period at midnight on the 1st, company time, across a DST change', () => {
    const march = periodRange('2026-03', 'America/New_York');
    expect(march.start.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(march.end.toISOString()).toBe('2026-04-01T04:00:00.000Z');
  });

  it('steps across years and names months', () => {
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(nextPeriod('2025-12')).toBe('2026-01');
    expect(periodLabel('2026-01')).toBe('January 2026');
    expect(periodLabel('2026-12')).toBe('December 2026');
    expect(periodLabel('not a period')).toBe('not a period');
  });
});

describe('Intl formatter cache', () => {
  it('builds one formatter per locale and options, and a new one when they differ', () => {
    const utc = dateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric' });
    expect(dateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric' })).toBe(utc);
    expect(dateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric' })).not.toBe(utc);
    const usd = numberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' })).toBe(usd);
    expect(usd.format(1234.5)).toBe('$1,234.50');
  });
});
