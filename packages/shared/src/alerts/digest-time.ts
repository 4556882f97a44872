import { dateTimeFormat } from '../format/intl-cache';

/** The daily digest goes out at this local hour in the company's timezone. */
export const DIGEST_HOUR = 7;

/** Local calendar date ('YYYY-MM-DD') of an instant in a timezone. */
export function localDate(at: Date, timeZone: string): string {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Offset (ms) of a timezone from UTC at an instant. */
function offsetMs(at: Date, timeZone: string): number {
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
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return asUtc - Math.floor(at.getTime() / 60_000) * 60_000;
}

/**
 * The instant a local wall-clock time happens on a local date. The offset is read at the guess
 * and again at the first answer, which settles it when a DST change falls between UTC and local
 * time (7:00 is never inside a spring-forward gap in practice).
 */
export function zonedTime(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  let at = guess - offsetMs(new Date(guess), timeZone);
  at = guess - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The latest digest moment at or before `now`: today's 7:00 local once it has passed, else
 * yesterday's. Its date is the durable mark of that digest (one per user and local date), and
 * the digest holds what arrived before it.
 */
export function dueDigest(now: Date, timeZone: string): { date: string; at: Date } {
  const today = localDate(now, timeZone);
  const at = zonedTime(today, DIGEST_HOUR, timeZone);
  if (at.getTime() <= now.getTime()) return { date: today, at };
  const yesterday = addDays(today, -1);
  return { date: yesterday, at: zonedTime(yesterday, DIGEST_HOUR, timeZone) };
}

/** The next digest moment strictly after `now` (what the profile page tells a user). */
export function nextDigestAt(now: Date, timeZone: string): Date {
  const due = dueDigest(now, timeZone);
  return zonedTime(addDays(due.date, 1), DIGEST_HOUR, timeZone);
}
