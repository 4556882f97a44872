import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUBLISHER_LIMITS } from '../publishers/publisher-info.schema';
import {
  MILLICENTS_PER_CENT,
  clientCostCents,
  clientCostMillicents,
  companyPricePerRunMillicents,
  effectiveMarkupPercent,
  formatUsdMillicents,
  millicentsToCents,
} from './pricing';

/** Client-cost arithmetic: unit cases, then properties over every markup the form accepts. */
const markup = fc.integer({ min: PUBLISHER_LIMITS.markupMin, max: PUBLISHER_LIMITS.markupMax });
/** Up to $100,000 of estimated cost in millicents: a very large publisher month. */
const millicents = fc.integer({ min: 0, max: 10_000_000_000 });
const cents = fc.integer({ min: 0, max: 10_000_000 });

/** cost × (1 + markup/100) in cents, rounded half up once, in exact integer arithmetic. */
function referenceCents(estimatedMillicents: number, markupPercent: number): bigint {
  const scaled = BigInt(estimatedMillicents) * BigInt(100 + markupPercent);
  return (scaled + 50_000n) / 100_000n;
}

describe('effectiveMarkupPercent', () => {
  it('uses the client override when set, even 0, else the default', () => {
    expect(effectiveMarkupPercent(20, null)).toBe(20);
    expect(effectiveMarkupPercent(20, undefined)).toBe(20);
    expect(effectiveMarkupPercent(20, 0)).toBe(0);
    expect(effectiveMarkupPercent(20, 35)).toBe(35);
  });

  it('is the override whenever there is one', () => {
    fc.assert(
      fc.property(markup, fc.option(markup, { nil: null }), (fallback, override) => {
        expect(effectiveMarkupPercent(fallback, override)).toBe(override ?? fallback);
      }),
    );
  });
});

describe('clientCostCents', () => {
  it('adds the markup and rounds to cents once, half up', () => {
    expect(clientCostCents(100_000, 20)).toBe(120); // $1.00 + 20% = $1.20
    expect(clientCostCents(0, 500)).toBe(0);
    expect(clientCostCents(6_500, 0)).toBe(7); // 6.5 cents, half up
    expect(clientCostCents(1_250, 20)).toBe(2); // 1.5 cents, half up
    expect(clientCostCents(1_249, 20)).toBe(1); // 1.4988 cents
    // Three runs of 0.4 cents: rounding the sum once charges 1 cent; per run would charge 0.
    expect(clientCostCents(3 * 400, 0)).toBe(1);
    expect(3 * clientCostCents(400, 0)).toBe(0);
  });

  it('equals cost × (1 + markup/100) rounded half up once, for any amount and markup', () => {
    fc.assert(
      fc.property(millicents, markup, (amount, percent) => {
        expect(BigInt(clientCostCents(amount, percent))).toBe(referenceCents(amount, percent));
      }),
    );
  });

  it('is exact for whole-cent costs whose marked-up amount is whole cents', () => {
    fc.assert(
      fc.property(cents, markup, (c, percent) => {
        fc.pre((c * (100 + percent)) % 100 === 0);
        expect(clientCostCents(c * MILLICENTS_PER_CENT, percent)).toBe((c * (100 + percent)) / 100);
      }),
    );
    // Any whole-dollar cost is such an amount.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), markup, (dollars, percent) => {
        expect(clientCostCents(dollars * 100 * MILLICENTS_PER_CENT, percent)).toBe(
          dollars * (100 + percent),
        );
      }),
    );
  });

  it('never falls below the cost and grows with the cost', () => {
    fc.assert(
      fc.property(millicents, millicents, markup, (a, b, percent) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(clientCostCents(low, percent)).toBeLessThanOrEqual(clientCostCents(high, percent));
        expect(clientCostCents(low, percent)).toBeGreaterThanOrEqual(millicentsToCents(low));
      }),
    );
  });

  it('grows with the markup', () => {
    fc.assert(
      fc.property(millicents, markup, markup, (amount, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(clientCostCents(amount, low)).toBeLessThanOrEqual(clientCostCents(amount, high));
      }),
    );
  });
});

