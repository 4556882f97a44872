import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abaValid, luhnValid, redactPii, ssnValid, type PiiKind } from './redact-pii';

/** The masked substrings of `text`, by kind, in order. */
function masked(text: string, options: Parameters<typeof redactPii>[1] = {}) {
  return redactPii(text, options).spans.map((s) => [s.kind, text.slice(s.start, s.end)]);
}

/** Every character outside the spans is unchanged at its index; spans hold their replacements. */
function expectOffsetsKept(original: string, result: ReturnType<typeof redactPii>) {
  expect(result.text).toHaveLength(original.length);
  let at = 0;
  for (const span of result.spans) {
    expect(span.start).toBeGreaterThanOrEqual(at);
    expect(result.text.slice(at, span.start)).toBe(original.slice(at, span.start));
    expect(result.text.slice(span.start, span.end)).toBe(span.replacement);
    at = span.end;
  }
  expect(result.text.slice(at)).toBe(original.slice(at));
}

describe('redactPii: table', () => {
  const cases: [string, { emails?: boolean; phones?: boolean }, [PiiKind, string][]][] = [
    ['Card number is 4242 4242 4242 4242.', {}, [['card', '4242 4242 4242 4242']]],
    ['Mastercard 5555-5555-5555-4444 please', {}, [['card', '5555-5555-5555-4444']]],
    ['Amex 3782 822463 10005', {}, [['card', '3782 822463 10005']]],
    [
      'It is forty two forty two, forty two forty two, forty two forty two, forty two forty two.',
      {},
      [
        [
          'card',
          'forty two forty two, forty two forty two, forty two forty two, forty two forty two',
        ],
      ],
    ],
    [
      'Discover six oh one one, double one double one, one one one one, one one one seven',
      {},
      [['card', 'six oh one one, double one double one, one one one one, one one one seven']],
    ],
    ['Card 4242 4242 4242 4241 (one digit off)', {}, []],
    [
      'Card 4242 4242 4242 4242, twelve twenty six, one two three',
      {},
      [['card', '4242 4242 4242 4242']],
    ],
    [
      '4111 1111 1111 1111, 6011 1111 1111 1117',
      {},
      [
        ['card', '4111 1111 1111 1111'],
        ['card', '6011 1111 1111 1117'],
      ],
    ],
    ['Job number 4417283901', {}, []],
    ['My social is 123-45-6789.', {}, [['ssn', '123-45-6789']]],
    [
      'Social is one two three, four five, six seven eight nine',
      {},
      [['ssn', 'one two three, four five, six seven eight nine']],
    ],
    ['Social on file 666-12-3456', {}, []],
    ['Sticker code 912-34-5678', {}, []],
    ['SSN 123-00-4567', {}, []],
    ['Random nine digits 123456789', {}, []],
    [
      'Routing 021000021, account number 1234567890',
      {},
      [
        ['routing', '021000021'],
        ['bank_account', '1234567890'],
      ],
    ],
    ['Routing number 123456789', {}, []],
    ['Invoice 1234567890', {}, []],
    ['Customer account number 100234', {}, []],
    ['Carrier 24ACC636A003, 36000 BTU, 16 SEER', { phones: true }, []],
    ['one thousand two hundred forty nine dollars', { phones: true }, []],
    ['Best number is 214-555-0199', {}, []],
    ['Best number is 214-555-0199', { phones: true }, [['phone', '214-555-0199']]],
    ['Job number 2145550199', { phones: true }, []],
    ['Mail jsmith@gmail.com', {}, []],
    ['Mail jsmith@gmail.com', { emails: true }, [['email', 'jsmith@gmail.com']]],
    [
      'It is mary dot ellen at outlook dot com',
      { emails: true },
      [['email', 'mary dot ellen at outlook dot com']],
    ],
    ['See you at noon.', { emails: true }, []],
    ['The constructor said forty constructor toString 4242', { phones: true }, []],
  ];
  it.each(cases)('%s %o', (text, options, expected) => {
    expect(masked(text, options)).toEqual(expected);
    expectOffsetsKept(text, redactPii(text, options));
  });

  it('labels a card with its last four, padded to the length it replaces', () => {
    const text = 'Card 4242 4242 4242 4242 thanks';
    const { text: out, spans } = redactPii(text);
    expect(spans[0]!.replacement).toBe('[card ••••••••4242]');
    expect(out).toBe('Card [card ••••••••4242] thanks');
  });
});

describe('number checks', () => {
  it('Luhn, SSN and ABA rules', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(ssnValid('078051120')).toBe(true);
    expect(ssnValid('000123456')).toBe(false);
    expect(abaValid('021000021')).toBe(true);
    expect(abaValid('021000022')).toBe(false);
  });
});

// ── Property-based ───────────────────────────────────────────────────────────

const UNIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEEN_WORDS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS_WORDS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
];

/** A Luhn-valid 16-digit number of a real brand prefix (Visa, Mastercard, Discover). */
const cardNumber = fc
  .tuple(
    fc.constantFrom('4', '51', '52', '53', '54', '55', '6011'),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }),
  )
  .map(([prefix, rest]) => {
    const body = (prefix + rest.join('')).slice(0, 15);
    for (let check = 0; check <= 9; check++) {
      if (luhnValid(body + check)) return body + check;
    }
    throw new Error('unreachable: one check digit always fits');
  });

type Piece = { digits: string; style: number };

