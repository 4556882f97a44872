import type { SpeechToken } from './speech-tokens.js';

const words = (list: string, from: number, step: number) =>
  new Map(list.split(' ').map((word, k) => [word, from + k * step]));
const UNITS = words('one two three four five six seven eight nine', 1, 1);
const TEENS = words(
  'ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen',
  10,
  1,
);
const TENS = words('twenty thirty forty fifty sixty seventy eighty ninety', 20, 10);
const SCALES = new Map([
  ['hundred', 100],
  ['thousand', 1000],
  ['million', 1_000_000],
]);

const VAGUE = new Set(['few', 'several', 'some', 'many', 'hundreds', 'thousands']);

/** "one" to "nine": the digits as said one by one. */
export const DIGIT_WORDS: readonly string[] = [...UNITS.keys()];

/** Every word that can start or continue a spoken number, for the cheap "could this hold an amount?" test. */
export const NUMBER_WORDS: readonly string[] = [
  ...UNITS.keys(),
  ...TEENS.keys(),
  ...TENS.keys(),
  ...SCALES.keys(),
];

/**
 * A number said in words or written in digits, as read from one token position.
 *
 * `shape` tells how price-like the words are: `pair` is price speak ("three forty-nine",
 * "twenty-four ninety-nine", "eleven five"), `scaled` has hundred/thousand/k ("seven hundred and
 * twenty", "10k"), `formatted` is digits with separators or decimals ("2,400", "1,250.00"), `plain` is
 * a bare number ("seventy-two", "350").
 */
export interface NumberReading {
  value: number;
  /** Token indices, inclusive. */
  first: number;
  last: number;
  shape: 'pair' | 'scaled' | 'formatted' | 'plain';
  /**
   * "X Y" price speak with Y of two digits ("three forty-nine", "twenty-four ninety-nine"): `value`
   * reads it as hundreds; the caller decides with the rate and the item (see price-speak.ts).
   */
  spokenPair?: SpokenPair;
  /** The last scale word's factor (100 for "seven hundred"), 1 without one: a range shares it ("six to seven hundred"). */
  scale: number;
  /** The year shape: 1900–2099 said as a year ("nineteen ninety-eight", "2009", "two thousand nine"). */
  yearLike: boolean;
  /**
   * Said in a shape that is used for prices and hardly anything else: thousands said in hundreds
   * ("ninety-eight hundred", "twenty-one hundred") or as four-digit price speak ("twenty-two
   * sixty", "eleven-nine", "thirteen-oh-five"), not beginning with nineteen or twenty (years).
   */
  priceShaped?: boolean;
}

/** "three forty-nine" is { first: 3, second: 49 }. */
export interface SpokenPair {
  first: number;
  second: number;
}

/** "twenty-four" / "twenty four" / "fifteen" / "seven": 1–99 from one or two words. */
function readSmall(tokens: SpeechToken[], i: number): { value: number; next: number } | null {
  const word = wordAt(tokens, i);
  if (word === undefined) return null;
  const tens = TENS.get(word);
  if (tens !== undefined) {
    const unit = UNITS.get(wordAt(tokens, i + 1) ?? '');
    return unit === undefined ? { value: tens, next: i + 1 } : { value: tens + unit, next: i + 2 };
  }
  const value = TEENS.get(word) ?? UNITS.get(word);
  return value === undefined ? null : { value, next: i + 1 };
}

/** 1–999: "seven", "a hundred and twenty", "twelve hundred", "nineteen hundred fifty". */
function readHundreds(
  tokens: SpeechToken[],
  i: number,
): { value: number; next: number; scale: number } | null {
  let value: number;
  let next: number;
  if (wordAt(tokens, i) === 'hundred') {
    value = 1;
    next = i;
  } else if (wordAt(tokens, i) === 'a' && wordAt(tokens, i + 1) === 'hundred') {
    value = 1;
    next = i + 1;
  } else {
    const small = readSmall(tokens, i);
    if (!small) return null;
    ({ value, next } = small);
  }
  if (wordAt(tokens, next) !== 'hundred') return { value, next, scale: 1 };
  value *= 100;
  next++;
  const rest = readRest(tokens, next, readSmall);
  return rest
    ? { value: value + rest.value, next: rest.next, scale: 1 }
    : { value, next, scale: 100 };
}

/** What follows a scale word: "… and twenty", "… twenty", or nothing. */
function readRest<T extends { value: number; next: number }>(
  tokens: SpeechToken[],
  i: number,
  read: (tokens: SpeechToken[], i: number) => T | null,
): T | null {
  if (wordAt(tokens, i) !== 'and') return read(tokens, i);
  // "and a half" belongs to the caller; "fifteen hundred and two grand" is a range's second end.
  const rest = wordAt(tokens, i + 1) === 'a' ? null : read(tokens, i + 1);
  const after = rest && wordAt(tokens, rest.next);
  return after && (SCALES.has(after) || after === 'grand' || after === 'k') ? null : rest;
}

