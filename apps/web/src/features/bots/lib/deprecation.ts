import { MARKETPLACE_MESSAGES, MESSAGES, retirementDayProblem } from '@fieldbot/shared';

/** The retirement day's error, checked against `now` at submit (the allowed days move at midnight UTC). */
export function retirementDayError(value: string, now: Date): string | null {
  if (!value) return MESSAGES.required;
  switch (retirementDayProblem(value, now)) {
    case null:
      return null;
    case 'invalid':
      return MESSAGES.invalidValue;
    case 'too-soon':
      return MARKETPLACE_MESSAGES.retireTooSoon;
    case 'too-late':
      return MARKETPLACE_MESSAGES.retireTooLate;
  }
}

/** Whether a deprecated version's day has come (pins have moved or move today). */
export function isRetired(retiresOn: string, now: Date): boolean {
  return retiresOn <= now.toISOString().slice(0, 10);
}
