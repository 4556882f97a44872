import { MARKETPLACE_LIMITS } from './marketplace.schema';

/** YYYY-MM-DD of a UTC day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first day a version deprecated at `at` may retire on (issue 12 §3: at least 14 days ahead). */
export function earliestRetirementDay(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + MARKETPLACE_LIMITS.deprecationMinDays);
  return utcDay(day);
}

/** True for a real calendar day (YYYY-MM-DD) no earlier than earliestRetirementDay(at). */
export function isValidRetirementDay(value: string, at: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || utcDay(parsed) !== value) return false;
  return value >= earliestRetirementDay(at);
}
