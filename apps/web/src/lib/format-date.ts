import dayjs from 'dayjs';

/** Timestamp MM/DD/YYYY hh:mm:ss A in the viewer's time zone (spec §9); '' when missing or invalid. */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.format('MM/DD/YYYY hh:mm:ss A') : '';
}
