import { oncePer } from './memo.js';
import type { TranscriptSentence } from './transcript-sentences.js';

/**
 * A sentence's clauses, as offsets into the transcript: speech strings clauses together with
 * commas, dashes and "but"/"so", and negation, exclusions and examples hold within one clause
 * ("No, Tuesday doesn't work, but Wednesday at ten is fine" has three).
 */
export interface Clause {
  start: number;
  end: number;
}

const BOUNDARY = /[,;:—–]|\s-\s|\b(?:but|so|though|although|except|and then|otherwise)\b/gi;

export const clausesOf = oncePer((sentence: TranscriptSentence): Clause[] => {
  const clauses: Clause[] = [];
  let from = 0;
  for (const m of sentence.flat.matchAll(BOUNDARY)) {
    if (m.index > from)
      clauses.push({ start: sentence.start + from, end: sentence.start + m.index });
    from = m.index + m[0].length;
  }
  if (from < sentence.flat.length) {
    clauses.push({ start: sentence.start + from, end: sentence.start + sentence.flat.length });
  }
  return clauses;
});

/** The clause holding an offset (the sentence itself when it has no clause there). */
export function clauseAt(sentence: TranscriptSentence, offset: number): Clause {
  return (
    clausesOf(sentence).find((c) => offset >= c.start && offset < c.end) ?? {
      start: sentence.start,
      end: sentence.end,
    }
  );
}
