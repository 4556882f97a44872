/**
 * Masks personal data in a transcript before it is stored for display or read by a bot or the
 * LLM: payment cards, US social security numbers, bank routing and account numbers, and (when a
 * company asks for it) e-mail addresses and phone numbers.
 *
 * Transcripts come from speech-to-text, so a number may be written ("4242 4242…"), spoken
 * ("four two four two…", "forty two forty two…", "oh" for zero, "double four") or both. The text is
 * first read into runs of digits (see `readDigitRuns`), and each run is then judged by its digits,
 * its grouping and the cue words said just before it.
 *
 * Length rule: every replacement has exactly the length of the text it replaces (a label such as
 * `[card ••••4242]` widened with bullets, or cut down to bullets when the span is too short for
 * it). So every character outside a span keeps its index, and evidence offsets computed on the
 * redacted text line up with the original recording's transcript, with no offset map to carry.
 * `•` is one UTF-16 code unit, so lengths hold for JavaScript string indices.
 */

export const PII_KINDS = ['card', 'ssn', 'bank_account', 'routing', 'email', 'phone'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

export interface RedactPiiOptions {
  /** Mask e-mail addresses (a company setting; off by default). */
  emails?: boolean;
  /** Mask US phone numbers (a company setting; off by default). */
  phones?: boolean;
}

export interface PiiSpan {
  kind: PiiKind;
  start: number;
  end: number;
  /** The text now standing at [start, end) in the redacted text; same length as the original. */
  replacement: string;
}

export interface RedactPiiResult {
  text: string;
  spans: PiiSpan[];
}

// ── Spoken and written digits ────────────────────────────────────────────────

const UNITS = new Map<string, string>(
  Object.entries({
    zero: '0',
    oh: '0',
    one: '1',
    two: '2',
    three: '3',
    four: '4',
    five: '5',
    six: '6',
    seven: '7',
    eight: '8',
    nine: '9',
  }),
);
const TEENS = new Map<string, string>(
  Object.entries({
    ten: '10',
    eleven: '11',
    twelve: '12',
    thirteen: '13',
    fourteen: '14',
    fifteen: '15',
    sixteen: '16',
    seventeen: '17',
    eighteen: '18',
    nineteen: '19',
  }),
);
const TENS = new Map<string, string>(
  Object.entries({
    twenty: '2',
    thirty: '3',
    forty: '4',
    fifty: '5',
    sixty: '6',
    seventy: '7',
    eighty: '8',
    ninety: '9',
  }),
);
const REPEATS = new Map<string, number>([
  ['double', 2],
  ['triple', 3],
]);
/** Words a speaker drops between digit groups without ending the number. */
const FILLERS = new Set(['uh', 'um', 'er', 'dash']);
/** What may stand between two pieces of one number: spaces and light punctuation, no letters. */
const JOINER = /^[\s,.\-–—()]*$/;

/** One piece of a number as said: its digits and where it stands in the text. */
interface DigitPiece {
  digits: string;
  start: number;
  end: number;
}

/** A number as said, piece by piece (a written group, a spoken word, "forty two", "double four"). */
interface DigitRun {
  pieces: DigitPiece[];
  digits: string;
  start: number;
  end: number;
}

interface Word {
  word: string;
  start: number;
  end: number;
}

function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9]+/g)) {
    out.push({ word: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const isDigitWord = (w: string) => /^\d+$/.test(w) || UNITS.has(w) || TEENS.has(w) || TENS.has(w);

/**
 * Reads every run of digits, written or spoken, joined only by spaces, light punctuation or a
 * filler. A word glued to letters ("24ACC636A003") is not a digit, so model numbers never form
 * runs.
 */
function readDigitRuns(text: string): DigitRun[] {
  const ws = words(text);
  const runs: DigitRun[] = [];
  let current: DigitPiece[] = [];
  let lastEnd = -1;
  const close = () => {
    if (current.length > 0) {
      runs.push({
        pieces: current,
        digits: current.map((p) => p.digits).join(''),
        start: current[0]!.start,
        end: current[current.length - 1]!.end,
      });
    }
    current = [];
  };
  const joined = (start: number) => lastEnd >= 0 && JOINER.test(text.slice(lastEnd, start));

  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    let piece: DigitPiece | null = null;
    let used = 1;
    const next = ws[i + 1];
    const gapToNext = next ? text.slice(w.end, next.start) : '';
    if (REPEATS.has(w.word) && next && isDigitWord(next.word) && /^[\s-]+$/.test(gapToNext)) {
      const digit = UNITS.get(next.word) ?? (/^\d$/.test(next.word) ? next.word : null);
      if (digit !== null) {
        piece = { digits: digit.repeat(REPEATS.get(w.word)!), start: w.start, end: next.end };
        used = 2;
      }
    } else if (/^\d+$/.test(w.word)) {
      piece = { digits: w.word, start: w.start, end: w.end };
    } else if (UNITS.has(w.word)) {
      piece = { digits: UNITS.get(w.word)!, start: w.start, end: w.end };
    } else if (TEENS.has(w.word)) {
      piece = { digits: TEENS.get(w.word)!, start: w.start, end: w.end };
    } else if (TENS.has(w.word)) {
      // "forty two" is 42, "forty" alone is 40; "forty, two" keeps them apart.
      const unit = next && /^[\s-]+$/.test(gapToNext) ? UNITS.get(next.word) : undefined;
      if (unit !== undefined && next!.word !== 'oh' && next!.word !== 'zero') {
        piece = { digits: TENS.get(w.word)! + unit, start: w.start, end: next!.end };
        used = 2;
      } else {
        piece = { digits: TENS.get(w.word)! + '0', start: w.start, end: w.end };
      }
    }
    if (piece && piece.digits.length <= 2 && !/^\d/.test(w.word)) {
      // "forty one hundred" is 4100, as card groups are often said.
      const after = ws[i + used];
      if (after?.word === 'hundred' && /^[\s-]+$/.test(text.slice(piece.end, after.start))) {
        piece = { digits: piece.digits + '00', start: piece.start, end: after.end };
        used++;
      }
    }
    if (piece) {
      if (!joined(piece.start)) close();
      current.push(piece);
      lastEnd = piece.end;
      i += used - 1;
      continue;
    }
    // A filler between two digits keeps the run going; anything else ends it.
    if (FILLERS.has(w.word) && current.length > 0 && joined(w.start)) {
      const following = ws[i + 1];
      if (following && (isDigitWord(following.word) || REPEATS.has(following.word))) {
        lastEnd = w.end;
        continue;
      }
    }
    close();
    lastEnd = -1;
  }
  close();
  return runs;
}

// ── Number rules ─────────────────────────────────────────────────────────────

/**
 * Luhn is what makes card masking safe without a cue: a 13–19 digit number only counts as a card
 * when its check digit is right (one random number in ten), and the digits also match a card
 * brand's prefix and length. Ten-digit job numbers, phone numbers, invoice and serial numbers are
 * too short or fail those checks, so they stay readable.
 */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Card brands by prefix, with the lengths they issue. */
function cardBrandFits(digits: string): boolean {
  const n = digits.length;
  const p2 = Number(digits.slice(0, 2));
  const p3 = Number(digits.slice(0, 3));
  const p4 = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return n === 13 || n === 16 || n === 19; // Visa
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16; // Mastercard
  if (p2 === 34 || p2 === 37) return n === 15; // Amex
  if (p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649)) return n >= 16 && n <= 19; // Discover
  if (p2 === 35) return n >= 16 && n <= 19; // JCB
  if (p2 === 36 || p2 === 38 || (p3 >= 300 && p3 <= 305)) return n >= 14 && n <= 19; // Diners
  return false;
}

export const isCardNumber = (digits: string) => cardBrandFits(digits) && luhnValid(digits);

/** Area 000, 666 and 900–999, group 00 and serial 0000 are never issued. */
export function ssnValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  return (
    area !== '000' &&
    area !== '666' &&
    area[0] !== '9' &&
    digits.slice(3, 5) !== '00' &&
    digits.slice(5) !== '0000'
  );
}

