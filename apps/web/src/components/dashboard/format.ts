/** Number formats of the dashboard cards and lists (money: formatUsdCompact from the shared package). */

/** A count with thousands separators: 12345 → '12,345'. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** A ratio as a percentage: 0.4567 → '45.7%', 1 → '100%'. */
export function formatPercent(ratio: number): string {
  return `${Number((ratio * 100).toFixed(1))}%`;
}

/**
 * A change against the previous month (a fraction, as `change()` returns it) with its sign:
 * 0.125 → '+12.5%', -0.5 → '−50%', 0 → '0%'. One decimal below 10 %, whole percents above.
 */
export function formatChange(fraction: number): string {
  const percent = fraction * 100;
  const abs = Math.abs(percent);
  const digits = abs < 10 ? Number(abs.toFixed(1)) : Math.round(abs);
  if (digits === 0) return '0%';
  return `${percent > 0 ? '+' : '−'}${digits.toLocaleString('en-US')}%`;
}