/** A cardinal in words: "two thousand one hundred fifty", "a thousand", "eleven thousand five hundred". */
function readCardinal(
  tokens: SpeechToken[],
  i: number,
): { value: number; next: number; scale: number } | null {
  const word = wordAt(tokens, i);
  const following = wordAt(tokens, i + 1);
  const head =
    word === 'thousand' || word === 'million'
      ? { value: 1, next: i, scale: 1 }
      : word === 'a' && (following === 'thousand' || following === 'million')
        ? { value: 1, next: i + 1, scale: 1 }
        : readHundreds(tokens, i);
  if (!head) return null;
  const scaleWord = wordAt(tokens, head.next);
  if (scaleWord !== 'thousand' && scaleWord !== 'million') return head;
  const factor = SCALES.get(scaleWord)!;
  const value = head.value * factor;
  const next = head.next + 1;
  const rest = readRest(tokens, next, readHundreds);
  return rest && rest.value < factor
    ? { value: value + rest.value, next: rest.next, scale: 1 }
    : { value, next, scale: factor };
}

/**
 * The number that starts at token `i`, or null. Digits may carry a scale word ("2 thousand", "10k");
 * words may end in "and a half" / "and a quarter" / "point five" and a scale ("four and a half",
 * "two point five", "a hundred and a quarter").
 */
export function readNumber(tokens: SpeechToken[], i: number): NumberReading | null {
  const token = tokens[i];
  if (!token) return null;
  if (token.kind === 'number') return readDigits(tokens, i, token);
  if (token.kind !== 'word' || token.hyphenated) return null;
  // "a few hundred", "several thousand" are too vague to quote.
  if (VAGUE.has(wordAt(tokens, i - 1) ?? '') && SCALES.has(token.norm)) return null;

  const cardinal = readCardinal(tokens, i);
  if (!cardinal) return null;
  let { value, next, scale } = cardinal;
  const said = next - i;

  const pair = scale === 1 && said <= 2 && value < 100 ? readPair(tokens, i, value, next) : null;
  if (pair) return pair;
  // "ninety-eight hundred", "twenty-one hundred fifty": thousands said in hundreds.
  const priceShaped = isPriceThousands(value) && !saysThousands(tokens, i, next);

  // "a hundred sixty-four ninety-five": dollars in hundreds, then the cents.
  const cents = value > 100 && value < 1000 && value % 100 !== 0 ? readSmall(tokens, next) : null;
  if (cents && cents.value >= 10 && !continuesNumber(tokens, cents.next)) {
    return { ...pairBase(i, cents.next - 1), value: value + cents.value / 100 };
  }

  // A small number takes a fraction ("four and a half", "two and a quarter grand"), and so do
  // whole hundreds: "a hundred and a quarter" is 125, "a hundred and a half" 150.
  const small = value < 100 && scale === 1;
  const hundreds = scale === 100 && value < 1000;
  const unitAfterPoint = UNITS.get(wordAt(tokens, next + 1) ?? '');
  const part =
    wordAt(tokens, next) === 'and' && wordAt(tokens, next + 1) === 'a'
      ? FRACTIONS.get(wordAt(tokens, next + 2) ?? '')
      : undefined;
  let fraction = false;
  if (part !== undefined && (small || hundreds)) {
    value += part * scale;
    scale = 1;
    next += 3;
    fraction = small;
  } else if (small && wordAt(tokens, next) === 'point' && unitAfterPoint !== undefined) {
    value += unitAfterPoint / 10;
    next += 2;
    fraction = true;
  }
  if (fraction && (wordAt(tokens, next) === 'thousand' || wordAt(tokens, next) === 'million')) {
    scale = SCALES.get(wordAt(tokens, next)!)!;
    value *= scale;
    next++;
  }
  const last = next - 1;
  return {
    value,
    first: i,
    last,
    shape: value >= 100 || scale > 1 ? 'scaled' : 'plain',
    scale,
    yearLike: isYearWords(tokens, i, value),
    priceShaped,
  };
}

const FRACTIONS = new Map([
  ['half', 0.5],
  ['quarter', 0.25],
]);

/** 1,100–9,999, not nineteen or twenty hundred (a year, a time): "ninety-eight hundred", "eleven hundred fifty". */
const isPriceThousands = (value: number) =>
  value >= 1100 &&
  value < 10_000 &&
  Math.floor(value / 100) !== 19 &&
  Math.floor(value / 100) !== 20;

/** Whether "thousand" or "million" is said among tokens [i, end). */
function saysThousands(tokens: SpeechToken[], i: number, end: number): boolean {
  for (let k = i; k < end; k++) {
    const word = wordAt(tokens, k);
    if (word === 'thousand' || word === 'million') return true;
  }
  return false;
}

