import { DASHBOARD_CHART_MAX_BARS, DASHBOARD_OTHERS_KEY, type KeyValue } from '@fieldbot/shared';

/** Largest first, ties by name; zero values are left out (nothing to show). */
export function rankedDesc(rows: KeyValue[]): KeyValue[] {
  return rows
    .filter((row) => row.value > 0)
    .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
}

/** The first `max` bars of a ranked list, the rest summed into one 'Others' bar. */
export function withOthers(ranked: KeyValue[], max = DASHBOARD_CHART_MAX_BARS): KeyValue[] {
  if (ranked.length <= max) return ranked;
  const rest = ranked.slice(max).reduce((sum, row) => sum + row.value, 0);
  return [...ranked.slice(0, max), { id: null, key: DASHBOARD_OTHERS_KEY, value: rest }];
}
