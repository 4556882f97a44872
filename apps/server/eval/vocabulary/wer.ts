/**
 * Word error rate, the usual speech-recognition measure: the fewest word substitutions, deletions
 * and insertions that turn the hypothesis into the reference, over the reference's word count.
 * Texts are compared after normalisation, so only the words count: case, punctuation and
 * hyphenation ("tune-up", "Wi-Fi") are not errors. Numbers are not spelled out: a reference digit
 * ("4418") counts as an error against any engine that writes words.
 */

/** Lowercase words; hyphens and slashes split words, apostrophes inside a word stay ("i'm"). */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[-/]/g, ' ')
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w !== '');
}

export interface WordErrors {
  substitutions: number;
  deletions: number;
  insertions: number;
  /** Reference words. */
  words: number;
}

/** Levenshtein distance over words, with the kind of each edit (one row of the table at a time). */
export function wordErrors(
  reference: readonly string[],
  hypothesis: readonly string[],
): WordErrors {
  type Cell = { cost: number; s: number; d: number; i: number };
  let previous: Cell[] = hypothesis.map((_, j) => ({ cost: j + 1, s: 0, d: 0, i: j + 1 }));
  previous.unshift({ cost: 0, s: 0, d: 0, i: 0 });
  for (let r = 1; r <= reference.length; r++) {
    const row: Cell[] = [{ cost: r, s: 0, d: r, i: 0 }];
    for (let h = 1; h <= hypothesis.length; h++) {
      const same = reference[r - 1] === hypothesis[h - 1];
      const diagonal = previous[h - 1]!;
      const up = previous[h]!;
      const left = row[h - 1]!;
      const options: Cell[] = [
        { ...diagonal, cost: diagonal.cost + (same ? 0 : 1), s: diagonal.s + (same ? 0 : 1) },
        { ...up, cost: up.cost + 1, d: up.d + 1 },
        { ...left, cost: left.cost + 1, i: left.i + 1 },
      ];
      row.push(options.reduce((best, o) => (o.cost < best.cost ? o : best)));
    }
    previous = row;
  }
  const last = previous[hypothesis.length]!;
  return {
    substitutions: last.s,
    deletions: last.d,
    insertions: last.i,
    words: reference.length,
  };
}

export const errorCount = (e: WordErrors) => e.substitutions + e.deletions + e.insertions;

/** Errors over reference words; 0 for an empty reference with an empty hypothesis. */
export function wordErrorRate(e: WordErrors): number {
  if (e.words === 0) return errorCount(e) === 0 ? 0 : 1;
  return errorCount(e) / e.words;
}

/** Where the term's words occur as a run in `words`. */
export function occurrences(term: readonly string[], words: readonly string[]): number {
  if (term.length === 0) return 0;
  let count = 0;
  for (let i = 0; i + term.length <= words.length; i++) {
    if (term.every((w, k) => words[i + k] === w)) count++;
  }
  return count;
}

/**
 * A vocabulary term in one clip: how often the reference says it, how many of those the hypothesis
 * has (counted, not aligned: min of the two counts), and how many more the hypothesis has (false
 * alarms, which a boosted word could cause).
 */
export function termHits(
  term: string,
  reference: readonly string[],
  hypothesis: readonly string[],
): { said: number; found: number; extra: number } {
  const words = normaliseWords(term);
  const said = occurrences(words, reference);
  const heard = occurrences(words, hypothesis);
  return { said, found: Math.min(said, heard), extra: Math.max(0, heard - said) };
}
