import type { SpanMatch } from './bot-constants';

/** Issue 9 §2: where a quote given back by an engine sits in the transcript text. */
export interface LocatedSpan {
  start: number;
  /** Exclusive. */
  end: number;
  match: SpanMatch;
  /** 1 for exact/normalised, the alignment score for fuzzy. */
  score: number;
}

/**
 * Finds `quote` in `transcript`: exactly, then after normalising case, whitespace, quote marks and
 * NFKC, then by fuzzy token alignment above a threshold. Returns null for a quote that matches
 * nothing. Offsets are UTF-16 indexes into the original transcript.
 * CONTRACT STUB: implemented by the engines work stream (issue 9).
 */
export function locateQuote(transcript: string, quote: string): LocatedSpan | null {
  const start = transcript.indexOf(quote);
  return quote !== '' && start >= 0
    ? { start, end: start + quote.length, match: 'exact', score: 1 }
    : null;
}
