import { describe, expect, it } from 'vitest';
import { dueDigest, localDate, nextDigestAt, zonedTime } from './digest-time';

const NY = 'America/New_York';

describe('digest time', () => {
  it('is 7:00 local on either side of a DST change', () => {
    // Spring forward on 8 March 2026: 7:00 EST before, 7:00 EDT after.
    expect(zonedTime('2026-03-07', 7, NY).toISOString()).toBe('2026-03-07T12:00:00.000Z');
    expect(zonedTime('2026-03-08', 7, NY).toISOString()).toBe('2026-03-08T11:00:00.000Z');
    // Fall back on 1 November 2026.
    expect(zonedTime('2026-10-31', 7, NY).toISOString()).toBe('2026-10-31T11:00:00.000Z');
    expect(zonedTime('2026-11-01', 7, NY).toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });

  it("is due from today's 7:00 on, and yesterday's before it", () => {
    expect(dueDigest(new Date('2026-03-08T10:59:00Z'), NY)).toEqual({
      date: '2026-03-07',
      at: new Date('2026-03-07T12:00:00Z'),
    });
    expect(dueDigest(new Date('2026-03-08T11:00:00Z'), NY).date).toBe('2026-03-08');
  });

  it('comes 23 hours after the last one when the clocks spring forward', () => {
    const next = nextDigestAt(new Date('2026-03-07T12:00:00Z'), NY);
    expect(next.toISOString()).toBe('2026-03-08T11:00:00.000Z');
    expect(nextDigestAt(new Date('2026-10-31T11:00:00Z'), NY).toISOString()).toBe(
      '2026-11-01T12:00:00.000Z',
    );
  });

  it('reads local dates in the zone, not in UTC', () => {
    expect(localDate(new Date('2026-06-10T03:30:00Z'), 'America/Chicago')).toBe('2026-06-09');
    expect(zonedTime('2026-06-10', 7, 'Australia/Sydney').toISOString()).toBe(
      '2026-06-09T21:00:00.000Z',
    );
  });
});
