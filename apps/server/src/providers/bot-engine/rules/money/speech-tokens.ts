/** One word, number or sign of a sentence, with its UTF-16 offsets (`end` exclusive). */
export interface SpeechToken {
  /**
   * `word`: letters ("forty", "that'd"). `number`: digits ("2,150", "89.95", "10k"). `code`: a
   * token that can never be an amount (model "XR16", ordinal "8th", a phone number's digits).
   * `sign`: anything else ("$", ",", "—", "%", "/").
   */
  kind: 'word' | 'number' | 'code' | 'sign';
  /** Lower case, curly apostrophe made straight. */
  norm: string;
  start: number;
  end: number;
  /** Written against the previous token with a hyphen ("forty-nine", "3-ton", "12-year-old"). */
  hyphenated: boolean;
  /** Numbers: the value written, "k" applied ("1.2k" → 1200). */
  value: number;
  /** Numbers: written with thousands separators or decimals ("2,400", "1,250.00", "89.95"). */
  formatted: boolean;
  /** Numbers: written with a "k" suffix. */
  kilo: boolean;
}

// North American phone numbers, with or without area code: their digits are never a price.
const PHONE = /(?<![\d$])(?:\+?1[\s.-]?)?(?:\(?\d{3}\)?[\s.-]?)?\d{3}[\s.-]\d{4}(?![\d.,]\d)/g;

const SPOKEN_DIGITS = new Set([
  'oh',
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
]);

/**
 * The tokens of a sentence. Phone numbers, written or read out digit by digit, come out as codes.
 *
 * A hand-written scanner: it runs on every sentence that holds a number word, and reads a
 * sentence several times faster than a regular expression with `matchAll` would.
 */
export function speechTokens(text: string): SpeechToken[] {
  const tokens: SpeechToken[] = [];
  let hyphenAt = -2; // no hyphen yet: nothing stands at -1
  let numbers = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const previous = tokens[tokens.length - 1];
    if (c === HYPHEN && previous?.end === i && isWordChar(text.charCodeAt(i + 1))) {
      // "a buck-fifty" is written for "a buck fifty": that hyphen is a space.
      if (previous.norm === 'buck' || previous.norm === 'bucks') {
        i++;
        continue;
      }
      // An in-word hyphen joins two words; it is kept only as the next token's `hyphenated` flag.
      hyphenAt = i++;
      continue;
    }
    const token = isDigit(c)
      ? scanNumber(text, i)
      : isLetter(c)
        ? scanWord(text, i)
        : sign(text, i);
    token.hyphenated = hyphenAt === i - 1;
    if (token.kind === 'number') {
      // "R-22", "SEER-2": a name with a number in it; "'96": a year.
      const named = token.hyphenated && previous?.kind === 'word';
      const year = previous?.end === i && (previous.norm === "'" || previous.norm === '’');
      if (named || year) token.kind = 'code';
      else numbers++;
    }
    tokens.push(token);
    i = token.end;
  }
  if (numbers > 0) markPhoneNumbers(text, tokens);
  markDigitByDigit(tokens);
  return tokens;
}

const HYPHEN = 45;
const APOSTROPHES = new Set([39, 0x2019]);
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x2009;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) =>
  (c >= 97 && c <= 122) ||
  (c >= 65 && c <= 90) ||
  (c >= 0xc0 && NON_ASCII_LETTER.test(String.fromCharCode(c)));
const NON_ASCII_LETTER = /\p{L}/u;
const isWordChar = (c: number) => isDigit(c) || isLetter(c);

const newToken = (
  kind: SpeechToken['kind'],
  text: string,
  start: number,
  end: number,
): SpeechToken => {
  const raw = text.slice(start, end);
  return {
    kind,
    norm: raw.includes('’') ? raw.toLowerCase().replace(/’/g, "'") : raw.toLowerCase(),
    start,
    end,
    hyphenated: false,
    value: 0,
    formatted: false,
    kilo: false,
  };
};

const sign = (text: string, i: number) => newToken('sign', text, i, i + 1);

/** "2,150", "89.95", "10k"; digits glued to letters are a code ("4TTR6036", "8th", "10km"). */
function scanNumber(text: string, start: number): SpeechToken {
  let i = digitsEnd(text, start);
  let formatted = false;
  // Thousands groups only after one to three digits: "2,150", "1,250,000"; "1,25" is two numbers.
  if (i - start <= 3) {
    while (text.charCodeAt(i) === 44 && digitsEnd(text, i + 1) === i + 4) {
      i += 4;
      formatted = true;
    }
  }
  if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
    i = digitsEnd(text, i + 1);
    formatted = true;
  }
  const digits = text.slice(start, i);
  const k = text.charCodeAt(i);
  const kilo = (k === 107 || k === 75) && !isWordChar(text.charCodeAt(i + 1));
  if (kilo) i++;
  if (isWordChar(text.charCodeAt(i))) return scanCode(text, start);
  const token = newToken('number', text, start, i);
  token.value = Number(digits.replace(/,/g, '')) * (kilo ? 1000 : 1);
  token.formatted = formatted;
  token.kilo = kilo;
  return token;
}

/** Letters with in-word apostrophes ("that'd", "o'clock"); a word glued to digits is a code ("XR16"). */
function scanWord(text: string, start: number): SpeechToken {
  let i = start;
  for (;;) {
    while (isLetter(text.charCodeAt(i))) i++;
    if (!APOSTROPHES.has(text.charCodeAt(i)) || !isLetter(text.charCodeAt(i + 1))) break;
    i++;
  }
  return isDigit(text.charCodeAt(i)) ? scanCode(text, start) : newToken('word', text, start, i);
}

function scanCode(text: string, start: number): SpeechToken {
  let i = start;
  while (isWordChar(text.charCodeAt(i))) i++;
  return newToken('code', text, start, i);
}

function digitsEnd(text: string, i: number): number {
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

function markPhoneNumbers(text: string, tokens: SpeechToken[]): void {
  for (const match of text.matchAll(PHONE)) {
    const end = match.index + match[0].length;
    for (const token of tokens) {
      if (token.start >= match.index && token.end <= end && token.kind === 'number') {
        token.kind = 'code';
      }
    }
  }
}

const DIGIT_SEPARATORS = new Set([',', '-', '–', '—', '.']);

/** "five one two, five five five…": four or more digits said one by one are a number read out, not a price. */
function markDigitByDigit(tokens: SpeechToken[]): void {
  let runStart = 0;
  let digits = 0;
  for (let index = 0; index <= tokens.length; index++) {
    const token = tokens[index];
    if (token?.kind === 'word' && SPOKEN_DIGITS.has(token.norm)) {
      if (digits === 0) runStart = index;
      digits++;
      continue;
    }
    if (token && digits > 0 && token.kind === 'sign' && DIGIT_SEPARATORS.has(token.norm)) continue;
    if (digits >= 4) {
      for (let k = runStart; k < index; k++) {
        if (tokens[k]!.kind === 'word') tokens[k]!.kind = 'code';
      }
    }
    digits = 0;
  }
}