/** The ABA routing checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** A US number: optional 1, then area code and exchange that do not start with 0 or 1. */
function phoneDigits(digits: string): boolean {
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(local);
}

// ── Cue words ────────────────────────────────────────────────────────────────

type Cue = 'card' | 'ssn' | 'routing' | 'account' | 'phone' | 'other';

/**
 * Words said just before a number that tell what it is. `other` names the numbers a call is full
 * of that are not personal data (job, invoice, model, serial…); a number closer to one of those
 * than to a card or SSN cue is left alone.
 */
const CUES: [Cue, RegExp][] = [
  ['card', /\b(?:card|visa|master ?card|amex|american express|discover|credit|debit)\b/g],
  ['ssn', /\b(?:social|ssn|s s n)\b/g],
  ['routing', /\b(?:routing|aba|transit)\b/g],
  [
    'account',
    /\b(?<!(?:customer|service|member|membership|loyalty|utility) )(?:account|acct|checking|savings)\b/g,
  ],
  ['phone', /\b(?:phone|cell|mobile|call|text|reach)\b/g],
  [
    'other',
    /\b(?:job|invoice|(?<!in )order|ticket|serial|model|part|po|confirmation|tracking|reference|ref|claim|permit|policy|license|meter|zip|warranty|registration|(?:customer|member|membership) (?:number|id|no))\b/g,
  ],
];
const CUE_REACH = 60;
/**
 * A "not personal data" cue only counts right before the number ("job number is 44…"): an invoice
 * mentioned earlier in the sentence must not shield the card read out after it.
 */
