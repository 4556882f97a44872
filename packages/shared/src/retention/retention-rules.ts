import { dateTimeFormat } from '../format/intl-cache';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant before which recordings have expired: an interaction is kept `days` whole days
 * (of 24 hours) from when it started, and is due for deletion once `startedAt <= cutoff`.
 * Measured from started_at, not from upload or transcription, so a late upload does not
 * extend the time a conversation is kept.
 */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Whether something that started at `startedAt` has expired under `days`; null days = forever. */
export function isRetentionExpired(startedAt: Date, now: Date, days: number | null): boolean {
  if (days === null) return false;
  return startedAt.getTime() <= retentionCutoff(now, days).getTime();
}

/**
 * MM/DD/YYYY, the app's day format (the web's formatDay), in the viewer's zone unless one is
 * given: the message reads the same as every other date on the interaction page.
 */
function retentionDay(date: Date | string, timeZone?: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return dateTimeFormat('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(value);
}

/** Shown in place of the audio player once the job has deleted the recording. */
export function audioDeletedMessage(date: Date | string, timeZone?: string): string {
  return `Audio deleted under the company's retention policy (${retentionDay(date, timeZone)})`;
}

/** Shown in place of the transcript (and the bot results) once the job has deleted them. */
export function transcriptDeletedMessage(date: Date | string, timeZone?: string): string {
  return `Transcript and bot results deleted under the company's retention policy (${retentionDay(date, timeZone)})`;
}
