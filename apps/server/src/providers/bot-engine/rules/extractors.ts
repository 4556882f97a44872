import type { NlpDoc } from './nlp.js';

/** Typed values the rules engine reads out of matched sentences (issue 9 §2 "extractors"). */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,250.75", or "$185" for whole dollars. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100).replace(/\.00$/, '');
}

/** Money amounts, in cents: written ("$1,250.75") or spoken ("one hundred eighty five dollars"). */
export function extractMoney(doc: NlpDoc): number[] {
  const cents: number[] = [];
  doc.money().forEach((match) => {
    // compromise types a match as a plain view; at run time it is a full document view.
    const [value] = (match as NlpDoc).numbers().get() as unknown[];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
      cents.push(Math.round(value * 100));
    }
  });
  return cents;
}

const trimPunctuation = (text: string) => text.replace(/^[\s,;:.!?]+|[\s,;:.!?]+$/g, '');

/** Date and time phrases as said ("tomorrow between eight and ten in the morning", "at 2pm"). */
export function extractDateTimes(doc: NlpDoc): string[] {
  const dates = (doc.dates().out('array') as string[]).map(trimPunctuation);
  const times = (doc.times().out('array') as string[]).map(trimPunctuation);
  const lower = dates.map((d) => d.toLowerCase());
  // A time inside a date phrase ("tomorrow at eight") is already reported with it.
  const extraTimes = times.filter((t) => !lower.some((d) => d.includes(t.toLowerCase())));
  return [...dates, ...extraTimes].filter((v) => v !== '');
}

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
const QUESTION_OPENERS = new Set([
  'do',
  'does',
  'did',
  'have',
  'has',
  'had',
  'is',
  'are',
  'was',
  'were',
  'am',
  'can',
  'could',
  'will',
  'would',
  'shall',
  'should',
  'may',
  'might',
  'must',
]);

/** Whether a sentence is a yes/no question. */
export function isYesNoQuestion(sentence: string, doc: NlpDoc): boolean {
  if (!sentence.trim().endsWith('?')) return false;
  const first = doc.terms().first().text('normal').split(/[\s']/)[0] ?? '';
  return QUESTION_OPENERS.has(first) || doc.terms().first().has('#Modal');
}

const YES_WORDS = new Set([
  'yes',
  'yeah',
  'yep',
  'yup',
  'sure',
  'absolutely',
  'definitely',
  'certainly',
  'ok',
  'okay',
  'correct',
  'right',
  'please',
]);
const NO_WORDS = new Set(['no', 'nope', 'nah', 'not', 'never']);

export type YesNoAnswer = 'Yes' | 'No' | null;

/** How an answer opens: "Yes, that works perfectly." → Yes; "Not yet, …" → No; else null. */
export function readAnswer(doc: NlpDoc): YesNoAnswer {
  const first = doc
    .terms()
    .first()
    .text('normal')
    .replace(/[^\p{L}]/gu, '');
  if (YES_WORDS.has(first)) return 'Yes';
  if (NO_WORDS.has(first)) return 'No';
  return null;
}
