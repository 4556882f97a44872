import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './servicetitan-client.js';
import { durationSeconds, jobStatusOf, mapExportRow, phoneDigits } from './servicetitan-records.js';

describe('ServiceTitan field conversions', () => {
  it('reads TimeSpan durations and seconds', () => {
    expect(durationSeconds('00:03:12')).toBe(192);
    expect(durationSeconds('01:00:00.6000000')).toBe(3601);
    expect(durationSeconds('1.00:00:05')).toBe(86_405);
    expect(durationSeconds(42.4)).toBe(42);
    expect(durationSeconds('75')).toBe(75);
    expect(durationSeconds(null)).toBe(0);
  });

  it('maps job statuses', () => {
    expect(
      ['Scheduled', 'Dispatched', 'InProgress', 'Working', 'Hold', 'Completed', 'Canceled'].map(
        jobStatusOf,
      ),
    ).toEqual([
      'scheduled',
      'dispatched',
      'in-progress',
      'in-progress',
      'hold',
      'completed',
      'canceled',
    ]);
  });

  it('keeps the last ten phone digits', () => {
    expect(phoneDigits('+1 (555) 123-4567')).toBe('5551234567');
    expect(phoneDigits('   ')).toBeNull();
    expect(phoneDigits(null)).toBeNull();
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('rejects a row that lacks what we need, naming the field only', () => {
    expect(() => mapExportRow('customers', { id: 1, name: 'Pat', active: 'yes' })).toThrow(
      'unexpected customers row (field active)',
    );
    const job = { id: 7, jobNumber: '7', customerId: 1, jobStatus: 'Completed', createdOn: 'then' };
    expect(() => mapExportRow('jobs', job)).toThrow('unexpected jobs row 7 (not a date: then)');
  });
});
