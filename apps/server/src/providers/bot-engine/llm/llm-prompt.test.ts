import { describe, expect, it } from 'vitest';
import { fitReferences } from './llm-prompt';

const ref = (name: string, length: number) => ({ file_id: name, name, text: 'a'.repeat(length) });

describe('fitReferences', () => {
  it('keeps every document whole within the budget', () => {
    expect(fitReferences([ref('a', 100), ref('b', 300)], 100)).toEqual([
      { name: 'a', text: 'a'.repeat(100), omittedChars: 0 },
      { name: 'b', text: 'a'.repeat(300), omittedChars: 0 },
    ]);
  });

  it('leaves what a short document does not use to the long ones, in their order', () => {
    // 250 tokens = 1000 characters: 100 for the short one, 450 each for the two long ones.
    const fitted = fitReferences([ref('long1', 5000), ref('short', 100), ref('long2', 800)], 250);
    expect(fitted.map((f) => [f.name, f.text.length, f.omittedChars])).toEqual([
      ['long1', 450, 4550],
      ['short', 100, 0],
      ['long2', 450, 350],
    ]);
  });

  it('sends nothing of any document with a zero budget', () => {
    expect(fitReferences([ref('a', 10)], 0)).toEqual([{ name: 'a', text: '', omittedChars: 10 }]);
  });
});
