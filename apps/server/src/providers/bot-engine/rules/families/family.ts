import type { RuleFamily } from '@fieldbot/shared';

/**
 * A phrase family: the many ways people say one thing. Patterns are regular expressions over a
 * sentence's flattened text (fillers blanked, see transcript-sentences.ts) written with `words`,
 * where a space stands for any gap speech leaves between words (spaces, commas, dashes, blanked
 * fillers).
 */
export interface FamilyPattern {
  re: RegExp;
  /** False for patterns that carry their own negation ("not interested", "isn't working"). */
  negatable: boolean;
}

export interface PhraseFamily {
  id: RuleFamily;
  patterns: FamilyPattern[];
  /** All patterns in one regex: most sentences say none of them, and one scan tells. */
  any: RegExp;
  /** Near misses: a match in a clause that also matches one of these does not count. */
  exclude: RegExp[];
  /** Each of these must also be found in the sentence (e.g. a day or time for an offered slot). */
  requires: RegExp[];
}

const GAP = '[\\s,—–-]+';

/**
 * A case-insensitive, global regex (read with matchAll) from a pattern source whose spaces are
 * speech gaps; whole words only.
 */
export const words = (source: string): RegExp =>
  new RegExp(`\\b(?:${source.replace(/ /g, GAP)})(?![\\w'])`, 'gi');

export const says = (...sources: string[]): FamilyPattern[] =>
  sources.map((s) => ({ re: words(s), negatable: true }));

/** Patterns that hold their own negation, so a negation word never cancels them. */
export const saysNegative = (...sources: string[]): FamilyPattern[] =>
  sources.map((s) => ({ re: words(s), negatable: false }));

export function family(
  id: RuleFamily,
  patterns: FamilyPattern[],
  options: { exclude?: string[]; requires?: RegExp[] } = {},
): PhraseFamily {
  return {
    id,
    patterns,
    any: new RegExp(patterns.map((p) => p.re.source).join('|'), 'i'),
    exclude: (options.exclude ?? []).map(words),
    requires: options.requires ?? [],
  };
}