const OTHER_CUE_REACH = 25;

/** The cue said nearest before `start` (within reach), or after `end` when none comes before. */
function cueFor(text: string, start: number, end: number): Cue | null {
  const before = text.slice(Math.max(0, start - CUE_REACH), start).toLowerCase();
  let best: Cue | null = null;
  let bestAt = -1;
  for (const [cue, re] of CUES) {
    for (const m of before.matchAll(re)) {
      if (cue === 'other' && before.length - m.index > OTHER_CUE_REACH) continue;
      if (m.index >= bestAt) {
        bestAt = m.index;
        best = cue;
      }
    }
  }
  if (best) return best;
  const after = text.slice(end, end + 30).toLowerCase();
  let firstAt = Infinity;
  for (const [cue, re] of CUES) {
    const m = after.match(new RegExp(re.source));
    if (m?.index !== undefined && m.index < firstAt && cue !== 'phone') {
      firstAt = m.index;
      best = cue;
    }
  }
  return best;
}

// ── Finding spans ────────────────────────────────────────────────────────────

interface Candidate {
  kind: PiiKind;
  start: number;
  end: number;
  /** Digits shown in the label (a card's last four). */
  lastFour?: string;
}

/** Where a run's pieces [from, to) stand, and their digits. */
const slice = (run: DigitRun, from: number, to: number) => ({
  start: run.pieces[from]!.start,
  end: run.pieces[to - 1]!.end,
  digits: run.pieces
    .slice(from, to)
    .map((p) => p.digits)
    .join(''),
});

/** Card lengths, the common ones first: a 16-digit card read before its expiry stays 16 digits. */
const CARD_LENGTHS = [16, 15, 14, 13, 19, 18, 17];

/**
 * The cards inside a run, read left to right at piece boundaries: a run may hold a card and its
 * expiry date and security code ("…4242, twelve twenty six, one two three"), an "oh" said before
 * it, or two cards read one after the other.
 */
function findCards(run: DigitRun): { start: number; end: number; digits: string }[] {
  const found: { start: number; end: number; digits: string }[] = [];
  const n = run.pieces.length;
  for (let from = 0; from < n;) {
    const ends = new Map<number, number>();
    let length = 0;
    for (let to = from; to < n && length < 19; to++) {
      length += run.pieces[to]!.digits.length;
      if (length >= 13 && length <= 19) ends.set(length, to + 1);
    }
    let next = from + 1;
    for (const wanted of CARD_LENGTHS) {
      const to = ends.get(wanted);
      if (to === undefined) continue;
      const card = slice(run, from, to);
      if (isCardNumber(card.digits)) {
        found.push(card);
        next = to;
        break;
      }
    }
    from = next;
  }
  return found;
}

/** Digit counts of a run's written groups, e.g. [3, 2, 4] for "123-45-6789". */
const writtenGroups = (text: string, run: DigitRun) =>
  text
    .slice(run.start, run.end)
    .split(/[\s.\-–—]+/)
    .map((g) => g.replace(/\D/g, '').length);

function numberCandidates(text: string, options: RedactPiiOptions): Candidate[] {
  const out: Candidate[] = [];
  for (const run of readDigitRuns(text)) {
    const cue = cueFor(text, run.start, run.end);
    const written = /^\d[\d\s.\-–—()]*$/.test(text.slice(run.start, run.end));

    const cards = cue === 'other' ? [] : findCards(run);
    for (const card of cards) {
      out.push({ kind: 'card', start: card.start, end: card.end, lastFour: card.digits.slice(-4) });
    }
    if (cards.length > 0) continue;
    if (run.digits.length === 9) {
      const groups = written ? writtenGroups(text, run).join('-') : '';
      if (cue === 'ssn' || (cue !== 'other' && cue !== 'routing' && groups === '3-2-4')) {
        if (ssnValid(run.digits)) out.push({ kind: 'ssn', start: run.start, end: run.end });
        continue;
      }
      if (cue === 'routing' && abaValid(run.digits)) {
        out.push({ kind: 'routing', start: run.start, end: run.end });
        continue;
      }
    }
    if (cue === 'account' && run.digits.length >= 6 && run.digits.length <= 17) {
      out.push({ kind: 'bank_account', start: run.start, end: run.end });
      continue;
    }
    if (options.phones && cue !== 'other') {
      const phone = findPhone(text, run);
      if (phone) out.push({ kind: 'phone', ...phone });
    }
  }
  return out;
}

