import type { SpanMatch } from './bot-constants';

/** Where a quote given back by an engine sits in the transcript text. */
export interface LocatedSpan {
  start: number;
  /** Exclusive. */
  end: number;
  match: SpanMatch;
  /** 1 for exact/normalised, the alignment score for fuzzy. */
  score: number;
}

/** A fuzzy alignment below this score is no match: the quote is dropped. */
export const FUZZY_MATCH_THRESHOLD = 0.8;
/** Fuzzy alignment needs at least this many words in the quote; shorter ones match too easily. */
const FUZZY_MIN_TOKENS = 2;
/** Two words whose character similarity is below this count as different words. */
const WORD_SIMILARITY_FLOOR = 0.7;

const QUOTE_MARKS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '`': "'",
  '\u00B4': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
};
const DASH = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/u;
const WHITESPACE = /\s/u;
const COMBINING_MARK = /\p{M}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** One normalised character and the original UTF-16 span it came from. */
interface NormalisedText {
  text: string;
  /** Per normalised UTF-16 unit: original start offset of the source it came from. */
  starts: number[];
  /** Per normalised UTF-16 unit: original end offset (exclusive) of that source. */
  ends: number[];
}

/**
 * Case, whitespace runs, quote marks, dashes and NFKC folded away, keeping for every unit of the
 * result the original offsets it came from. A base character and its combining marks are one
 * source unit, so NFKC composes them as it would in the whole string.
 */
function normaliseWithMap(original: string): NormalisedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const emit = (piece: string, start: number, end: number) => {
    text += piece;
    for (let k = 0; k < piece.length; k++) {
      starts.push(start);
      ends.push(end);
    }
  };
  let i = 0;
  while (i < original.length) {
    const first = original.codePointAt(i)!;
    let j = i + (first > 0xffff ? 2 : 1);
    const char = original.slice(i, j);
    if (WHITESPACE.test(char)) {
      while (j < original.length && WHITESPACE.test(original[j]!)) j++;
      // Only the quote's own trimming decides about edges; a run inside becomes one space.
      emit(' ', i, j);
      i = j;
      continue;
    }
    while (j < original.length) {
      const next = original.codePointAt(j)!;
      const nextChar = String.fromCodePoint(next);
      if (!COMBINING_MARK.test(nextChar)) break;
      j += nextChar.length;
    }
    emit(foldUnit(original.slice(i, j)), i, j);
    i = j;
  }
  return { text, starts, ends };
}

function foldUnit(unit: string): string {
  let folded = unit.normalize('NFKC').toLowerCase();
  // NFKC can turn a character into spaces (e.g. U+00A0 is already whitespace, U+2002 too).
  folded = folded.replace(/\s+/gu, ' ');
  let out = '';
  for (const ch of folded) out += QUOTE_MARKS[ch] ?? (DASH.test(ch) ? '-' : ch);
  return out;
}

/** The normalised form of a quote (no offsets needed), trimmed. */
function normaliseQuote(quote: string): string {
  return normaliseWithMap(quote).text.trim();
}

interface Token {
  /** Normalised word. */
  word: string;
  start: number;
  end: number;
}

/** Words (letters/digits, with inner apostrophes) of normalised text, with original offsets. */
function tokenise(normalised: NormalisedText): Token[] {
  const tokens: Token[] = [];
  const { text, starts, ends } = normalised;
  let i = 0;
  while (i < text.length) {
    if (!WORD_CHAR.test(text[i]!)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (
      j < text.length &&
      (WORD_CHAR.test(text[j]!) ||
        (text[j] === "'" && j + 1 < text.length && WORD_CHAR.test(text[j + 1]!)))
    ) {
      j++;
    }
    tokens.push({ word: text.slice(i, j), start: starts[i]!, end: ends[j - 1]! });
    i = j;
  }
  return tokens;
}

/** Levenshtein distance of two short strings (two rows). */
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, k) => k);
  let curr = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    for (let k = 1; k <= b.length; k++) {
      curr[k] = Math.min(
        prev[k]! + 1,
        curr[k - 1]! + 1,
        prev[k - 1]! + (a[i - 1] === b[k - 1] ? 0 : 1),
      );
    }
    [prev, curr] = [curr, prev];
  }
  return prev[b.length]!;
}

