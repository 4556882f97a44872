import { MESSAGES } from '../validation/messages';
import { MARKETPLACE_LIMITS, MARKETPLACE_MESSAGES } from './marketplace.schema';

/** YYYY-MM-DD of a UTC day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The day `days` after the UTC day of `at`. */
function dayAfter(at: Date, days: number): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + days);
  return utcDay(day);
}

/** The first day a version deprecated at `at` may retire on (at least 14 days ahead). */
export const earliestRetirementDay = (at: Date): string =>
  dayAfter(at, MARKETPLACE_LIMITS.deprecationMinDays);

/** The last day a version deprecated at `at` may retire on (two years ahead). */
export const latestRetirementDay = (at: Date): string =>
  dayAfter(at, MARKETPLACE_LIMITS.deprecationMaxDays);

export type RetirementDayProblem = 'invalid' | 'too-soon' | 'too-late';

/** What is wrong with a retirement day (YYYY-MM-DD) chosen at `at`, or null when it may be used. */
export function retirementDayProblem(value: string, at: Date): RetirementDayProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'invalid';
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || utcDay(parsed) !== value) return 'invalid';
  if (value < earliestRetirementDay(at)) return 'too-soon';
  if (value > latestRetirementDay(at)) return 'too-late';
  return null;
}

const RETIREMENT_DAY_MESSAGES: Record<RetirementDayProblem, string> = {
  invalid: MESSAGES.invalidValue,
  'too-soon': MARKETPLACE_MESSAGES.retireTooSoon,
  'too-late': MARKETPLACE_MESSAGES.retireTooLate,
};

/** The field message for a retirement day chosen at `at`, or null: the server and the dialog say the same. */
export function retirementDayMessage(value: string, at: Date): string | null {
  const problem = retirementDayProblem(value, at);
  return problem === null ? null : RETIREMENT_DAY_MESSAGES[problem];
}
