import type { AmountPeriod } from '@fieldbot/shared';
import { readPeriod, readPeriodBefore } from './amount-period.js';
import { NUMBER_WORDS, readNumber, wordAt, type NumberReading } from './number-words.js';
import type { SpeechToken } from './speech-tokens.js';

/** One amount as read, before the checks that it is money. */
export interface AmountReading {
  dollars: number;
  per: AmountPeriod | null;
  explicit: boolean;
  /** The number it was read from; null for "a couple hundred", "a buck fifty", "half a grand". */
  number: NumberReading | null;
  /** Factor of the scale word it ended with (100 for "seven hundred"), 1 without one. */
  scale: number;
  /** Token indices, inclusive. */
  first: number;
  last: number;
  /**
   * "a buck fifty": the 50. Trade slang says $150 where everyday talk says $1.50; the item named
   * beside it decides (find-amounts.ts).
   */
  buckAnd?: number;
}

/** One amount, or the two ends of a range ("six to seven hundred bucks") sharing one span. */
export interface AmountGroup {
  amounts: AmountReading[];
  explicit: boolean;
  first: number;
  last: number;
}

const RANGE_WORDS = new Set(['to', 'or', 'through', 'thru', '-', '–']);

/** The amount or range that starts at token `i`, or null. */
export function readGroup(tokens: SpeechToken[], i: number): AmountGroup | null {
  const low = readAmount(tokens, i);
  if (!low) return null;
  const single = { amounts: [low], explicit: low.explicit, first: low.first, last: low.last };
  const before = wordAt(tokens, low.first - 1);
  const joiner = tokens[low.last + 1];
  // "600-700": the tokenizer keeps an in-word hyphen only as the next token's flag.
  const hyphenated = joiner?.hyphenated === true;
  // "twenty-two, twenty-four hundred" is a range when the first end takes the second's scale, and
  // "four-twenty, four-twenty-five" when two close figures are said as alternatives.
  const comma = joiner?.norm === ',';
  const joins =
    joiner !== undefined &&
    (hyphenated ||
      comma ||
      RANGE_WORDS.has(joiner.norm) ||
      (joiner.norm === 'and' && before === 'between'));
  if (!joins) return single;
  const high = readAmount(tokens, hyphenated ? low.last + 1 : low.last + 2);
  // "fifteen a month or one fifty a year" are two offers, not a range.
  if (!high || (low.per && high.per && low.per !== high.per)) return single;

  const explicit = low.explicit || high.explicit;
  // "six to seven hundred": the low end takes the high end's scale.
  const shareScale =
    low.scale === 1 &&
    high.scale > 1 &&
    low.number?.shape === 'plain' &&
    low.dollars < 100 &&
    low.dollars * high.scale <= high.dollars;
  if (comma && !(shareScale ? !low.per : areAlternatives(low, high))) return single;
  // A range runs upward and not far: "$3,250 or $89 a month" are two amounts.
  const lowDollars = shareScale ? low.dollars * high.scale : low.dollars;
  if (!(lowDollars < high.dollars && high.dollars <= lowDollars * 4)) return single;
  const opens = before === 'between' || before === 'from';
  return {
    amounts: [
      {
        ...low,
        dollars: lowDollars,
        per: low.per ?? high.per,
        explicit,
      },
      { ...high, per: high.per ?? low.per, explicit },
    ],
    explicit,
    first: opens ? low.first - 1 : low.first,
    last: high.last,
  };
}

/** "four-twenty, four-twenty-five": neither a bare count, the second at most a quarter more. */
const areAlternatives = (low: AmountReading, high: AmountReading) =>
  low.per === null &&
  low.number !== null &&
  high.number !== null &&
  low.number.shape !== 'plain' &&
  high.number.shape !== 'plain' &&
  low.dollars < high.dollars &&
  high.dollars <= low.dollars * 1.25;

const CURRENCY_WORDS = new Set(['dollar', 'dollars', 'buck', 'bucks', 'usd']);
const THOUSANDS = new Set(['thousand', 'grand']);

/** One amount at token `i`: prefix ($, USD, "a couple"), number, currency words, then its rate. */
function readAmount(tokens: SpeechToken[], i: number): AmountReading | null {
  const head = readHead(tokens, i);
  if (!head) return null;
  let { dollars, explicit, scale, last } = head;
  const { number, buckAnd } = head;

  const next = wordAt(tokens, last + 1);
  if (number && !number.spokenPair && scale === 1 && (next === 'k' || next === 'grand')) {
    // "ten K" is still a bare number; "four grand" names the currency.
    dollars *= 1000;
    scale = 1000;
    explicit ||= next === 'grand';
    last++;
  } else if (next !== undefined && CURRENCY_WORDS.has(next)) {
    explicit = true;
    last++;
    const cents = readCents(tokens, last + 1, next, dollars);
    if (cents) {
      dollars += cents.cents / 100;
      last = cents.last;
    }
  } else if ((next === 'cents' || next === 'cent') && dollars < 100 && Number.isInteger(dollars)) {
    dollars /= 100;
    explicit = true;
    last++;
  }
  const period =
    readPeriod(tokens, last + 1) ?? (next === 'dollar' ? readRateOfNoun(tokens, last + 1) : null);
  return {
    dollars,
    per: period?.per ?? readPeriodBefore(tokens, i),
    explicit,
    number,
    scale,
    first: i,
    last: period?.last ?? last,
    ...(buckAnd === undefined ? {} : { buckAnd }),
  };
}

