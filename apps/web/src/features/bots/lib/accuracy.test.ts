import { describe, expect, it } from 'vitest';
import { versionAccuracy } from './accuracy';

describe('versionAccuracy', () => {
  it('is correct / (correct + wrong) with the counts', () => {
    expect(versionAccuracy({ correct: 7, wrong: 1 })).toEqual({
      ratio: 0.875,
      label: '88%',
      detail: '7 correct, 1 wrong',
    });
  });

  it('is a dash without marks', () => {
    expect(versionAccuracy({ correct: 0, wrong: 0 })).toMatchObject({ ratio: null, label: '—' });
  });
});
