/**
 * The month picker's value (spec §2 "Other shared widgets"): a string shaped MM/01/YYYY, shown as
 * MM/YYYY. Months are 1–12 here.
 */
export interface YearMonth {
  year: number;
  month: number;
}

const VALUE_PATTERN = /^(0[1-9]|1[0-2])\/01\/(\d{4})$/;

export function toMonthValue({ year, month }: YearMonth): string {
  return `${String(month).padStart(2, '0')}/01/${year}`;
}

/** The month of a MM/01/YYYY value; null for anything else. */
export function parseMonthValue(value: string | null | undefined): YearMonth | null {
  const match = value ? VALUE_PATTERN.exec(value) : null;
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
