import type { AmountPeriod } from '@fieldbot/shared';
import { NUMBER_WORDS, wordAt } from './number-words.js';
import { pairDollars } from './price-speak.js';
import { saysTimeBefore, surroundingsAllowPrice } from './price-surroundings.js';
import { hasPriceWords, itemSizeNear } from './price-words.js';
import { readGroup, type AmountGroup, type AmountReading } from './read-amount.js';
import { isTakenBack } from './self-correction.js';
import { speechTokens, type SpeechToken } from './speech-tokens.js';

/** An amount of money said or written in one sentence or turn. */
export interface FoundAmount {
  /** Integer cents. */
  cents: number;
  /** The rate said with it ("a month", "per year", "each visit", "an hour"); null for a one-off. */
  per: AmountPeriod | null;
  /** UTF-16 offsets of the amount's words (and its rate when adjacent); `end` exclusive. */
  start: number;
  end: number;
  /** text.slice(start, end) */
  text: string;
  /**
   * `explicit` when a currency is said or written ($, dollars, bucks, grand, cents…); `contextual`
   * when a bare number is read as a price because the talk is about price.
   */
  kind: 'explicit' | 'contextual';
}

export interface FindAmountsOptions {
  /**
   * The talk around this text is about price (the customer just asked "how much?"). Price words
   * in the text itself ("that'd be", "the fee is", "plus tax") count without it.
   */
  priceContext?: boolean;
}

// Most sentences have no digit, number word or currency word: they cost one regex test.
const MAY_HOLD_AMOUNT = new RegExp(
  String.raw`[\d$]|\b(?:${NUMBER_WORDS.join('|')}|grand|bucks?|dollars?|cents?|usd)\b`,
  'i',
);

/**
 * The amounts of money in one sentence or transcript turn, in order.
 *
 * Written and currency-worded amounts are always read ("$2,150", "four grand", "ninety-nine bucks
 * a visit"). A bare number ("three forty-nine", "seven hundred and twenty", "10k") is read only in
 * price talk and only where nothing says it is something else: a year, a model, a time, an
 * address, a quantity of some unit. docs/decisions/022-amounts-in-speech.md lists the rules.
 */
export function findAmounts(text: string, options: FindAmountsOptions = {}): FoundAmount[] {
  if (!MAY_HOLD_AMOUNT.test(text)) return [];
  const tokens = speechTokens(text);
  const read: AmountGroup[] = [];
  for (let i = 0; i < tokens.length;) {
    const group = readGroup(tokens, i);
    if (group) read.push(group);
    i = group ? group.last + 1 : i + 1;
  }
  if (read.length === 0) return [];
  // An amount said as one ("$350 for the part", "another eleven hundred") makes the whole text
  // price talk ("… and labor is two fifty").
  const priceTalk =
    options.priceContext === true ||
    read.some((group) => group.explicit || isCuedPrice(tokens, group)) ||
    hasPriceWords(text);
  const amounts = read.filter(
    (group, k) => isAmount(tokens, group, priceTalk) && !continuesTimes(tokens, read, k),
  );
  const groups = withoutTakenBack(tokens, amounts);
  settlePriceSpeak(text, tokens, groups);

  return groups.flatMap((group) => {
    const start = tokens[group.first]!.start;
    const end = tokens[group.last]!.end;
    const kind = group.explicit ? ('explicit' as const) : ('contextual' as const);
    return group.amounts
      .map((amount) => ({
        cents: Math.round(amount.dollars * 100),
        per: amount.per,
        start,
        end,
        text: text.slice(start, end),
        kind,
      }))
      .filter((amount) => amount.cents > 0);
  });
}

/**
 * The amounts not taken back. A correction's own apology ("a hundred and forty— no, hundred and
 * twenty-five, sorry") does not take the correction back.
 */
function withoutTakenBack(tokens: SpeechToken[], groups: AmountGroup[]): AmountGroup[] {
  const kept: AmountGroup[] = [];
  let corrects = false;
  groups.forEach((group, k) => {
    const next = groups[k + 1]?.first;
    const takenBack = corrects
      ? next !== undefined && isTakenBack(tokens, group.last + 1, next, { replacedOnly: true })
      : isTakenBack(tokens, group.last + 1, next);
    if (!takenBack) kept.push(group);
    corrects = takenBack && next !== undefined;
  });
  return kept;
}

/** Said right after a bare number, these make it a price: "four hundred more", "sixty-two each". */
const PRICE_AFTER = new Set([
  'more',
  'extra',
  'off',
  'even',
  'flat',
  'total',
  'installed',
  'tops',
  'apiece',
  'each',
]);
/** Said right before: "another six hundred", "an extra one twenty-five", "add a hundred and fifty". */
const PRICE_BEFORE = new Set(['another', 'extra', 'additional', 'add']);

/**
 * "Vent cleaning's one twenty-five", "the full service is two eighty-nine": what a thing is. Not
 * "it's three forty-nine" nor "the time is…": that may be the time of day.
 */
function saysIs(tokens: SpeechToken[], k: number): boolean {
  const word = wordAt(tokens, k);
  if (word === undefined || NOT_PRICED_SUBJECTS.has(word)) return false;
  if (word === 'is' || word === 'was') return !NOT_PRICED_SUBJECTS.has(wordAt(tokens, k - 1) ?? '');
  return /'s$/.test(word);
}
const NOT_PRICED_SUBJECTS = new Set(["it's", "let's", "what's", "time's", 'it', 'time', 'what']);

