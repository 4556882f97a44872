import { describe, expect, it } from 'vitest';
import { abbreviateCount, formatUsdCompact } from './number-format';

describe('abbreviateCount (chart tooltips: K above 1,000, M above 1,000,000)', () => {
  it('keeps small counts whole', () => {
    expect(abbreviateCount(0)).toBe('0');
    expect(abbreviateCount(950)).toBe('950');
    expect(abbreviateCount(1_000)).toBe('1000');
    expect(abbreviateCount(12.25)).toBe('12.3');
  });

  it('abbreviates thousands and millions to one decimal', () => {
    expect(abbreviateCount(1_001)).toBe('1K');
    expect(abbreviateCount(1_500)).toBe('1.5K');
    expect(abbreviateCount(12_340)).toBe('12.3K');
    expect(abbreviateCount(2_300_000)).toBe('2.3M');
    expect(abbreviateCount(1_250_000_000)).toBe('1250M');
    expect(abbreviateCount(-1_500)).toBe('-1.5K');
  });

  it('moves a figure that rounds to 1000K up to M', () => {
    expect(abbreviateCount(999_949)).toBe('999.9K');
    expect(abbreviateCount(999_999)).toBe('1M');
    expect(abbreviateCount(1_000_000)).toBe('1M');
    expect(abbreviateCount(-999_999)).toBe('-1M');
  });
});

describe('formatUsdCompact (K, M, B, T in USD, from cents)', () => {
  it('shows cents below a thousand dollars', () => {
    expect(formatUsdCompact(0)).toBe('$0.00');
    expect(formatUsdCompact(99)).toBe('$0.99');
    expect(formatUsdCompact(99_999)).toBe('$999.99');
  });

  it('abbreviates from a thousand dollars', () => {
    expect(formatUsdCompact(100_000)).toBe('$1K');
    expect(formatUsdCompact(123_456)).toBe('$1.2K');
    expect(formatUsdCompact(100_000_000)).toBe('$1M');
    expect(formatUsdCompact(250_000_000_000)).toBe('$2.5B');
    expect(formatUsdCompact(300_000_000_000_000)).toBe('$3T');
    expect(formatUsdCompact(-250_000)).toBe('-$2.5K');
  });

  it('moves a figure that rounds to 1000 of a unit to the next unit', () => {
    expect(formatUsdCompact(99_999_999)).toBe('$1M');
    expect(formatUsdCompact(99_994_000)).toBe('$999.9K');
    expect(formatUsdCompact(99_999_000_000)).toBe('$1B');
    expect(formatUsdCompact(99_999_000_000_000)).toBe('$1T');
  });
});
