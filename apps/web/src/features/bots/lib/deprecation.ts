import { MESSAGES, retirementDayMessage } from '@fieldbot/shared';

/** The retirement day's error, checked against `now` at submit (the allowed days move at midnight UTC). */
export function retirementDayError(value: string, now: Date): string | null {
  if (!value) return MESSAGES.required;
  return retirementDayMessage(value, now);
}

/** Whether a deprecated version's day has come (pins have moved or move today). */
export function isRetired(retiresOn: string, now: Date): boolean {
  return retiresOn <= now.toISOString().slice(0, 10);
}
