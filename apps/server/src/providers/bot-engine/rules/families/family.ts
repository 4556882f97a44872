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
  /**
   * The patterns a few to a regex: most sentences say none of them, and a few scans tell. (One
   * regex of all of them scanned ten times slower: past a size V8 no longer compiles a regex to
   * machine code.)
   */
  any: RegExp[];
  /** The patterns of each regex of `any`, in the same order. */
  chunks: FamilyPattern[][];
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
    any: inChunks(patterns, ANY_CHUNK).map(
      (chunk) => new RegExp(chunk.map((p) => p.re.source).join('|'), 'i'),
    ),
    chunks: inChunks(patterns, ANY_CHUNK),
    exclude: (options.exclude ?? []).map(words),
    requires: options.requires ?? [],
  };
}

const ANY_CHUNK = 8;
const inChunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, k) =>
    items.slice(k * size, (k + 1) * size),
  );

/**
 * The family's patterns that may match a text (in order): those of each regex of `any` that
 * matches it. Most sentences say none, and the rest say one or two.
 */
export function patternsSaid(family: PhraseFamily, text: string): readonly FamilyPattern[] {
  let said: FamilyPattern[] | null = null;
  for (let k = 0; k < family.any.length; k++) {
    if (family.any[k]!.test(text)) (said ??= []).push(...family.chunks[k]!);
  }
  return said ?? NONE;
}
const NONE: readonly FamilyPattern[] = [];
