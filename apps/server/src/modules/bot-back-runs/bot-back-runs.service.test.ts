import { describe, expect, it } from 'vitest';
import { estimateCents } from './bot-back-runs.service.js';

describe('estimateCents', () => {
  it('costs nothing for rules bots, whatever was metered', () => {
    expect(estimateCents('rules', 500, 1_234)).toBe(0);
  });

  it('multiplies the average thousandths of a cent and rounds up once', () => {
    expect(estimateCents('llm', 1, 7)).toBe(1);
    expect(estimateCents('llm', 1_000, 1_500)).toBe(1_500);
    expect(estimateCents('llm', 3, 333.4)).toBe(2);
  });

  it('is 0 before the version has any metered result, or with nothing to run', () => {
    expect(estimateCents('llm', 40, 0)).toBe(0);
    expect(estimateCents('llm', 0, 900)).toBe(0);
  });
});
