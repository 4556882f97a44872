/**
 * Billing arithmetic, one place for server (invoices, capacity) and web (price shown per run).
 * Amounts below a cent are kept in millicents (thousandths of a cent, integers); an invoice line
 * rounds once, half up, to whole cents.
 */

import { numberFormat } from '../format/intl-cache';

export const MILLICENTS_PER_CENT = 1000;

/** Spec §1: client cost = estimated cost + markup percent of it. Integer millicents, half up. */
export function clientCostMillicents(estimatedMillicents: number, markupPercent: number): number {
  return Math.round((estimatedMillicents * (100 + markupPercent)) / 100);
}

/** The markup a client pays: the publisher's override for this client when set, else its default. */
export function effectiveMarkupPercent(
  defaultPercent: number,
  clientOverridePercent: number | null | undefined,
): number {
  return clientOverridePercent ?? defaultPercent;
}

/**
 * Client cost of an estimated amount in whole cents, rounded once, half up (client cost =
 * cost × (1 + markup/100)). Sum the estimated millicents first, then call this once.
 */
export function clientCostCents(estimatedMillicents: number, markupPercent: number): number {
  return Math.round((estimatedMillicents * (100 + markupPercent)) / (100 * MILLICENTS_PER_CENT));
}

/** The price per run a company sees on the marketplace: the bot's price plus its markup. */
export function companyPricePerRunMillicents(pricePerRunCents: number, markupPercent: number) {
  return clientCostMillicents(pricePerRunCents * MILLICENTS_PER_CENT, markupPercent);
}

/** Formats millicents as US dollars with a tenth of a cent when it has one: 6500 → "$0.065". */
export function formatUsdMillicents(millicents: number): string {
  const digits = millicents % MILLICENTS_PER_CENT === 0 ? 2 : 3;
  return numberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(millicents / (100 * MILLICENTS_PER_CENT));
}

/** A bot run's estimated cost: the publisher's price per run plus the metered engine cost. */
export function botRunEstimatedMillicents(
  pricePerRunCents: number,
  engineMillicents: number,
): number {
  return pricePerRunCents * MILLICENTS_PER_CENT + engineMillicents;
}

/** Whole cents of a millicent amount, half up (one rounding per invoice line). */
export function millicentsToCents(millicents: number): number {
  return Math.round(millicents / MILLICENTS_PER_CENT);
}

/** Billed minutes of a month: the recorded seconds summed, then rounded up to whole minutes. */
export function billedMinutes(totalSeconds: number): number {
  return totalSeconds <= 0 ? 0 : Math.ceil(totalSeconds / 60 - 1e-9);
}

/** The minutes line of an invoice in cents. */
export function minutesChargeCents(totalSeconds: number, pricePerMinuteCents: number): number {
  return billedMinutes(totalSeconds) * pricePerMinuteCents;
}

/** Share of a limit spent, 0 when there is no limit. */
export function spentPercent(spentCents: number, limitCents: number | null): number {
  if (!limitCents || limitCents <= 0) return 0;
  return (spentCents / limitCents) * 100;
}

/** The soft-capacity thresholds (percent) reached by this spend, lowest first. */
export function reachedThresholds(
  spentCents: number,
  softCents: number | null,
  thresholds: readonly number[],
): number[] {
  const pct = spentPercent(spentCents, softCents);
  return thresholds.filter((t) => pct >= t);
}

/** True once the month's spend has reached the hard limit (no hard limit: never). */
export function hardLimitReached(spentCents: number, hardCents: number | null): boolean {
  return hardCents !== null && spentCents >= hardCents;
}
