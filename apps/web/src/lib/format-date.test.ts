import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './format-date';

/** An ISO string for a wall-clock time in the test machine's zone. */
const local = (y: number, mo: number, d: number, h: number, mi: number, s: number) =>
  new Date(y, mo - 1, d, h, mi, s).toISOString();

describe('formatTimestamp', () => {
  it('writes MM/DD/YYYY hh:mm:ss A in the local zone', () => {
    expect(formatTimestamp(local(2026, 3, 7, 0, 5, 9))).toBe('03/07/2026 12:05:09 AM');
    expect(formatTimestamp(local(2026, 12, 31, 12, 0, 0))).toBe('12/31/2026 12:00:00 PM');
    expect(formatTimestamp(local(2026, 1, 2, 23, 59, 59))).toBe('01/02/2026 11:59:59 PM');
  });

  it('is empty for a missing or invalid date', () => {
    expect(formatTimestamp('not a date')).toBe('');
    expect(formatTimestamp(null)).toBe('');
    expect(formatTimestamp(undefined)).toBe('');
  });
});
