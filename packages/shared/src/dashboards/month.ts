/**
 * The month picker's value (spec §2 "Other shared widgets", §4 "Month picker"): a string shaped
 * MM/01/YYYY, shown as MM/YYYY. The dashboards' `month` query parameter carries it. Months are 1–12.
 */
export interface YearMonth {
  year: number;
  month: number;
}

/** Month abbreviations (spec §9: Jan to Dec), the picker's buttons. */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Full month names: what a screen reader hears for each button. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const MONTH_VALUE_PATTERN = /^(0[1-9]|1[0-2])\/01\/(\d{4})$/;

export function toMonthValue({ year, month }: YearMonth): string {
  return `${String(month).padStart(2, '0')}/01/${year}`;
}

/** The month of a MM/01/YYYY value; null for anything else. */
export function parseMonthValue(value: string | null | undefined): YearMonth | null {
  const match = value ? MONTH_VALUE_PATTERN.exec(value) : null;
  if (!match) return null;
  return { month: Number(match[1]), year: Number(match[2]) };
}

/** MM/YYYY, the label of a chosen month. */
export function monthLabel({ year, month }: YearMonth): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/** Future years, and future months of the current year, cannot be chosen (spec §5 "Other"). */
export function isFutureMonth({ year, month }: YearMonth, now: Date): boolean {
  const currentYear = now.getFullYear();
  if (year !== currentYear) return year > currentYear;
  return month > now.getMonth() + 1;
}

/** The month before. */
export function previousMonth({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** 'YYYY-MM', the billing period of a month (billing-period.ts). */
export function monthPeriod({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The month of a 'YYYY-MM' period. */
export function periodMonth(period: string): YearMonth {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return { year, month };
}
