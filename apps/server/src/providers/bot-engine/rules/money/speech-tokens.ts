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

// A number stands alone ("2,150", "89.95", "10k"); digits glued to letters are a code ("XR16", "4TTR6036", "8th").
const TOKEN =
  /(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)([kK])?(?![\p{L}\d])|[\p{L}\d]+(?:['’][\p{L}]+)*|\S/gu;

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

/** The tokens of a sentence. Phone numbers, written or read out digit by digit, come out as codes. */
export function speechTokens(text: string): SpeechToken[] {
  const tokens: SpeechToken[] = [];
  let previousEnd = -1;
  let previousWasHyphen = false;
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    const glued = start === previousEnd;
    // An in-word hyphen joins two words; it is kept only as the next token's `hyphenated` flag.
    if (raw === '-' && glued && /[\p{L}\d]/u.test(text[end] ?? '')) {
      previousWasHyphen = true;
      previousEnd = end;
      continue;
    }
    const digits = match[1];
    const token: SpeechToken = {
      kind: digits ? 'number' : /[\p{L}\d]/u.test(raw) ? 'word' : 'sign',
      norm: raw.toLowerCase().replace(/’/g, "'"),
      start,
      end,
      hyphenated: previousWasHyphen && glued,
      value: 0,
      formatted: false,
      kilo: false,
    };
    if (digits && token.hyphenated && /\p{L}$/u.test(tokens.at(-1)?.norm ?? '')) {
      // "R-22", "SEER-2": a name with a number in it.
      token.kind = 'code';
    } else if (digits) {
      token.kilo = match[2] !== undefined;
      token.value = Number(digits.replace(/,/g, '')) * (token.kilo ? 1000 : 1);
      token.formatted = /[,.]/.test(digits);
    } else if (token.kind === 'word' && /\d/.test(raw)) {
      token.kind = 'code';
    }
    tokens.push(token);
    previousWasHyphen = false;
    previousEnd = end;
  }
  markPhoneNumbers(text, tokens);
  markDigitByDigit(tokens);
  return tokens;
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

/** "five one two, five five five…": four or more digits said one by one are a number read out, not a price. */
function markDigitByDigit(tokens: SpeechToken[]): void {
  let runStart = 0;
  let digits = 0;
  const close = (endIndex: number) => {
    if (digits >= 4) {
      for (let k = runStart; k < endIndex; k++) {
        if (tokens[k]!.kind === 'word') tokens[k]!.kind = 'code';
      }
    }
    digits = 0;
  };
  tokens.forEach((token, index) => {
    if (token.kind === 'word' && SPOKEN_DIGITS.has(token.norm)) {
      if (digits === 0) runStart = index;
      digits++;
    } else if (!(digits > 0 && token.kind === 'sign' && /^[,\-–—.]$/.test(token.norm))) {
      close(index);
    }
  });
  close(tokens.length);
}
