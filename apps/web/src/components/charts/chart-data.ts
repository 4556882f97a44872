import { abbreviateCount, DASHBOARD_OTHERS_KEY, type KeyValue } from '@fieldbot/shared';
import classes from './chart-palette.module.css';

/** Formats a bar's or slice's value (tooltips, axis, text alternative). */
export type ValueFormatter = (value: number) => string;

/** Spec §2: chart tooltips abbreviate above 1,000 as K and above 1,000,000 as M. */
export const defaultValueFormatter: ValueFormatter = abbreviateCount;

/** Where a bar or slice leads (e.g. the bot's page); null when it has no page. */
export type KeyValueHref = (row: KeyValue) => string | null;

export const paletteClass = classes.palette;
export const swatchClass = classes.swatch;

const PALETTE_SIZE = 10;

/** The n-th series colour (a CSS variable of chart-palette.module.css); 'Others' is grey. */
export function chartColor(row: KeyValue, index: number): string {
  if (row.key === DASHBOARD_OTHERS_KEY && row.id === null) return 'var(--chart-color-others)';
  return `var(--chart-color-${(index % PALETTE_SIZE) + 1})`;
}

/** Nothing to draw: no rows, or only zeros (the API omits zeros, but a chart must not draw air). */
export function isEmptyChart(data: readonly KeyValue[]): boolean {
  return !data.some((row) => row.value !== 0);
}

/** A label short enough for the bar chart's axis on a 390 px screen; the tooltip has it in full. */
export function axisLabel(key: string, max = 14): string {
  return key.length > max ? `${key.slice(0, max - 1)}…` : key;
}
