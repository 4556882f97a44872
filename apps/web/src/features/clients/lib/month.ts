import { monthLabel, parseMonthValue } from '@/components/month-picker';

/** The UTC calendar month of `now` as MM/YYYY: a publisher's months are UTC. */
export function currentUtcMonthLabel(now: Date): string {
  return monthLabel({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
}

/** The month a list shows: the chosen one (MM/01/YYYY), else the server's default, this month. */
export function shownMonthLabel(value: string | undefined, now: Date): string {
  const chosen = parseMonthValue(value);
  return chosen ? monthLabel(chosen) : currentUtcMonthLabel(now);
}
