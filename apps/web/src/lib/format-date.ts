import dayjs from 'dayjs';

/** Timestamp MM/DD/YYYY hh:mm:ss A in the viewer's time zone (spec §9); '' when missing or invalid. */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.format('MM/DD/YYYY hh:mm:ss A') : '';
}

/**
 * MM/DD/YYYY of a date or timestamp in the viewer's time zone; '' when missing or invalid. dayjs
 * reads a bare YYYY-MM-DD as that calendar day (local), not as midnight UTC.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MM/DD/YYYY') : '';
}
