import nlp from 'compromise';
import { DIGIT_WORDS, NUMBER_WORDS } from '../../providers/bot-engine/rules/money/index.js';

/** What stands in for each kind of personal detail in a shared sentence. */
export const REDACTED = {
  name: '[name]',
  number: '[number]',
  email: '[email]',
  phone: '[phone]',
} as const;
type Redaction = keyof typeof REDACTED;

interface Span {
  start: number;
  end: number;
  kind: Redaction;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

/** Written phone numbers: +1 (555) 123-4567, 555.123.4567, 5551234567, 123-4567. */
const WRITTEN_PHONE =
  /(?<![\p{L}\p{N}])(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?![\p{L}\p{N}])|(?<![\p{L}\p{N}-])\d{3}-\d{4}(?![\p{L}\p{N}])/gu;

// The digits said one by one in a phone number ("oh" only counts inside such a run).
const SPOKEN_DIGITS = ['zero', 'oh', ...DIGIT_WORDS];
// Every word of a spoken number, with "zero" and the rarer words of amounts said out loud.
const NUMBER_WORDS_ALL = ['zero', ...NUMBER_WORDS, 'billion', 'double', 'triple'];
const words = (list: readonly string[]) => `(?:${list.join('|')})`;

/**
 * Spoken phone numbers: seven or more digits said one by one ("five five five, one two three…"),
 * as words or figures; "oh" counts as a digit only inside such a run.
 */
const DIGIT = `(?:\\d|${words(SPOKEN_DIGITS)})`;
const SPOKEN_PHONE = new RegExp(
  `(?<![\\p{L}\\p{N}])${DIGIT}(?:[\\s,.-]+${DIGIT}){6,}(?![\\p{L}\\p{N}])`,
  'giu',
);

/**
 * Numbers: figures (4418, 24.99, 3:30) and runs of number words ("twenty nine", "five one two",
 * "two hundred and fifty"), each run one placeholder.
 */
const NUMBER_PART = `(?:\\d+(?:[.,:]\\d+)*|${words(NUMBER_WORDS_ALL)})`;
const NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}])${NUMBER_PART}(?:(?:[\\s-]+(?:and[\\s-]+)?)${NUMBER_PART})*(?![\\p{L}\\p{N}])`,
  'giu',
);

/** A capitalised name after a title: "Mr. Alvarez", "Dr Patel", "Mrs. Jane Doe". */
const TITLED_NAME =
  /\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/gu;
const TITLE = /^(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+/u;

function matches(text: string, pattern: RegExp, kind: Redaction): Span[] {
  return [...text.matchAll(pattern)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    kind,
  }));
}

/** People's names as compromise finds them, the title itself left readable. */
function peopleNames(text: string): Span[] {
  const found = nlp(text).people().out('offset') as {
    text: string;
    offset: { start: number; length: number };
  }[];
  const spans: Span[] = [];
  for (const person of found) {
    let start = person.offset.start;
    // compromise's match may carry the punctuation after it ("Mike.").
    let name = text.slice(start, start + person.offset.length).replace(/[^\p{L}\p{N}]+$/u, '');
    const title = TITLE.exec(name);
    if (title) {
      start += title[0].length;
      name = name.slice(title[0].length);
    }
    if (name !== '') spans.push({ start, end: start + name.length, kind: 'name' });
  }
  return spans;
}

function titledNames(text: string): Span[] {
  return [...text.matchAll(TITLED_NAME)].map((m) => {
    const name = m[1]!;
    const start = m.index + m[0].length - name.length;
    return { start, end: start + name.length, kind: 'name' as const };
  });
}

/**
 * The sentence with people's names, numbers, e-mail addresses and phone numbers replaced by
 * [name], [number], [email] and [phone]. Where findings overlap, the earlier kind in that list of
 * precedence wins (an e-mail's digits are the e-mail, a phone number's digits the phone), so
 * nothing is left half replaced.
 */
export function redactSentence(sentence: string): string {
  const found = [
    ...matches(sentence, EMAIL, 'email'),
    ...matches(sentence, WRITTEN_PHONE, 'phone'),
    ...matches(sentence, SPOKEN_PHONE, 'phone'),
    ...peopleNames(sentence),
    ...titledNames(sentence),
    // A lone "one" is nearly always a pronoun ("the one in the basement"), not a detail.
    ...matches(sentence, NUMBER, 'number').filter(
      (m) => sentence.slice(m.start, m.end).toLowerCase() !== 'one',
    ),
  ];
  const precedence: Redaction[] = ['email', 'phone', 'name', 'number'];
  found.sort(
    (a, b) =>
      precedence.indexOf(a.kind) - precedence.indexOf(b.kind) ||
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start,
  );
  const kept: Span[] = [];
  for (const span of found) {
    if (kept.some((k) => span.start < k.end && k.start < span.end)) continue;
    kept.push(span);
  }
  kept.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const span of kept) {
    out += sentence.slice(at, span.start) + REDACTED[span.kind];
    at = span.end;
  }
  return out + sentence.slice(at);
}
