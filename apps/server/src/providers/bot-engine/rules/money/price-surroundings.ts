import { wordAt } from './number-words.js';
import type { SpeechToken } from './speech-tokens.js';

const words = (list: string) => new Set(list.split(/\s+/).filter((w) => w !== ''));

/**
 * Words before a number that make it something else: an id, an address, a date, a size ("a
 * fifty", "run the full forty-eight").
 */
const NOT_AFTER = words(`
  model models job invoice ticket order number no # serial suite apt apartment room ext extension
  zip route highway exit page version step level floor channel line id account claim po ref
  reference confirmation code size in since on a an full call dial
  january february march april june july august september october november december
  jan feb apr jun jul aug sep sept oct nov dec
  monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight
`);
/** "Job number's 48-1207", "the model's 4TTR": an id said as what a thing is. */
const IDS = words(
  `model job invoice ticket order number serial account claim reference confirmation code`,
);
/** Words before a number that make it a time of day: "by four", "until six thirty". */
const TIME_BEFORE = words(`by until till 'til before after past`);
/** Before a year-shaped number ("nineteen ninety-eight", "2009") these make it a year. */
const BEFORE_YEAR = words(`of from back circa around built installed bought replaced put year`);
/**
 * A measurement named shortly before a number makes it one: "exhaust temp's about a hundred
 * thirty-five", "rated forty-five", "preheated to three fifty", "peaking around ninety".
 */
const MEASURED = words(`
  temp temps temperature pressure reading reads read rated rating voltage amperage amps psi
  superheat subcool static delta ohms measuring measures measured showing shows thermostat
  setpoint preheat preheated preheating hit reach reaches reached peak peaking load degrees footage
`);
/** "Supply air's fifty-six": the air of one side of the system is a temperature. */
const AIR_SIDES = words(`supply return discharge outdoor outside indoor ambient`);
/** "forty-five and dropping": a reading on the move. */
const TRENDING = words(`dropping falling climbing rising`);
/** Looking back for a measurement stops at these: the number belongs to the price named. */
const PRICED = words(`for cost costs price repair part parts labor charge fee total be`);
/**
 * …and at a clause of its own: "with the line set and the thermostat, it's eleven thousand four
 * hundred" prices the list; the thermostat is not read.
 */
const OWN_CLAUSE = words(`it's that's it'd that'd it'll that'll`);
const MEASURE_WINDOW = 7;
/** Looked through when finding the word before: "in about forty minutes". */
const HEDGES = words(
  `about around roughly approximately like maybe just only nearly almost uh um er probably`,
);
/** "comes in at three fifty" is a price; "at two thirty", "at 38 Elm" are not. */
const PRICE_AT = words(
  `looking in out priced quoted starts start starting begins comes came runs sits sitting estimated capped`,
);
/** "puts you at six twelve", "gets us at three forty". */
const LANDS = words(`puts put gets get leaves brings lands`);
/** "eighty-five apiece": a unit price, wherever it is said. */
const UNIT_PRICE = words(`apiece each per`);
/** "set it to 72", "keep it at sixty-eight": a thermostat setting. */
const SETTING_VERBS = words(
  `set setting turn turned keep kept bump drop put crank lower raise preheat preheating back`,
);

/**
 * Words that may follow a price. A bare number followed by any other word is a quantity or a
 * label ("two filters", "forty gallons", "16 SEER", "1420 Maple Street", "200 amp", "95 degrees").
 */
const PRICE_FOLLOWERS = words(`
  for plus minus with and or to total even flat tops max maximum min minimum including includes
  included that that's which so but if because cause on before after out all in then is was would
  will it it's you you're we we're i i'm they he she the this these those a an per each every
  apiece ish just right now today though okay ok sir ma'am not no yeah yep yes up down off more
  less extra cheaper upfront instead installed parts part labor cash deposit too also either anyway
  like there here when once does do did sounds should could can might has have had are were be
  been my your our their as at from uh um er well alright altogether overall tax give normally
  regularly usually diagnostic service call trip fee charge deductible credit discount rebate
  bucks dollars
`);
const DAY_PARTS = words('morning afternoon evening');
const SENTENCE_ENDS = words('. ! ? …');
const SETTING_WINDOW = 8;
/** Signs after a number that end the amount; "%" and "°" say it is not money. */
const CLOSING_SIGNS = words(`. , ! ? ; : — – - … ) " ' ”`);

