import { MARKETPLACE_MESSAGES, MESSAGES, isValidRetirementDay } from '@fieldbot/shared';

/** The retirement day's error, checked against `now` at submit (the earliest day moves at midnight UTC). */
export function retirementDayError(value: string, now: Date): string | null {
  if (!value) return MESSAGES.required;
  if (isValidRetirementDay(value, now)) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? MARKETPLACE_MESSAGES.retireTooSoon
    : MESSAGES.invalidValue;
}

/** Whether a deprecated version's day has come (pins have moved or move today). */
export function isRetired(retiresOn: string, now: Date): boolean {
  return retiresOn <= now.toISOString().slice(0, 10);
}
