import { describe, expect, it } from 'vitest';
import { costMillicents } from './llm-cost';

describe('costMillicents', () => {
  it.each([
    // [tokens in, tokens out, cents/Mtok in, cents/Mtok out, millicents]
    [0, 0, 250, 1000, 0],
    [1, 0, 1, 0, 1], // 0.001 millicent rounds up to 1
    [1000, 0, 1, 0, 1], // exactly 1
    [1001, 0, 1, 0, 2],
    [1234, 567, 250, 1000, 876], // 308.5 + 567
    [3, 7, 333, 1, 2], // (999 + 7) / 1000 = 1.006
    [2_000_000, 500_000, 250, 1000, 1_000_000], // $5.00 + $5.00 = 1000 cents
    // Beyond 2^53 in the numerator, where floating point would lose the last unit.
    [9_007_199_254, 1, 1_000_001, 0, 9_007_208_261_200],
  ])('%i in, %i out at %i/%i cents per Mtok → %i', (tin, tout, pin, pout, expected) => {
    expect(costMillicents(tin, tout, pin, pout)).toBe(expected);
  });
});
