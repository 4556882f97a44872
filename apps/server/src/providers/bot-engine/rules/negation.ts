import { clauseAt } from './clauses.js';
import type { TranscriptSentence } from './transcript-sentences.js';

// Words that turn a clause around: "not", "n't", "no", "never", "nothing", "nobody", "without".
const CUES = new Set(['not', "n't", 'no', 'never', 'nothing', 'nobody', 'none', 'without', 'nor']);
const isCue = (text: string) => CUES.has(text.toLowerCase()) || /n['’]t$/i.test(text);
/** How many words before a match a cue negates it even where wink-nlp saw no negation scope. */
const CUE_REACH = 4;

/**
 * Whether a match (offsets into the transcript) is negated within its clause: a negation word
 * stands before it in the same clause, and wink-nlp marks the match's words as in that
 * negation's scope or the word is close by. "I'm not worried about the price" is negated; "No,
 * but the price worries me" and "so this doesn't happen again — we've got the club" are not.
 */
export function isNegated(sentence: TranscriptSentence, start: number, end: number): boolean {
  const clause = clauseAt(sentence, start);
  const before = sentence.tokens.filter(
    (t) => t.start >= clause.start && t.end <= start && t.type !== 'punctuation',
  );
  const cue = before.findLastIndex((t) => isCue(t.text));
  if (cue < 0) return false;
  if (before.length - cue <= CUE_REACH) return true;
  return sentence.tokens.some((t) => t.start >= start && t.end <= end && t.negated);
}
