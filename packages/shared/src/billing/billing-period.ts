/**
 * Billing months are calendar months in the company's timezone (the period closes on the
 * 1st, company time). Pure functions on IANA zone names, for the close job and the UI.
 */

import { dateTimeFormat } from '../format/intl-cache';

/** 'YYYY-MM' of an instant in a timezone. */
export function periodOf(at: Date, timeZone: string): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}`;
}

/** 'March 2026' of a 'YYYY-MM' period (the period itself if it is not one). */
export function periodLabel(period: string): string {
  const [y, m] = period.split('-').map(Number);
  if (!y || !m) return period;
  return dateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, 15)),
  );
}

/** The period before 'YYYY-MM'. */
export function previousPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The period after 'YYYY-MM'. */
export function nextPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** Offset (ms) of a timezone from UTC at an instant. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a period starts (00:00 on the 1st in the timezone). */
export function periodStart(period: string, timeZone: string): Date {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, 1);
  // Two passes settle the offset across a DST change at midnight.
  let at = guess - zoneOffsetMs(new Date(guess), timeZone);
  at = guess - zoneOffsetMs(new Date(at), timeZone);
  return new Date(at);
}

/** [start, end) of a period in a timezone. */
export function periodRange(period: string, timeZone: string): { start: Date; end: Date } {
  return { start: periodStart(period, timeZone), end: periodStart(nextPeriod(period), timeZone) };
}

export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