/**
 * Whether the words around a bare number (tokens `first`..`last`) let it be a price: nothing
 * before it names an id, a date, a time, a year or a measurement, and nothing after names a unit.
 */
export function surroundingsAllowPrice(
  tokens: SpeechToken[],
  first: number,
  last: number,
  yearLike: boolean,
): boolean {
  return allowsBefore(tokens, first, last, yearLike) && allowsAfter(tokens, last + 1);
}

/**
 * Whether a time word stands before the number at tokens `first`..`last` ("by four", "until about
 * six", "at two"; not "you're looking at roughly four-twenty").
 */
export function saysTimeBefore(tokens: SpeechToken[], first: number, last: number): boolean {
  const k = skipHedges(tokens, first - 1);
  const before = tokens[k];
  if (before?.norm === 'at') return !atPrice(tokens, k, last);
  return before !== undefined && TIME_BEFORE.has(before.norm);
}

function skipHedges(tokens: SpeechToken[], k: number): number {
  while (k >= 0 && HEDGES.has(tokens[k]!.norm)) k--;
  return k;
}

function allowsBefore(
  tokens: SpeechToken[],
  first: number,
  last: number,
  yearLike: boolean,
): boolean {
  const k = skipHedges(tokens, first - 1);
  const before = tokens[k];
  if (!before) return true;
  if (before.kind === 'code' || before.norm === '#') return false;
  const word = before.norm;
  if (word === 'at' && !atPrice(tokens, k, last)) return false;
  if (word === 'to' && isSetting(tokens, k)) return false;
  if (NOT_AFTER.has(word) || TIME_BEFORE.has(word)) return false;
  if (IDS.has(word.replace(/'s$/, ''))) return false; // "job number's 2291"
  if (yearLike && BEFORE_YEAR.has(word)) return false;
  return !isMeasured(tokens, k);
}

function isMeasured(tokens: SpeechToken[], k: number): boolean {
  for (let j = k; j >= Math.max(0, k - MEASURE_WINDOW); j--) {
    if (OWN_CLAUSE.has(tokens[j]!.norm)) return false;
    const word = tokens[j]!.norm.replace(/'s$/, '');
    if (MEASURED.has(word)) return true;
    if (word === 'air' && AIR_SIDES.has(wordAt(tokens, j - 1) ?? '')) return true;
    if (PRICED.has(word) || SENTENCE_ENDS.has(word)) return false;
  }
  return false;
}

/** "comes in at three fifty", "puts you at six twelve", "at eighty-five apiece"; not "at two thirty". */
function atPrice(tokens: SpeechToken[], at: number, last: number): boolean {
  const before = wordAt(tokens, at - 1) ?? '';
  if ((before === 'you' || before === 'us') && LANDS.has(wordAt(tokens, at - 2) ?? '')) return true;
  // "so you're at one ninety-four total"
  if (before === "you're" || before === "we're") return true;
  if (isSetting(tokens, at)) return false;
  return PRICE_AT.has(before) || UNIT_PRICE.has(wordAt(tokens, last + 1) ?? '');
}
/** "set it to", "turn your water heater up a touch, to": a setting verb shortly before `k`. */
function isSetting(tokens: SpeechToken[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - SETTING_WINDOW); j--) {
    const word = tokens[j]!.norm;
    if (SETTING_VERBS.has(word)) return true;
    // "if you keep it clean, it comes to three fifty": the price verb is nearer.
    if (SENTENCE_ENDS.has(word) || PRICE_AT.has(word) || PRICED.has(word)) return false;
  }
  return false;
}

function allowsAfter(tokens: SpeechToken[], k: number): boolean {
  const after = tokens[k];
  if (!after) return true;
  // "five thirty in the morning"
  if (
    after.norm === 'in' &&
    wordAt(tokens, k + 1) === 'the' &&
    DAY_PARTS.has(wordAt(tokens, k + 2) ?? '')
  ) {
    return false;
  }
  if (after.hyphenated) return false; // "3-ton", "12-year-old"
  if (after.norm === 'and' && TRENDING.has(wordAt(tokens, k + 1) ?? '')) return false;
  if (after.kind === 'sign') return CLOSING_SIGNS.has(after.norm);
  return after.kind === 'word' && PRICE_FOLLOWERS.has(after.norm);
}
