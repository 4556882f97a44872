import { oncePer } from './memo.js';
import { isWord, stemsOf, type Token } from './text-analysis.js';

/**
 * A phrase matches a sentence when its words' stems appear in the sentence in order, with at
 * most MAX_GAP other words between neighbours: "offer plan" matches "I can offer you our plans".
 */
export const MAX_GAP = 3;

/** The matched words (first and last token), or null. */
export function matchPhrase(
  tokens: readonly Token[],
  phrase: readonly string[],
): { first: Token; last: Token } | null {
  if (phrase.length === 0) return null;
  const { words: sentence, stems } = wordsOf(tokens);
  if (!phrase.every((stem) => stems.has(stem))) return null;
  const from = (
    k: number,
    after: number,
    first: Token | null,
  ): { first: Token; last: Token } | null => {
    if (k === phrase.length) return { first: first!, last: sentence[after]! };
    const last = k === 0 ? sentence.length - 1 : Math.min(sentence.length - 1, after + MAX_GAP + 1);
    for (let i = after + 1; i <= last; i++) {
      if (sentence[i]!.stem !== phrase[k]) continue;
      const found = from(k + 1, i, first ?? sentence[i]!);
      if (found) return found;
    }
    return null;
  };
  return from(0, -1, null);
}

// A sentence's words and their stems, read by every phrase of every rule.
const wordsOf = oncePer((tokens: readonly Token[]) => {
  const words = tokens.filter(isWord);
  return { words, stems: new Set(words.map((t) => t.stem)) };
});

/**
 * Stems of a rule's phrase, computed the same way as the transcript's. A bot has up to 10 × 50
 * phrases and runs on every interaction, so each phrase is analysed once (the set is bounded by
 * the bots in use; it is emptied if it ever grows past PHRASES_MAX).
 */
export function phraseStems(phrase: string): readonly string[] {
  let stems = cache.get(phrase);
  if (!stems) {
    if (cache.size >= PHRASES_MAX) cache.clear();
    stems = stemsOf(phrase);
    cache.set(phrase, stems);
  }
  return stems;
}
const PHRASES_MAX = 20_000;
const cache = new Map<string, readonly string[]>();