/**
 * Says `digits` the way a caller might: each piece as digits, words, "oh", a two-digit number
 * ("forty two", "eleven"), "double"/"triple", with random separators between pieces.
 */
const spokenForm = (digits: string) =>
  fc
    .array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 5 })), {
      minLength: 16,
      maxLength: 16,
    })
    .chain((plan) => {
      const pieces: Piece[] = [];
      for (let at = 0, i = 0; at < digits.length; i++) {
        const [size, style] = plan[i % plan.length]!;
        const take = Math.min(size, digits.length - at);
        pieces.push({ digits: digits.slice(at, at + take), style });
        at += take;
      }
      return fc
        .array(fc.constantFrom(' ', ', ', '. ', '-', ' - ', ' uh ', '... '), {
          minLength: pieces.length,
          maxLength: pieces.length,
        })
        .map((seps) => render(pieces, seps));
    });

function sayDigit(d: string, style: number): string {
  if (d === '0') return style % 2 === 0 ? 'oh' : 'zero';
  return style === 0 ? d : UNIT_WORDS[Number(d)]!;
}

/** One piece as words; returns the text and whether it ended with a bare tens word ("forty"). */
function sayPiece({ digits, style }: Piece): { text: string; bareTens: boolean } {
  if (style === 0) return { text: digits, bareTens: false };
  if (digits.length === 2 && style >= 3 && digits[0] === digits[1]) {
    return { text: `double ${sayDigit(digits[1]!, style)}`, bareTens: false };
  }
  if (digits.length === 3 && style >= 3 && /^(\d)\1\1$/.test(digits)) {
    return { text: `triple ${sayDigit(digits[0]!, style)}`, bareTens: false };
  }
  if (digits.length === 2 && style >= 4 && digits[0] === '1') {
    return { text: TEEN_WORDS[Number(digits[1])]!, bareTens: false };
  }
  if (digits.length === 2 && style >= 4 && digits[0]! >= '2') {
    const tens = TENS_WORDS[Number(digits[0])]!;
    if (digits[1] === '0') return { text: tens, bareTens: true };
    return {
      text: `${tens}${style === 5 ? '-' : ' '}${UNIT_WORDS[Number(digits[1])]}`,
      bareTens: false,
    };
  }
  return { text: [...digits].map((d) => sayDigit(d, style)).join(' '), bareTens: false };
}

function render(pieces: Piece[], seps: string[]): string {
  let out = '';
  pieces.forEach((piece, i) => {
    const said = sayPiece(piece);
    out += said.text;
    // After a bare "forty" the next word must not run on into "forty two": a pause keeps 40 apart.
    if (i < pieces.length - 1) out += said.bareTens ? ', ' : seps[i]!;
  });
  return out;
}

const lead = fc.constantFrom(
  '',
  'My card number is ',
  'Customer: uh, ',
  'Visa, ',
  'OK so ',
  'it is ',
);
const trail = fc.constantFrom('', '.', ' thanks', ', and it expires next year.');

describe('redactPii: properties', () => {
  it('masks any Luhn-valid 16-digit card in any spoken form and keeps its last four', () => {
    fc.assert(
      fc.property(
        cardNumber.chain((n) => fc.tuple(fc.constant(n), spokenForm(n), lead, trail)),
        ([number, said, before, after]) => {
          const text = before + said + after;
          const result = redactPii(text);
          const cards = result.spans.filter((s) => s.kind === 'card');
          expect(cards).toHaveLength(1);
          expect(cards[0]!.start).toBe(before.length);
          expect(cards[0]!.end).toBe(before.length + said.length);
          expect(cards[0]!.replacement.endsWith(`${number.slice(-4)}]`)).toBe(true);
          expect(result.text).not.toContain(number.slice(4, 12));
          expectOffsetsKept(text, result);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never masks a 10-digit job number, said or written', () => {
    const jobNumber = fc
      .tuple(
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
      )
      .map(([first, rest]) => `${first}${rest.join('')}`);
    fc.assert(
      fc.property(
        jobNumber.chain((n) =>
          fc.tuple(
            spokenForm(n),
            fc.constantFrom('', 'It is ', 'Your job number is ', 'Job ', 'Job number: '),
          ),
        ),
        ([said, before]) => {
          const text = `${before}${said}.`;
          expect(redactPii(text).spans).toEqual([]);
          // With phone masking on, a bare 10-digit number may be a phone; "job" keeps it readable.
          if (/job/i.test(before)) expect(redactPii(text, { phones: true }).spans).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves text outside spans unchanged and every offset after a span in place', () => {
    const word = fc.constantFrom(
      'card',
      'social',
      'routing',
      'account',
      'at',
      'dot',
      'com',
      'four',
      'forty',
      'two',
      'oh',
      'double',
      'uh',
      '4242',
      '4242424242424242',
      '123-45-6789',
      '021000021',
      '214-555-0199',
      'a@b.co',
      'x',
      ',',
      '.',
      '-',
    );
    fc.assert(
      fc.property(
        fc
          .array(fc.oneof(word, fc.string({ maxLength: 4 })), { maxLength: 40 })
          .map((w) => w.join(' ')),
        fc.boolean(),
        fc.boolean(),
        (text, emails, phones) => expectOffsetsKept(text, redactPii(text, { emails, phones })),
      ),
      { numRuns: 500 },
    );
  });
});
