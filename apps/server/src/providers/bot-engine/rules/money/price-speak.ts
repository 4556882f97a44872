import type { AmountPeriod } from '@fieldbot/shared';
import type { SpokenPair } from './number-words.js';

/** What decides how "X Y" price speak reads. */
export interface PairHints {
  per: AmountPeriod | null;
  /** The item named nearest: a system or a repair ('thousands'), a service call or a filter ('tens'). */
  itemSize: 'thousands' | 'tens' | null;
  /** Another amount of the same sentence is $1,000 or more ("fifteen fifty minus one fifty-five, thirteen ninety-five"). */
  besideThousands: boolean;
  /** The text talks of financing ("spread over eighteen months", "payment plan"). */
  financing: boolean;
}

const CHARM_CENTS = new Set([95, 99]);

/**
 * The dollars of "X Y" price speak, Y of two digits.
 *
 * X under 10 is hundreds: "three forty-nine" = $349, "one fifty" = $150. A monthly rate of $500
 * and more is dollars and cents ("nine ninety-nine a month" = $9.99 for a plan) unless it is a
 * financing payment: the text talks of financing or names $1,000 or more ("on the eleven-nine
 * that'd be six sixty-one a month" = $661).
 *
 * X of 10 and more is either $X.Y or $XY00 + Y ("twenty-four ninety-nine": $24.99 or $2,499):
 * - a rate (a month, a visit, an hour, a year) is dollars and cents: $24.99 a month;
 * - then the item named nearest decides: a service call, a fee, a filter → $79.50; a system, an
 *   install, a repair → $2,499;
 * - then an amount of $1,000 or more in the same sentence makes it hundreds too;
 * - then a charm ending (.95, .99) is dollars and cents ("nineteen ninety-five" = $19.95), and
 *   anything else is hundreds ("fifteen fifty" = $1,550): one-off prices of $10–$99 with cents
 *   are rare in field service, jobs of $1,000–$9,999 are not.
 */
export function pairDollars(pair: SpokenPair, hints: PairHints): number {
  const hundreds = pair.first * 100 + pair.second;
  const dollarsAndCents = pair.first + pair.second / 100;
  if (pair.first < 10) {
    const payment = hints.financing || hints.besideThousands;
    return hints.per === 'month' && hundreds >= 500 && !payment ? dollarsAndCents : hundreds;
  }
  if (hints.per !== null) return dollarsAndCents;
  if (hints.itemSize !== null) return hints.itemSize === 'tens' ? dollarsAndCents : hundreds;
  if (hints.besideThousands) return hundreds;
  return CHARM_CENTS.has(pair.second) ? dollarsAndCents : hundreds;
}