/**
 * Price speak of two or three numbers: "three forty-nine" and "twenty-four ninety-nine"
 * (`spokenPair`: the caller reads it, knowing the rate and the item), "two ninety-six sixty-five"
 * ($296.65), "three oh eight" ($308), "thirteen-oh-five" ($1,305), "seven oh nine ninety-five"
 * ($709.95), "eleven five" ($11,500).
 */
function readPair(
  tokens: SpeechToken[],
  i: number,
  first: number,
  next: number,
): NumberReading | null {
  const oh = wordAt(tokens, next) === 'oh' || wordAt(tokens, next) === 'o';
  const unit = oh ? UNITS.get(wordAt(tokens, next + 1) ?? '') : undefined;
  // "ten oh five" to "twelve oh five" are times of day.
  if (unit !== undefined && (first < 10 || first > 12)) return readOh(tokens, i, first, unit, next);
  const second = readSmall(tokens, next);
  if (!second) return null;
  if (first < 10 && second.value >= 10) {
    const third = readSmall(tokens, second.next);
    if (third && third.value >= 10 && !continuesNumber(tokens, third.next)) {
      return {
        ...pairBase(i, third.next - 1),
        value: first * 100 + second.value + third.value / 100,
      };
    }
  }
  // "six twenty thousand", "two fifty hundred" are not pairs; neither is a fourth number in a row.
  if (continuesNumber(tokens, second.next)) return null;
  const base = pairBase(i, second.next - 1);
  if (second.value >= 10) {
    return {
      ...base,
      value: first * 100 + second.value,
      spokenPair: { first, second: second.value },
      yearLike: first === 19 || first === 20,
      // "twenty-two sixty"; "ten thirty" to "twelve forty-five" are times of day.
      priceShaped: first >= 13 && first !== 19 && first !== 20,
    };
  }
  // "eleven five" is thousands and hundreds; "three five" says nothing clear, "twenty-four seven"
  // is always, and in "the ninety-nine one" the "one" is the plan.
  if (first >= 10 && second.value > 1 && !(first === 24 && second.value === 7)) {
    return { ...base, value: first * 1000 + second.value * 100, priceShaped: first !== 19 };
  }
  return null;
}

/**
 * "X oh Y", Y a digit: "three oh eight" ($308), "thirteen-oh-five" ($1,305, "nineteen oh five"
 * may be a year); with cents after it, "one-oh-nine fifty" ($109.50), "seven oh nine ninety-five"
 * ($709.95). `next` is the index of "oh".
 */
function readOh(
  tokens: SpeechToken[],
  i: number,
  first: number,
  unit: number,
  next: number,
): NumberReading | null {
  const value = first * 100 + unit;
  const cents = readSmall(tokens, next + 2);
  if (cents && cents.value >= 10 && !continuesNumber(tokens, cents.next)) {
    return { ...pairBase(i, cents.next - 1), value: value + cents.value / 100 };
  }
  if (continuesNumber(tokens, next + 2)) return null;
  const year = first === 19 || first === 20;
  return { ...pairBase(i, next + 1), value, yearLike: year, priceShaped: first > 12 && !year };
}

const pairBase = (first: number, last: number) => ({
  first,
  last,
  shape: 'pair' as const,
  scale: 1,
  yearLike: false,
});

/** Whether a number word or a scale word follows at `k`. */
function continuesNumber(tokens: SpeechToken[], k: number): boolean {
  const word = wordAt(tokens, k);
  return word !== undefined && (SCALES.has(word) || readSmall(tokens, k) !== null);
}

function readDigits(tokens: SpeechToken[], i: number, token: SpeechToken): NumberReading {
  let value = token.value;
  let scale = token.kilo ? 1000 : 1;
  let last = i;
  const scaleWord = wordAt(tokens, i + 1);
  const factor = scaleWord === 'k' ? 1000 : SCALES.get(scaleWord ?? '');
  if (!token.kilo && factor !== undefined) {
    scale = factor;
    value *= scale;
    last = i + 1;
  }
  const yearLike =
    scale === 1 && !token.formatted && Number.isInteger(value) && value >= 1900 && value < 2100;
  return {
    value,
    first: i,
    last,
    shape: scale > 1 ? 'scaled' : token.formatted ? 'formatted' : 'plain',
    scale,
    yearLike,
  };
}

/** "two thousand nine", "two thousand and fifteen": a year in words. */
function isYearWords(tokens: SpeechToken[], i: number, value: number): boolean {
  return (
    wordAt(tokens, i) === 'two' &&
    wordAt(tokens, i + 1) === 'thousand' &&
    value >= 2000 &&
    value < 2100
  );
}

/** The word at `i` (lower case), undefined for a number, code, sign or the end. */
export function wordAt(tokens: SpeechToken[], i: number): string | undefined {
  const token = tokens[i];
  return token?.kind === 'word' ? token.norm : undefined;
}
