import type { AmountPeriod } from '@fieldbot/shared';
import { wordAt } from './number-words.js';
import type { SpeechToken } from './speech-tokens.js';

const PERIOD_NOUNS = new Map<string, AmountPeriod>([
  ['month', 'month'],
  ['mo', 'month'],
  ['year', 'year'],
  ['yr', 'year'],
  ['annum', 'year'],
  ['visit', 'visit'],
  ['trip', 'visit'],
  ['hour', 'hour'],
  ['hr', 'hour'],
]);
const PERIOD_ADVERBS = new Map<string, AmountPeriod>([
  ['monthly', 'month'],
  ['annually', 'year'],
  ['yearly', 'year'],
  ['hourly', 'hour'],
]);
const PER_WORDS = new Set(['a', 'an', 'per', 'each', 'every', '/']);
/** "each time", "every time": a charge per visit. */
const EACH = new Set(['each', 'every']);
// "a year ago", "a month or two", "a year old": time, not a rate.
const NOT_A_RATE = new Set(['ago', 'old', 'or', 'later', 'before', 'after', 'from', 'back']);
// "twelve monthly payments" counts payments; "$15 monthly fee" is a rate.
const COUNTED = new Set(['payments', 'installments', 'visits', 'checkups', 'tune-ups']);
const FILLERS = new Set(['uh', 'um', 'er', ',']);
const PAY_VERBS = new Set(['pay', 'paid', 'billed', 'prepay', 'prepaid']);

/**
 * The rate said right after an amount: "a month", "per year", "each visit", "each time", "an
 * hour", "/mo", "monthly", "for the year", "if you pay the year up front". Fillers and a comma may
 * stand between ("twenty-four ninety-nine, uh, a month"). Returns the period and the index of its
 * last token.
 */
export function readPeriod(
  tokens: SpeechToken[],
  i: number,
): { per: AmountPeriod; last: number } | null {
  let k = i;
  while (k < tokens.length && FILLERS.has(tokens[k]!.norm)) k++;
  const word = tokens[k]?.norm;
  if (word === undefined) return null;
  const adverb = PERIOD_ADVERBS.get(word);
  if (adverb) return COUNTED.has(wordAt(tokens, k + 1) ?? '') ? null : { per: adverb, last: k };
  if (PER_WORDS.has(word)) {
    const next = wordAt(tokens, k + 1) ?? '';
    const noun = next === 'time' && EACH.has(word) ? 'visit' : PERIOD_NOUNS.get(next);
    if (!noun || NOT_A_RATE.has(wordAt(tokens, k + 2) ?? '')) return null;
    return { per: noun, last: k + 1 };
  }
  // "a hundred and nine for the year", "for the whole year"
  // "ninety-nine the first year"
  if (
    word === 'the' &&
    /^(?:first|second)$/.test(wordAt(tokens, k + 1) ?? '') &&
    wordAt(tokens, k + 2) === 'year'
  ) {
    return { per: 'year', last: k + 2 };
  }
  if (word === 'for') {
    const whole = wordAt(tokens, k + 2) === 'whole' ? 1 : 0;
    const noun = wordAt(tokens, k + 2 + whole);
    const article = wordAt(tokens, k + 1);
    if ((article === 'the' || article === 'a') && (noun === 'year' || noun === 'month')) {
      return { per: noun, last: k + 2 + whole };
    }
  }
  return readPaidBy(tokens, k);
}

/** Said between a rate and the amount after it: "if you pay for the year up front, it's about …". */
const COPULAS = new Set([
  "it's",
  "that's",
  "it'd",
  "that'd",
  "it'll",
  "that'll",
  'is',
  'be',
  "you're",
]);
const BEFORE_FILLERS = new Set([
  ...FILLERS,
  'about',
  'around',
  'roughly',
  'just',
  'only',
  'looking',
  'at',
]);
/** Before "the year" / "a year": "pay for the year", "for a year", "per year". */
const YEAR_LEADS = new Set(['for', 'pay', 'per', 'a', 'an', 'each', 'every']);

/**
 * The rate said right before an amount and its verb: "monthly it's fifteen", "if you pay for the
 * year up front it's two sixty-nine", "for the year that's a hundred and nine". `first` is the
 * amount's first token; nothing but a copula, a hedge or a comma may stand between.
 */
export function readPeriodBefore(tokens: SpeechToken[], first: number): AmountPeriod | null {
  let k = first - 1;
  while (k >= 0 && BEFORE_FILLERS.has(tokens[k]!.norm)) k--;
  if (!COPULAS.has(wordAt(tokens, k) ?? '')) return null;
  k--;
  while (k >= 0 && FILLERS.has(tokens[k]!.norm)) k--;
  const word = wordAt(tokens, k);
  if (word === undefined) return null;
  const adverb = PERIOD_ADVERBS.get(word);
  if (adverb) return adverb;
  if (word === 'front' && wordAt(tokens, k - 1) === 'up') k -= 2;
  const noun = wordAt(tokens, k);
  if (noun !== 'year' && noun !== 'month') return null;
  // "for the year", "pay the whole year", "a year"; not "last year", "this year".
  let lead = k - 1;
  if (wordAt(tokens, lead) === 'whole') lead--;
  if (wordAt(tokens, lead) === 'the') lead--;
  return YEAR_LEADS.has(wordAt(tokens, lead) ?? '') ? noun : null;
}

/** "… if you pay the year up front", "… paid annually": the rate said as how one pays. */
function readPaidBy(tokens: SpeechToken[], k: number): { per: AmountPeriod; last: number } | null {
  const lead = wordAt(tokens, k) === 'if' && wordAt(tokens, k + 1) === 'you' ? k + 2 : k;
  if (!PAY_VERBS.has(wordAt(tokens, lead) ?? '')) return null;
  for (let j = lead + 1; j <= lead + 3; j++) {
    const word = wordAt(tokens, j);
    if (word === undefined) return null;
    const per = PERIOD_ADVERBS.get(word) ?? (word === 'year' || word === 'month' ? word : null);
    if (per) {
      const upFront = wordAt(tokens, j + 1) === 'up' && wordAt(tokens, j + 2) === 'front';
      return { per, last: upFront ? j + 2 : j };
    }
  }
  return null;
}
