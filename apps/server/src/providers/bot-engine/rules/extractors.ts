import type { AmountPeriod } from '@fieldbot/shared';
import { TIME_EXPRESSIONS } from './families/time-words.js';
import { oncePer } from './memo.js';
import { isWord } from './text-analysis.js';
import type { TranscriptSentence } from './transcript-sentences.js';

/** Typed values the rules engine reads out of matched sentences (a rule's "extractors"). */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,250.75", or "$185" for whole dollars. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100).replace(/\.00$/, '');
}

/** "$24.99 per month", or "$349" for a one-off amount. */
export const formatAmount = (cents: number, per: AmountPeriod | null) =>
  per ? `${formatCents(cents)} per ${per}` : formatCents(cents);

export interface TextSpan {
  start: number;
  end: number;
  text: string;
}

// What may stand between two parts of one time phrase ("Friday, March 3rd at 2pm").
const JOINER = /^[\s,]*(?:at|from|in the|on)?[\s,]*$/i;

/**
 * Days, dates, times and windows as said ("Thursday between eight and ten", "after lunch"); parts
 * said next to each other ("on Friday March 3rd at 2pm") are one phrase.
 */
export const extractDateTimes = oncePer((sentence: TranscriptSentence): TextSpan[] => {
  const spans: { start: number; end: number }[] = [];
  for (const m of sentence.flat.matchAll(TIME_EXPRESSIONS)) {
    const last = spans.at(-1);
    if (last && JOINER.test(sentence.flat.slice(last.end, m.index)))
      last.end = m.index + m[0].length;
    else spans.push({ start: m.index, end: m.index + m[0].length });
  }
  // "2pm." ends the sentence: its full stop is not part of the time.
  for (const span of spans)
    if (/[ap]m\.$/i.test(sentence.flat.slice(span.start, span.end))) span.end--;
  return spans.map(({ start, end }) => ({
    start: sentence.start + start,
    end: sentence.start + end,
    text: sentence.text.slice(start, end),
  }));
});

// North American numbers: 10 digits, optionally +1, in the usual groupings.
const PHONE = /(?<![\d+])(?:\+?1[\s.-]?)?\(?(\d{3})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})(?!\d)/g;

/** Phone numbers of 10 digits, formatted "(512) 555-0101". */
export function extractPhones(text: string): string[] {
  return [...text.matchAll(PHONE)].map(
    ([, area, exchange, line]) => `(${area}) ${exchange}-${line}`,
  );
}

// A yes/no question opens with an auxiliary, a modal or a form of "be"/"do"/"have"
// ("Does that work?", "Should we sign up…?", "Is it…?"), unlike "What…?" or "When…?".
const QUESTION_OPENERS = new Set(
  'do does did have has had is are was were am be can could will would shall should may might must'.split(
    ' ',
  ),
);

const firstWord = (sentence: TranscriptSentence) =>
  (sentence.tokens.find(isWord)?.text ?? '').toLowerCase().replace(/[^\p{L}]/gu, '');

/** Whether a sentence is a yes/no question. */
export function isYesNoQuestion(sentence: TranscriptSentence): boolean {
  if (!sentence.text.trim().endsWith('?')) return false;
  const first = sentence.tokens.find(isWord);
  return (
    !!first && (QUESTION_OPENERS.has(first.text.toLowerCase()) || QUESTION_OPENERS.has(first.stem))
  );
}

const YES_WORDS = new Set(
  'yes yeah yep yup sure absolutely definitely certainly ok okay correct right please perfect great'.split(
    ' ',
  ),
);
const NO_WORDS = new Set(['no', 'nope', 'nah', 'not', 'never']);

export type YesNoAnswer = 'Yes' | 'No' | null;

/** How an answer opens: "Yes, that works perfectly." → Yes; "Not yet, …" → No; else null. */
export function readAnswer(sentence: TranscriptSentence): YesNoAnswer {
  const first = firstWord(sentence);
  if (YES_WORDS.has(first)) return 'Yes';
  if (NO_WORDS.has(first)) return 'No';
  return null;
}