/** Cost (0..1) of aligning two words: 0 when equal, partial for near spellings, else 1. */
function wordCost(a: string, b: string): number {
  if (a === b) return 0;
  const longest = Math.max(a.length, b.length);
  // The length difference alone is a lower bound on the distance.
  if (Math.abs(a.length - b.length) / longest > 1 - WORD_SIMILARITY_FLOOR) return 1;
  const similarity = 1 - editDistance(a, b) / longest;
  return similarity >= WORD_SIMILARITY_FLOOR ? 1 - similarity : 1;
}

/**
 * Semi-global alignment (Sellers) of the quote's words against the transcript's: the quote must be
 * aligned whole, the transcript window is free to start and end anywhere. Word costs are cached per
 * distinct word, and only stretches dense enough in the quote's words are aligned, so a long
 * transcript costs O(n) plus O(stretch·m) per candidate stretch.
 */
function alignFuzzy(tokens: Token[], quoteWords: string[]): LocatedSpan | null {
  const m = quoteWords.length;
  if (m < FUZZY_MIN_TOKENS || tokens.length === 0) return null;

  // Per distinct transcript word: its cost against each quote word (one Levenshtein per pair),
  // and whether it is close to any quote word (a "hit").
  const cache = new Map<string, { costs: Float64Array; hit: boolean }>();
  const costs: Float64Array[] = [];
  const hits = new Int32Array(tokens.length + 1); // prefix sums of hits
  tokens.forEach((token, j) => {
    let entry = cache.get(token.word);
    if (!entry) {
      const wordCosts = new Float64Array(m);
      let hit = false;
      for (let i = 0; i < m; i++) {
        wordCosts[i] = wordCost(quoteWords[i]!, token.word);
        if (wordCosts[i]! < 1) hit = true;
      }
      entry = { costs: wordCosts, hit };
      cache.set(token.word, entry);
    }
    costs.push(entry.costs);
    hits[j + 1] = hits[j]! + (entry.hit ? 1 : 0);
  });

  // Windowing: a window scoring at least T is at most m/T words long and holds at least
  // m − (1−T)·m/T hits (every other quote word costs 1), so only stretches of the transcript with
  // that many hits in m/T words are aligned; the rest of a long transcript is skipped.
  const width = Math.max(1, Math.floor(m / FUZZY_MATCH_THRESHOLD));
  const minHits = Math.ceil(m - ((1 - FUZZY_MATCH_THRESHOLD) * m) / FUZZY_MATCH_THRESHOLD - 1e-9);
  let best: Alignment | null = null;
  let regionStart = -1;
  let regionEnd = -1;
  const flush = () => {
    if (regionStart < 0) return;
    const found = alignRegion(costs, regionStart, regionEnd, m);
    if (found && (!best || found.score > best.score)) best = found;
    regionStart = -1;
  };
  for (let s = 0; s < tokens.length; s++) {
    const e = Math.min(tokens.length, s + width);
    if (hits[e]! - hits[s]! < minHits) continue;
    if (regionStart >= 0 && s <= regionEnd) regionEnd = Math.max(regionEnd, e);
    else {
      flush();
      regionStart = s;
      regionEnd = e;
    }
  }
  flush();
  const result = best as Alignment | null;
  if (!result || result.score < FUZZY_MATCH_THRESHOLD) return null;
  return {
    start: tokens[result.from]!.start,
    end: tokens[result.to - 1]!.end,
    match: 'fuzzy',
    score: Math.round(Math.min(1, Math.max(0, result.score)) * 1000) / 1000,
  };
}

interface Alignment {
  score: number;
  /** Transcript words [from, to). */
  from: number;
  to: number;
}

