import { describe, expect, it } from 'vitest';
import {
  errorCount,
  normaliseWords,
  occurrences,
  termHits,
  wordErrorRate,
  wordErrors,
} from '../eval/vocabulary/wer';

// The word error rate of eval/vocabulary (npm run eval:vocabulary): a pure function, tested here
// because the server project runs test/ and src/ only.
describe('word error rate', () => {
  it('normalises case, punctuation and hyphens, keeping apostrophes inside words', () => {
    expect(normaliseWords("I'm starting the furnace tune-up now. Wi-Fi? 'Quoted'")).toEqual([
      "i'm",
      'starting',
      'the',
      'furnace',
      'tune',
      'up',
      'now',
      'wi',
      'fi',
      'quoted',
    ]);
  });

  it('counts substitutions, deletions and insertions of the cheapest alignment', () => {
    const ref = normaliseWords('the run capacitor is bulging on top');
    expect(wordErrors(ref, ref)).toEqual({
      substitutions: 0,
      deletions: 0,
      insertions: 0,
      words: 7,
    });
    // road→run (S), "is" dropped (D), "a" added (I).
    const hyp = normaliseWords('the road capacitor bulging on a top');
    expect(wordErrors(ref, hyp)).toEqual({
      substitutions: 1,
      deletions: 1,
      insertions: 1,
      words: 7,
    });
    expect(wordErrorRate(wordErrors(ref, hyp))).toBeCloseTo(3 / 7);
  });

  it('is the Levenshtein distance at the edges: empty hypothesis, empty reference', () => {
    const ref = ['a', 'b', 'c'];
    expect(wordErrors(ref, [])).toEqual({
      substitutions: 0,
      deletions: 3,
      insertions: 0,
      words: 3,
    });
    expect(wordErrorRate(wordErrors(ref, []))).toBe(1);
    expect(wordErrors([], ['x', 'y'])).toEqual({
      substitutions: 0,
      deletions: 0,
      insertions: 2,
      words: 0,
    });
    expect(wordErrorRate(wordErrors([], []))).toBe(0);
    expect(wordErrorRate(wordErrors([], ['x']))).toBe(1);
    // Can exceed 1 when the engine adds words.
    expect(wordErrorRate(wordErrors(['a'], ['x', 'y', 'z']))).toBe(3);
  });

  it('agrees with a plain dynamic-programming distance on random word strings', () => {
    const distance = (a: string[], b: string[]) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++)
          d[i]![j] = Math.min(
            d[i - 1]![j]! + 1,
            d[i]![j - 1]! + 1,
            d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
      return d[a.length]![b.length]!;
    };
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const words = () =>
      Array.from({ length: Math.floor(random() * 12) }, () => 'abcd'[Math.floor(random() * 4)]!);
    for (let n = 0; n < 300; n++) {
      const a = words();
      const b = words();
      const e = wordErrors(a, b);
      expect(errorCount(e)).toBe(distance(a, b));
      expect(e.words).toBe(a.length);
    }
  });

  it('counts a term where its words run together, and hypotheses beyond the reference as extra', () => {
    const ref = normaliseWords('The compressor hums. Compressor off, the run capacitor too.');
    expect(occurrences(['run', 'capacitor'], ref)).toBe(1);
    expect(occurrences(['capacitor', 'run'], ref)).toBe(0);
    expect(termHits('Compressor', ref, normaliseWords('a compressor'))).toEqual({
      said: 2,
      found: 1,
      extra: 0,
    });
    expect(termHits('PRV', ref, normaliseWords('prv prv'))).toEqual({
      said: 0,
      found: 0,
      extra: 2,
    });
  });
});
