const DAY_MS = 86_400_000;
/** The dialog opens on the last 30 days, today included. */
const DEFAULT_DAYS = 30;

/** YYYY-MM-DD of a UTC day: the server reads the range as UTC days. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function defaultRange(now = Date.now()): { from: string; to: string } {
  return { from: isoDay(now - (DEFAULT_DAYS - 1) * DAY_MS), to: isoDay(now) };
}