/** A US phone number (10 digits, or 11 with the leading 1), with its "(" or "+" when written. */
function findPhone(text: string, run: DigitRun): { start: number; end: number } | null {
  let start = run.start;
  // "(972) 555-0143": the opening parenthesis belongs to the number.
  if (text[start - 1] === '(') start--;
  if (phoneDigits(run.digits)) {
    if (text[start - 1] === '+') start--;
    return { start, end: run.end };
  }
  return null;
}

const TLD = '(?:com|net|org|edu|gov|us|io|co|biz|info|me)';
const WRITTEN_EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g;
/**
 * "mary dot ellen at outlook dot com", "j smith at gmail dot com", "bob underscore plumbing at…";
 * after a "dot" the recogniser may split one word in two ("dave dot polar air at…"). The two halves
 * are matched on a short window either side of each spoken "at", which keeps the search linear in
 * the length of the transcript.
 */
const SPOKEN_LOCAL =
  /(?:\b[a-z]\s+)*\b[a-z0-9]+(?:\s+(?:dot|underscore|dash|hyphen)\s+[a-z0-9]+(?:\s+[a-z0-9]+)?)*$/i;
const SPOKEN_DOMAIN = new RegExp(
  String.raw`^\s+at\s+[a-z0-9]+(?:\s+dot\s+[a-z0-9]+)*\s+dot\s+${TLD}\b`,
  'i',
);
const SPOKEN_AT = /\s+at\s+/gi;
const EMAIL_REACH = 80;
/** Words before "at" that are plainly not the start of an address. */
const NOT_LOCAL =
  /^(?:the|a|an|me|us|him|her|them|you|it|be|is|are|was|were|back|home|here|there|out|up|look|looking|arrive|get)\s/i;

function emailCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  if (text.includes('@')) {
    for (const m of text.matchAll(WRITTEN_EMAIL)) {
      out.push({ kind: 'email', start: m.index, end: m.index + m[0].length });
    }
  }
  for (const at of text.matchAll(SPOKEN_AT)) {
    const domain = SPOKEN_DOMAIN.exec(text.slice(at.index, at.index + EMAIL_REACH));
    if (!domain) continue;
    const windowStart = Math.max(0, at.index - EMAIL_REACH);
    const local = SPOKEN_LOCAL.exec(text.slice(windowStart, at.index));
    if (!local) continue;
    let start = windowStart + local.index;
    let found = local[0];
    // "email me at john dot smith at…": trim words that cannot open an address.
    while (NOT_LOCAL.test(found)) {
      const cut = found.indexOf(' ') + 1;
      start += cut;
      found = found.slice(cut).trimStart();
    }
    if (NOT_LOCAL.test(`${found} `)) continue;
    out.push({ kind: 'email', start, end: at.index + domain[0].length });
  }
  return out;
}

// ── Replacement ──────────────────────────────────────────────────────────────

const LABELS: Record<PiiKind, string> = {
  card: 'card',
  ssn: 'ssn',
  bank_account: 'account',
  routing: 'routing',
  email: 'email',
  phone: 'phone',
};

/**
 * `[card ••••4242]`, `[ssn •••••••]`: the label widened with bullets to the span's exact length, or
 * bullets alone when the span is shorter than the label.
 */
export function maskFor(kind: PiiKind, length: number, lastFour?: string): string {
  const head = `[${LABELS[kind]} `;
  const tail = `${lastFour ?? ''}]`;
  const room = length - head.length - tail.length;
  if (room >= 1) return head + '•'.repeat(room) + tail;
  return '•'.repeat(length);
}

const PRIORITY: Record<PiiKind, number> = {
  card: 0,
  ssn: 1,
  routing: 2,
  bank_account: 3,
  phone: 4,
  email: 5,
};

/** Masks the personal data in `text`; see the file comment for what is found and how. */
export function redactPii(text: string, options: RedactPiiOptions = {}): RedactPiiResult {
  const candidates = [
    ...numberCandidates(text, options),
    ...(options.emails ? emailCandidates(text) : []),
  ].sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || a.start - b.start);
  const kept: Candidate[] = [];
  for (const c of candidates) {
    if (!kept.some((k) => k.start < c.end && c.start < k.end)) kept.push(c);
  }
  kept.sort((a, b) => a.start - b.start);

  let out = '';
  let at = 0;
  const spans: PiiSpan[] = [];
  for (const c of kept) {
    const replacement = maskFor(c.kind, c.end - c.start, c.lastFour);
    out += text.slice(at, c.start) + replacement;
    at = c.end;
    spans.push({ kind: c.kind, start: c.start, end: c.end, replacement });
  }
  return { text: out + text.slice(at), spans };
}
