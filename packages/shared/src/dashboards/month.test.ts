import { describe, expect, it } from 'vitest';
import {
  isFutureMonth,
  monthLabel,
  monthPeriod,
  parseMonthValue,
  periodMonth,
  previousMonth,
  toMonthValue,
} from './month';

describe('month values (MM/01/YYYY)', () => {
  it('round-trip and label as MM/YYYY', () => {
    expect(toMonthValue({ year: 2025, month: 3 })).toBe('03/01/2025');
    expect(parseMonthValue('03/01/2025')).toEqual({ year: 2025, month: 3 });
    expect(parseMonthValue(toMonthValue({ year: 1999, month: 12 }))).toEqual({
      year: 1999,
      month: 12,
    });
    expect(monthLabel({ year: 2025, month: 3 })).toBe('03/2025');
  });

  it('refuse other shapes', () => {
    for (const value of [
      '3/01/2025',
      '00/01/2025',
      '13/01/2025',
      '03/02/2025',
      '2025-03',
      '',
      null,
      undefined,
    ]) {
      expect(parseMonthValue(value)).toBeNull();
    }
  });

  it('know future months from this month (local time)', () => {
    const now = new Date(2025, 0, 31, 23, 59);
    expect(isFutureMonth({ year: 2025, month: 1 }, now)).toBe(false);
    expect(isFutureMonth({ year: 2025, month: 2 }, now)).toBe(true);
    expect(isFutureMonth({ year: 2024, month: 12 }, now)).toBe(false);
    expect(isFutureMonth({ year: 2026, month: 1 }, now)).toBe(true);
  });

  it('step back over the new year', () => {
    expect(previousMonth({ year: 2025, month: 1 })).toEqual({ year: 2024, month: 12 });
    expect(previousMonth({ year: 2025, month: 7 })).toEqual({ year: 2025, month: 6 });
  });

  it('map to and from billing periods', () => {
    expect(monthPeriod({ year: 2025, month: 4 })).toBe('2025-04');
    expect(periodMonth('2025-04')).toEqual({ year: 2025, month: 4 });
    expect(periodMonth(monthPeriod({ year: 2023, month: 11 }))).toEqual({ year: 2023, month: 11 });
  });
});
