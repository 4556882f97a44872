import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents } from './job-events.js';

describe('job revenue in cents', () => {
  it('reads numeric dollars exactly', () => {
    expect(dollarsToCents(null)).toBeNull();
    expect(dollarsToCents('0.00')).toBe(0);
    expect(dollarsToCents('10000.00')).toBe(1_000_000);
    expect(dollarsToCents('10000.01')).toBe(1_000_001);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('-5.50')).toBe(-550);
    expect(() => dollarsToCents('1e3')).toThrow();
  });

  it('writes cents as numeric text without floating point, and round-trips', () => {
    expect(centsToDollars(0)).toBe('0.00');
    expect(centsToDollars(1_000_001)).toBe('10000.01');
    expect(centsToDollars(-550)).toBe('-5.50');
    for (const cents of [1, 29, 1005, 123_456_789, 999_999_999_99]) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
    expect(() => centsToDollars(1.5)).toThrow();
  });
});