describe('per-run client costs summed, against the summed estimate marked up once', () => {
  /**
   * The clients list sums each run's client_cost_millicents (each rounded to a millicent when
   * metered) and rounds the sum to cents; clientCostCents marks up the summed estimate once. Each
   * run is off by at most half a millicent, so n runs differ by at most n/2 millicents before the
   * final rounding, which adds at most one cent.
   */
  const runs = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 200 });

  it('stays within 1 + n/2000 cents for n runs at one markup', () => {
    fc.assert(
      fc.property(runs, markup, (estimates, percent) => {
        const perRun = millicentsToCents(
          estimates.reduce((sum, e) => sum + clientCostMillicents(e, percent), 0),
        );
        const once = clientCostCents(
          estimates.reduce((sum, e) => sum + e, 0),
          percent,
        );
        const bound = Math.floor(1 + estimates.length / 2000);
        expect(Math.abs(perRun - once)).toBeLessThanOrEqual(bound);
      }),
    );
  });

  it('agrees exactly when every run is priced in whole cents (the price per run alone)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 200 }),
        markup,
        (c, percent) => {
          const estimates = c.map((value) => value * MILLICENTS_PER_CENT);
          const perRun = estimates.reduce((sum, e) => sum + clientCostMillicents(e, percent), 0);
          expect(millicentsToCents(perRun)).toBe(
            clientCostCents(
              estimates.reduce((sum, e) => sum + e, 0),
              percent,
            ),
          );
        },
      ),
    );
  });

  it('can differ: many sub-millicent roundings add up', () => {
    // 2,000 runs of 1 millicent at 50%: each run is metered at 2 millicents (1.5 half up), so
    // 4,000 millicents = 4 cents; the summed estimate marked up once is 3,000 millicents = 3 cents.
    expect(millicentsToCents(2_000 * clientCostMillicents(1, 50))).toBe(4);
    expect(clientCostCents(2_000, 50)).toBe(3);
  });
});

describe('companyPricePerRunMillicents', () => {
  it('is the price plus the markup, exactly, in millicents', () => {
    expect(companyPricePerRunMillicents(5, 30)).toBe(6_500);
    expect(companyPricePerRunMillicents(5, 0)).toBe(5_000);
    fc.assert(
      fc.property(cents, markup, (price, percent) => {
        const value = companyPricePerRunMillicents(price, percent);
        expect(value).toBe(price * 10 * (100 + percent));
        expect(value).toBe(clientCostMillicents(price * MILLICENTS_PER_CENT, percent));
      }),
    );
  });

  it('grows with the price and the markup', () => {
    fc.assert(
      fc.property(cents, markup, markup, (price, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(companyPricePerRunMillicents(price, low)).toBeLessThanOrEqual(
          companyPricePerRunMillicents(price, high),
        );
        expect(companyPricePerRunMillicents(price, low)).toBeLessThanOrEqual(
          companyPricePerRunMillicents(price + 1, low),
        );
      }),
    );
  });
});

describe('formatUsdMillicents', () => {
  it('shows a tenth of a cent only when there is one', () => {
    expect(formatUsdMillicents(6_500)).toBe('$0.065');
    expect(formatUsdMillicents(5_000)).toBe('$0.05');
    expect(formatUsdMillicents(0)).toBe('$0.00');
    expect(formatUsdMillicents(123_456_000)).toBe('$1,234.56');
    expect(formatUsdMillicents(123_456_700)).toBe('$1,234.567');
  });

  it('reads back as the same amount for every tenth of a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (tenths) => {
        const amount = tenths * 100;
        const text = formatUsdMillicents(amount);
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2,3}$/);
        const decimals = text.split('.')[1]!.length;
        expect(decimals).toBe(amount % MILLICENTS_PER_CENT === 0 ? 2 : 3);
        const [whole, fraction] = text.slice(1).replaceAll(',', '').split('.');
        const back = Number(whole) * 100_000 + Number(fraction!.padEnd(3, '0')) * 100;
        expect(back).toBe(amount);
      }),
    );
  });
});
