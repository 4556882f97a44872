import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  centsToMoneyText,
  dollarAmountToCents,
  dollarsToCents,
  isWholeCents,
  moneyTextToCents,
} from './money';

describe('money text and cents', () => {
  it('reads decimal money text exactly', () => {
    expect(moneyTextToCents(null)).toBeNull();
    expect(moneyTextToCents('0.00')).toBe(0);
    expect(moneyTextToCents('10000.01')).toBe(1_000_001);
    expect(moneyTextToCents('0.1')).toBe(10);
    expect(moneyTextToCents('19.99')).toBe(1999);
    expect(moneyTextToCents('-5.50')).toBe(-550);
    expect(() => moneyTextToCents('1e3')).toThrow();
  });

  it('writes cents as decimal text without floating point, and round-trips', () => {
    expect(centsToMoneyText(0)).toBe('0.00');
    expect(centsToMoneyText(1_000_001)).toBe('10000.01');
    expect(centsToMoneyText(-550)).toBe('-5.50');
    for (const cents of [1, 29, 1005, 123_456_789, 999_999_999_99]) {
      expect(moneyTextToCents(centsToMoneyText(cents))).toBe(cents);
    }
    expect(() => centsToMoneyText(1.5)).toThrow();
  });

  it('accepts limits in whole cents only, and converts them both ways exactly', () => {
    for (const dollars of [0, 0.5, 500.5, 19.99, 0.07, 1.1, 10_000_000]) {
      expect(isWholeCents(dollars)).toBe(true);
      expect(centsToDollars(dollarsToCents(dollars))).toBe(dollars);
    }
    for (const dollars of [0.505, 1.001, 99.999, 0.0001]) expect(isWholeCents(dollars)).toBe(false);
  });

  it('turns a CRM decimal dollar amount (number or text) into exact integer cents', () => {
    expect(dollarAmountToCents(19.99)).toBe(1999);
    expect(dollarAmountToCents(1234.56)).toBe(123456);
    expect(dollarAmountToCents(0.1 + 0.2)).toBe(30);
    expect(dollarAmountToCents(1.005)).toBe(101);
    expect(dollarAmountToCents('250')).toBe(25000);
    expect(dollarAmountToCents(-12.5)).toBe(-1250);
    expect(dollarAmountToCents(123456789.99)).toBe(12345678999);
    expect(dollarAmountToCents(null)).toBeNull();
    expect(() => dollarAmountToCents('12,00')).toThrow();
  });
});
