/**
 * Number formats of the dashboards (spec §9): chart tooltips abbreviate above 1,000 as K and above
 * 1,000,000 as M; the number formatter abbreviates K, M, B and T in USD.
 */

const trim = (value: number) => String(Number(value.toFixed(1)));

interface Unit {
  size: number;
  suffix: string;
}

/**
 * `abs` in the biggest unit it reaches, one decimal at most. A figure that rounds up to 1000 of a
 * unit is shown in the next one (999,999 → '1M', not '1000K'). Null below the smallest unit.
 */
function scaled(
  abs: number,
  units: readonly Unit[],
  reaches: (abs: number, size: number) => boolean,
) {
  const index = units.findIndex((unit) => reaches(abs, unit.size));
  const unit = units[index];
  if (!unit) return null;
  const bigger = units[index - 1];
  if (bigger && Number((abs / unit.size).toFixed(1)) >= 1000) {
    return `${trim(abs / bigger.size)}${bigger.suffix}`;
  }
  return `${trim(abs / unit.size)}${unit.suffix}`;
}

const COUNT_UNITS: readonly Unit[] = [
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
];

/** Chart tooltip: 950 → '950', 1,500 → '1.5K', 2,300,000 → '2.3M'; 1,000 itself stays '1000'. */
export function abbreviateCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  const compact = scaled(Math.abs(value), COUNT_UNITS, (abs, size) => abs > size);
  if (compact) return `${sign}${compact}`;
  return Number.isInteger(value) ? String(value) : trim(value);
}

const USD_UNITS: readonly Unit[] = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
];

/** Money in cents as compact USD: 123456 → '$1.2K', 99 → '$0.99', -250000 → '-$2.5K'. */
export function formatUsdCompact(cents: number): string {
  const dollars = Math.abs(cents) / 100;
  const sign = cents < 0 ? '-' : '';
  const compact = scaled(dollars, USD_UNITS, (abs, size) => abs >= size);
  return `${sign}$${compact ?? dollars.toFixed(2)}`;
}