/** The best-scoring window within transcript words [lo, hi), by edit distance over words. */
function alignRegion(
  costs: readonly Float64Array[],
  lo: number,
  hi: number,
  m: number,
): Alignment | null {
  // cost[i] / from[i]: best alignment of quote words 0..i-1 ending at the current transcript word,
  // and the transcript word where that window starts.
  let prevCost = new Float64Array(m + 1);
  let prevFrom = new Int32Array(m + 1);
  let currCost = new Float64Array(m + 1);
  let currFrom = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) {
    prevCost[i] = i;
    prevFrom[i] = lo;
  }
  let best: Alignment | null = null;
  for (let j = lo + 1; j <= hi; j++) {
    const wordCosts = costs[j - 1]!;
    currCost[0] = 0;
    currFrom[0] = j; // an empty prefix of the quote starts after this word
    for (let i = 1; i <= m; i++) {
      let c = prevCost[i - 1]! + wordCosts[i - 1]!;
      let from = i === 1 ? j - 1 : prevFrom[i - 1]!;
      const extraWord = prevCost[i]! + 1; // a transcript word the quote left out
      if (extraWord < c) {
        c = extraWord;
        from = prevFrom[i]!;
      }
      const missingWord = currCost[i - 1]! + 1; // a quote word the transcript does not have
      if (missingWord < c) {
        c = missingWord;
        from = currFrom[i - 1]!;
      }
      currCost[i] = c;
      currFrom[i] = from;
    }
    const from = currFrom[m]!;
    const windowLength = j - from;
    if (windowLength > 0) {
      const score = 1 - currCost[m]! / Math.max(m, windowLength);
      if (!best || score > best.score) best = { score, from, to: j };
    }
    [prevCost, currCost] = [currCost, prevCost];
    [prevFrom, currFrom] = [currFrom, prevFrom];
  }
  return best;
}

/**
 * A transcript prepared once for locating many quotes (an engine answer has several): the
 * normalised text and its words are computed on first need.
 */
export function createQuoteLocator(transcript: string): (quote: string) => LocatedSpan | null {
  let normalised: NormalisedText | null = null;
  let tokens: Token[] | null = null;
  return (quote: string) => {
    if (quote.trim() === '') return null;
    const exact = transcript.indexOf(quote);
    if (exact >= 0) return { start: exact, end: exact + quote.length, match: 'exact', score: 1 };

    normalised ??= normaliseWithMap(transcript);
    const needle = normaliseQuote(quote);
    if (needle === '') return null;
    const at = normalised.text.indexOf(needle);
    if (at >= 0) {
      return {
        start: normalised.starts[at]!,
        end: normalised.ends[at + needle.length - 1]!,
        match: 'normalised',
        score: 1,
      };
    }

    tokens ??= tokenise(normalised);
    const quoteWords = tokenise(normaliseWithMap(quote)).map((t) => t.word);
    return alignFuzzy(tokens, quoteWords);
  };
}

/**
 * Finds `quote` in `transcript`: exactly, then after normalising case, whitespace, quote marks,
 * dashes and NFKC, then by fuzzy word alignment scoring at least FUZZY_MATCH_THRESHOLD. Returns
 * null for a quote that matches nothing. Offsets are UTF-16 indexes into the original transcript.
 */
export function locateQuote(transcript: string, quote: string): LocatedSpan | null {
  return createQuoteLocator(transcript)(quote);
}

export interface LocatedQuote extends LocatedSpan {
  /** The quote as given. */
  quote: string;
  /** The transcript text between the offsets. */
  text: string;
}

/** Locates several quotes in one transcript; quotes that match nothing are counted, not returned. */
export function locateQuotes(
  transcript: string,
  quotes: readonly string[],
): { located: LocatedQuote[]; unmatched: number } {
  const locate = createQuoteLocator(transcript);
  const located: LocatedQuote[] = [];
  let unmatched = 0;
  for (const quote of quotes) {
    const span = locate(quote);
    if (span) located.push({ ...span, quote, text: transcript.slice(span.start, span.end) });
    else unmatched++;
  }
  return { located, unmatched };
}
