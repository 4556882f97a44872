/**
 * Money conversions, one place for server and web: amounts are integer cents everywhere inside;
 * dollars appear only at the edges (the API's capacity limits, a CRM's totals, PostgreSQL numeric).
 */

import { numberFormat } from '../format/intl-cache';

/** A capacity limit (US dollars, spec §3 soft/hard_capacity) in cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Stored cents as the API's dollars: 50050 → 500.5. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** A nullable limit both ways: the API's dollars and the stored cents. */
export function nullableCents(dollars: number | null | undefined): number | null {
  return dollars === null || dollars === undefined ? null : dollarsToCents(dollars);
}
export function nullableDollars(cents: number | null): number | null {
  return cents === null ? null : centsToDollars(cents);
}

/** True when dollars name a whole number of cents (500.5 yes, 0.505 no), allowing float noise. */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** Exact decimal money text (a CRM's amount, PostgreSQL numeric) to integer cents: '19.9' → 1990. */
export function moneyTextToCents(text: string): number;
export function moneyTextToCents(text: string | null): number | null;
export function moneyTextToCents(text: string | null): number | null {
  if (text === null) return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not a money amount: ${text}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Integer cents to decimal money text without floating point: 1990 → '19.90'. */
export function centsToMoneyText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not whole cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats cents as US dollars: 123456 → "$1,234.56". */
export function formatUsd(cents: number): string {
  return numberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/**
 * A decimal dollar amount (a CRM's JSON number or text) to integer cents without floating point: the number's shortest text
 * (which is what the JSON said) is rounded half away from zero to two decimals, then parsed exactly.
 */
export function dollarAmountToCents(total: number | string | null | undefined): number | null {
  if (total === null || total === undefined || total === '') return null;
  const text = typeof total === 'number' ? decimalText(total) : total.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new Error(`not a money amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length <= 2) return moneyTextToCents(`${sign}${whole}.${fraction.padEnd(2, '0')}`);
  const cents = BigInt(whole + fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1n : 0n);
  return Number(sign ? -cents : cents);
}

function decimalText(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a money amount: ${value}`);
  const text = String(value);
  // Exponent form only for tiny or huge values; toFixed(20) is exact enough for cents there.
  return text.includes('e') ? value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : text;
}
