/**
 * A phrase matches a sentence when its words' roots appear in the sentence in order, with at most
 * MAX_GAP other words between neighbours: "offer plan" matches "I can offer you our plans".
 */
export const MAX_GAP = 3;

export function matchesPhrase(sentence: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  const from = (k: number, after: number): boolean => {
    if (k === phrase.length) return true;
    const last = k === 0 ? sentence.length - 1 : Math.min(sentence.length - 1, after + MAX_GAP + 1);
    for (let i = after + 1; i <= last; i++) {
      if (sentence[i] === phrase[k] && from(k + 1, i)) return true;
    }
    return false;
  };
  return from(0, -1);
}