/** Words that end the noun an amount prices: past them a rate is not the amount's. */
const NOT_NOUNS = new Set([
  ...RANGE_WORDS,
  'and',
  'but',
  'is',
  'was',
  "it's",
  "that's",
  'that',
  'which',
  'for',
  'if',
  'so',
  'plus',
  'you',
  'we',
  'i',
]);

/**
 * "a hundred-dollar deductible per visit", "a fifteen dollar fee a month": after a currency said
 * as an adjective, the rate said after the one or two words of the thing priced.
 */
function readRateOfNoun(tokens: SpeechToken[], k: number): ReturnType<typeof readPeriod> {
  for (let j = k; j < k + 2; j++) {
    const word = wordAt(tokens, j);
    if (word === undefined || NOT_NOUNS.has(word)) return null;
    const period = readPeriod(tokens, j + 1);
    if (period) return period;
  }
  return null;
}

const STARTS = new Set([...NUMBER_WORDS, '$', 'usd', 'a', 'couple', 'half']);

type Head = Pick<AmountReading, 'dollars' | 'explicit' | 'number' | 'scale' | 'last' | 'buckAnd'>;

/** The start of an amount: "$", "USD", "a couple hundred", "half a grand", "a buck fifty", or a number. */
function readHead(tokens: SpeechToken[], i: number): Head | null {
  const token = tokens[i];
  // Most words start no amount: one set look-up sends them on.
  if (!token || (token.kind !== 'number' && !STARTS.has(token.norm))) return null;
  const next = wordAt(tokens, i + 1);
  if (token.norm === '$' || (token.norm === 'usd' && tokens[i + 1]?.kind === 'number')) {
    const number = tokens[i + 1]?.kind === 'number' ? readNumber(tokens, i + 1) : null;
    return number && { ...fromNumber(number), explicit: true };
  }
  const word = token.kind === 'word' ? token.norm : undefined;
  if (word === 'a' && next === 'couple') return readCouple(tokens, i + 2);
  if (word === 'couple') return readCouple(tokens, i + 1);
  if (word === 'a' && next === 'grand') {
    return { dollars: 1000, explicit: true, number: null, scale: 1000, last: i + 1 };
  }
  if (word === 'half' && next === 'a' && THOUSANDS.has(wordAt(tokens, i + 2) ?? '')) {
    const grand = wordAt(tokens, i + 2) === 'grand';
    return { dollars: 500, explicit: grand, number: null, scale: 1000, last: i + 2 };
  }
  if (word === 'a' && (next === 'buck' || next === 'dollar')) {
    // "a buck and a quarter"
    if (['and', 'a', 'quarter'].every((w, k) => wordAt(tokens, i + 2 + k) === w)) {
      return { dollars: 1.25, explicit: true, number: null, scale: 1, last: i + 4, buckAnd: 25 };
    }
    const cents = readCents(tokens, i + 2, next, 1);
    if (!cents) return null;
    const saysCents = /^cents?$/.test(wordAt(tokens, cents.last) ?? '');
    return {
      dollars: 1 + cents.cents / 100,
      explicit: true,
      number: null,
      scale: 1,
      last: cents.last,
      ...(saysCents ? {} : { buckAnd: cents.cents }),
    };
  }
  const number = readNumber(tokens, i);
  return number && { ...fromNumber(number), explicit: false };
}

const fromNumber = (number: NumberReading) => ({
  dollars: number.value,
  number,
  scale: number.scale,
  last: number.last,
});

/** "a couple hundred", "couple of thousand", "a couple grand" ("a few", "several" stay unread: too vague). */
function readCouple(tokens: SpeechToken[], i: number): Head | null {
  const k = wordAt(tokens, i) === 'of' ? i + 1 : i;
  const word = wordAt(tokens, k);
  const scale = word === 'hundred' ? 100 : THOUSANDS.has(word ?? '') ? 1000 : 0;
  if (scale === 0) return null;
  return { dollars: 2 * scale, explicit: word === 'grand', number: null, scale, last: k };
}

/**
 * Cents after the dollars: "… dollars and fifty cents", "… fifty cents", and after a few bucks
 * "a buck fifty" / "two bucks fifty".
 */
function readCents(
  tokens: SpeechToken[],
  i: number,
  currency: string,
  dollars: number,
): { cents: number; last: number } | null {
  const k = wordAt(tokens, i) === 'and' ? i + 1 : i;
  const number = readNumber(tokens, k);
  if (!number || number.shape !== 'plain' || !Number.isInteger(number.value)) return null;
  const cents = number.value;
  if (cents >= 100) return null;
  const unit = wordAt(tokens, number.last + 1);
  if (unit === 'cents' || unit === 'cent') return { cents, last: number.last + 1 };
  const fewBucks = currency !== 'usd' && dollars < 10 && Number.isInteger(dollars);
  return fewBucks && k === i && cents >= 10 ? { cents, last: number.last } : null;
}
