import type { AmountPeriod } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { pairDollars, type PairHints } from './price-speak.js';

const hints = (overrides: Partial<PairHints> = {}): PairHints => ({
  per: null,
  itemSize: null,
  besideThousands: false,
  financing: false,
  ...overrides,
});

describe('pairDollars: how "X Y" price speak reads', () => {
  it.each<[string, number, number, Partial<PairHints>, number]>([
    ['three forty-nine', 3, 49, {}, 349],
    ['one fifty', 1, 50, {}, 150],
    ['one forty-nine a month', 1, 49, { per: 'month' }, 149],
    ['nine ninety-nine a month (a plan)', 9, 99, { per: 'month' }, 9.99],
    ['six sixty-one a month (financing)', 6, 61, { per: 'month', financing: true }, 661],
    [
      'six sixty-one a month beside an eleven-nine system',
      6,
      61,
      { per: 'month', besideThousands: true },
      661,
    ],
    ['twenty-four ninety-nine a month', 24, 99, { per: 'month' }, 24.99],
    ['twenty-four ninety-nine for the system', 24, 99, { itemSize: 'thousands' }, 2499],
    ['seventy-nine fifty for the service call', 79, 50, { itemSize: 'tens' }, 79.5],
    ['nineteen ninety-five, nothing named', 19, 95, {}, 19.95],
    ['fifteen fifty, nothing named', 15, 50, {}, 1550],
    ['thirteen ninety-five beside fifteen fifty', 13, 95, { besideThousands: true }, 1395],
  ])('%s', (_said, first, second, overrides, dollars) => {
    expect(pairDollars({ first, second }, hints(overrides))).toBeCloseTo(dollars, 6);
  });

  it('reads a rate as dollars and cents whatever the item', () => {
    for (const per of ['month', 'year', 'visit', 'hour'] as AmountPeriod[]) {
      expect(pairDollars({ first: 29, second: 99 }, hints({ per, itemSize: 'thousands' }))).toBe(
        29.99,
      );
    }
  });
});
