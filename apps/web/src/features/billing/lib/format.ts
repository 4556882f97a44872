import dayjs from 'dayjs';

/**
 * MM/DD/YYYY of a date or timestamp in the viewer's time zone; '' when missing or invalid. dayjs
 * reads a bare YYYY-MM-DD as that calendar day (local), not as midnight UTC.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MM/DD/YYYY') : '';
}