/** Price speak's common times of day: "two thirty for the install" may be when, not how much. */
const CLOCK_MINUTES = new Set([15, 30, 45]);

/**
 * A bare number said as a price: with a rate; with a price word right beside it; followed by
 * "installed" or "put in" ("a hundred and sixty-five, put in"); price speak followed by "for"
 * ("one sixty-five for customer-supplied thermostats"); or said in a shape used for prices alone
 * ("that's ninety-eight hundred", "that one's eleven-nine", "twenty-two sixty") where nothing
 * around it says it is something else.
 */
function isCuedPrice(tokens: SpeechToken[], group: AmountGroup): boolean {
  if (group.amounts.some((a) => a.per !== null)) return true;
  const word = wordAt(tokens, group.last + 1);
  if (PRICE_AFTER.has(word ?? '') || PRICE_BEFORE.has(wordAt(tokens, group.first - 1) ?? '')) {
    return true;
  }
  const k = tokens[group.last + 1]?.norm === ',' ? group.last + 2 : group.last + 1;
  if (wordAt(tokens, k) === 'installed') return true;
  if (wordAt(tokens, k) === 'put' && wordAt(tokens, k + 1) === 'in') return true;
  const number = group.amounts[0]!.number;
  const pair = number?.spokenPair;
  const isBefore = saysIs(tokens, group.first - 1);
  const shaped =
    number?.priceShaped === true ||
    (word === 'for' && pair !== undefined && !CLOCK_MINUTES.has(pair.second)) ||
    // "one twenty-five", "a hundred and ten" said as what a thing is: a price
    (isBefore && pair !== undefined && pair.first < 10 && !CLOCK_MINUTES.has(pair.second)) ||
    (isBefore &&
      number !== null &&
      number.shape !== 'formatted' &&
      tokens[number.first]!.kind === 'word' &&
      number.value >= 100) ||
    // "between two and three hundred", "six to seven hundred": a range of hundreds in words
    (group.amounts.length === 2 &&
      group.amounts[1]!.scale >= 100 &&
      tokens[group.amounts[1]!.first]!.kind === 'word');
  return shaped && surroundingsAllowPrice(tokens, group.first, group.last, number!.yearLike);
}

/** Whether a group read is money: always with a currency; a bare number only in price talk, where nothing says otherwise. */
function isAmount(tokens: SpeechToken[], group: AmountGroup, priceTalk: boolean): boolean {
  if (group.explicit) return true;
  if (!priceTalk && !isCuedPrice(tokens, group)) return false;
  const yearLike = group.amounts[0]!.number?.yearLike === true;
  if (!surroundingsAllowPrice(tokens, group.first, group.last, yearLike)) return false;
  return group.amounts.every(({ dollars, per, number }) => {
    if (!number || number.shape !== 'plain') return true;
    // A bare small number ("eight", "fifteen") is rarely a price said alone; a rate makes it one.
    if (dollars < (per ? 5 : 20)) return false;
    if (tokens[number.first]!.kind !== 'number') return true;
    // Five digits and more without separators are job, invoice or serial numbers; "2012" is a
    // year (a round "2000" may be either, and stays a price).
    return dollars < 10_000 && !(dollars >= 1950 && dollars < 2035 && dollars % 50 !== 0);
  });
}

/** "by four, four-thirty": a number listed after a time of day is one too. */
function continuesTimes(tokens: SpeechToken[], read: AmountGroup[], k: number): boolean {
  const previous = read[k - 1];
  if (!previous || read[k]!.explicit || !saysTimeBefore(tokens, previous.first, previous.last))
    return false;
  for (let j = previous.last + 1; j < read[k]!.first; j++) {
    if (tokens[j]!.kind !== 'sign' && tokens[j]!.norm !== 'or') return false;
  }
  return true;
}

// Financing talk: a monthly "six sixty-one" is then a payment ($661), not a plan's $6.61.
const FINANCING =
  /\b(?:financ\w*|payment plan|interest|apr|spread (?:\w+ )?over|(?:over|for) \w+ months)\b/i;

/**
 * Reads "X Y" price speak ("three forty-nine", "fifteen fifty") now that the sentence's other
 * amounts are known: an amount of $1,000 or more beside it makes it hundreds (price-speak.ts).
 */
function settlePriceSpeak(text: string, tokens: SpeechToken[], groups: AmountGroup[]): void {
  const amounts = groups.flatMap((group) => group.amounts);
  // "New element's a buck fifty, installed", "a buck-fifty for the year": beside a job, a charge
  // or a rate, slang for $150.
  for (const amount of amounts) {
    if (amount.buckAnd === undefined) continue;
    const size = itemSizeNear(text, tokens[amount.first]!.start, tokens[amount.last]!.end);
    if (size !== null || amount.per !== null) amount.dollars = 100 + amount.buckAnd;
  }
  const spoken = amounts.filter((a) => a.number?.spokenPair);
  if (spoken.length === 0) return;
  const financing = FINANCING.test(text);
  const read = (amount: AmountReading, besideThousands: boolean) => {
    const start = tokens[amount.first]!.start;
    const end = tokens[amount.last]!.end;
    amount.dollars = pairDollars(amount.number!.spokenPair!, {
      per: amount.per,
      itemSize: itemSizeNear(text, start, end),
      besideThousands,
      financing,
    });
  };
  spoken.forEach((amount) => read(amount, false));
  for (const amount of spoken) {
    if (amounts.some((other) => other !== amount && other.dollars >= 1000)) read(amount, true);
  }
}
