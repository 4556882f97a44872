/**
 * Number formats of the dashboards (spec §9): chart tooltips abbreviate above 1,000 as K and above
 * 1,000,000 as M; the number formatter abbreviates K, M, B and T in USD.
 */

const trim = (value: number) => String(Number(value.toFixed(1)));

/** Chart tooltip: 950 → '950', 1,500 → '1.5K', 2,300,000 → '2.3M'. */
export function abbreviateCount(value: number): string {
  const abs = Math.abs(value);
  if (abs > 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (abs > 1_000) return `${trim(value / 1_000)}K`;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

const USD_UNITS = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** Money in cents as compact USD: 123456 → '$1.2K', 99 → '$0.99', -250000 → '-$2.5K'. */
export function formatUsdCompact(cents: number): string {
  const dollars = Math.abs(cents) / 100;
  const sign = cents < 0 ? '-' : '';
  const unit = USD_UNITS.find((u) => dollars >= u.size);
  if (!unit) return `${sign}$${dollars.toFixed(2)}`;
  return `${sign}$${trim(dollars / unit.size)}${unit.suffix}`;
}
