import { describe, expect, it } from 'vitest';
import { AMOUNT_CASES, NOT_AMOUNT_CASES } from '../../../../../eval/amount-cases.js';
import { findAmounts } from './index.js';

const read = (text: string, priceContext: boolean) =>
  findAmounts(text, { priceContext }).map(({ cents, per, text, kind }) => ({
    cents,
    per,
    text,
    kind,
  }));

describe('findAmounts', () => {
  it.each(AMOUNT_CASES.map((c) => [c.text, c] as const))('reads %j', (_text, c) => {
    expect(read(c.text, c.priceContext)).toEqual(c.amounts);
  });

  it.each(NOT_AMOUNT_CASES.map((c) => [c.text, c] as const))(
    'finds no amount in %j',
    (_text, c) => {
      expect(read(c.text, c.priceContext)).toEqual([]);
    },
  );

  it.each([
    ["It's three forty-nine."],
    ['Seven hundred and twenty.'],
    ['About ten K.'],
    ['Nineteen ninety-five.'],
  ])('reads a bare number in %j only in price talk', (text) => {
    expect(read(text, false)).toEqual([]);
    expect(read(text, true)).toHaveLength(1);
  });

  it.each([
    ["That's ninety-eight hundred."],
    ["That one's eleven-nine."],
    ['Twenty-two sixty, yep.'],
    ['Thirteen-oh-five.'],
  ])('reads %j, said in a shape used for prices alone, without price talk', (text) => {
    expect(read(text, false)).toHaveLength(1);
  });

  it.each([
    ['Twelve thirty works.'],
    ['Nineteen hundred.'],
    ['Nineteen oh five.'],
    ['Ten oh five.'],
    ['Three oh eight.'],
    ['A hundred and a quarter.'],
  ])('does not read %j without price talk', (text) => {
    expect(read(text, false)).toEqual([]);
  });

  it('gives offsets into the text it was given', () => {
    const text = 'So, uh, the part is $89.95 and labor is one fifty, or about two forty total.';
    const found = findAmounts(text);
    expect(found.map((a) => a.cents)).toEqual([8995, 15000, 24000]);
    for (const amount of found) {
      expect(text.slice(amount.start, amount.end)).toBe(amount.text);
    }
  });

  it('keeps offsets exact around curly quotes and dashes', () => {
    const text = 'It’s four— sorry, three fifty, that’s with the “special”.';
    const [amount] = findAmounts(text, { priceContext: true });
    expect(amount).toMatchObject({ cents: 35000, text: 'three fifty' });
    expect(text.slice(amount!.start, amount!.end)).toBe('three fifty');
  });

  it('returns nothing for a text without a digit, number word or currency', () => {
    expect(
      findAmounts("Okay, I'll take a look at the outdoor unit.", { priceContext: true }),
    ).toEqual([]);
  });
});
