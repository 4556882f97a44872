import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZY_MATCH_THRESHOLD, locateQuote, locateQuotes } from './span-locator';

/** Words of a random transcript; 'é', 'Ä' and 'ø' check that case folding beyond ASCII keeps offsets. */
const word = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéÄø0123456789'.split('')), {
    minLength: 1,
    maxLength: 8,
  })
  .map((chars) => chars.join(''));
const gap = fc.constantFrom(' ', ' ', ' ', '  ', '\n', ' \t ', ', ', '. ');
const transcriptWords = fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 60 });

/** A transcript, and the words i..j of it: the text between them and their true offsets. */
const quotedSpan = transcriptWords.chain((pairs) =>
  fc.tuple(fc.nat({ max: pairs.length - 1 }), fc.nat({ max: pairs.length - 1 })).map(([a, b]) => {
    const [i, j] = a <= b ? [a, b] : [b, a];
    let transcript = '';
    let start = 0;
    let end = 0;
    pairs.forEach(([w, g], k) => {
      if (k === i) start = transcript.length;
      transcript += w;
      if (k === j) end = transcript.length;
      transcript += g;
    });
    return { transcript, start, end, quote: transcript.slice(start, end) };
  }),
);

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Found at its true offsets, or at another occurrence of the same (normalised) text. */
function expectFoundAt(
  found: ReturnType<typeof locateQuote>,
  sample: { transcript: string; start: number; end: number; quote: string },
) {
  expect(found).not.toBeNull();
  if (found!.start === sample.start) {
    expect(found!.end).toBe(sample.end);
  } else {
    expect(fold(sample.transcript.slice(found!.start, found!.end))).toBe(fold(sample.quote));
    expect(found!.start).toBeLessThan(sample.start);
  }
}

describe('locateQuote', () => {
  it('finds an exact quote at its offsets', () => {
    const t = 'Technician: The repair is $185. Customer: Great, please go ahead.';
    expect(locateQuote(t, 'Great, please go ahead.')).toEqual({
      start: 42,
      end: 65,
      match: 'exact',
      score: 1,
    });
  });

  it('finds a quote with other case, whitespace, curly quotes, dashes and NFKC forms', () => {
    const t = "I'd recommend the Comfort\u00A0Club — it's  $15 a month. ﬁne print applies.";
    const found = locateQuote(
      t,
      '“I’D RECOMMEND the comfort club - it’s $15 a month.”'.slice(1, -1),
    );
    expect(found).toMatchObject({ match: 'normalised', score: 1 });
    expect(t.slice(found!.start, found!.end)).toBe(
      "I'd recommend the Comfort\u00A0Club — it's  $15 a month.",
    );
    const ligature = locateQuote(t, 'FINE print');
    expect(t.slice(ligature!.start, ligature!.end)).toBe('ﬁne print');
  });

  it('maps offsets back through characters outside the BMP and combining marks', () => {
    const t = 'Price 😀 is cafe\u0301 au lait, then  more words';
    const found = locateQuote(t, 'CAFÉ au   lait');
    expect(found).toMatchObject({ match: 'normalised' });
    expect(t.slice(found!.start, found!.end)).toBe('cafe\u0301 au lait');
  });

  it('aligns a paraphrased quote fuzzily with a score, and reads the span from the transcript', () => {
    const t =
      'Customer: Is that bad? Technician: The run capacitor is bulging on top, and it tests at half its rating.';
    const found = locateQuote(
      t,
      'the run capacitor was bulging on top and tests at half its rating',
    );
    expect(found).toMatchObject({ match: 'fuzzy' });
    expect(found!.score).toBeGreaterThanOrEqual(FUZZY_MATCH_THRESHOLD);
    expect(found!.score).toBeLessThan(1);
    expect(t.slice(found!.start, found!.end)).toBe(
      'The run capacitor is bulging on top, and it tests at half its rating',
    );
  });

  it('tolerates a misspelt word and dropped punctuation', () => {
    const t = 'I would also recommend a new filter, this one is pretty dirty.';
    const found = locateQuote(t, 'I would also recomend a new filter this one is pretty dirty');
    expect(found?.match).toBe('fuzzy');
    expect(t.slice(found!.start, found!.end)).toBe(
      'I would also recommend a new filter, this one is pretty dirty',
    );
  });

  it('drops made-up, empty and too-short quotes', () => {
    const t = 'The plan covers two visits a year and fifteen percent off repairs.';
    expect(locateQuote(t, 'We offer a lifetime warranty on every part.')).toBeNull();
    expect(locateQuote(t, '   ')).toBeNull();
    expect(locateQuote(t, 'warranty')).toBeNull();
    expect(locateQuote(t, 'the plan covers three free visits a month')).toBeNull();
  });

  it('stays fast on a 100k-character transcript', () => {
    const sentence = 'The technician checked the outdoor unit and the fan was spinning fine. ';
    const t = sentence.repeat(Math.ceil(100_000 / sentence.length));
    const started = performance.now();
    expect(locateQuote(t, 'the compressor capacitor was replaced and tested twice')).toBeNull();
    const paraphrase = locateQuote(
      t + 'Customer: please book the tune up for Friday morning.',
      'please book a tune-up for friday morning',
    );
    expect(paraphrase?.match).toBe('fuzzy');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
  it('aligns a long paraphrased quote in a long transcript quickly', () => {
    const filler = 'the fan was spinning fine and the coil looked clean today. '.repeat(1500);
    const passage = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const t = `${filler}Technician: ${passage}. ${filler}`;
    // Every tenth word misspelt: still the same passage.
    const quote = passage.replace(/word(\d*0)\b/g, 'wrd$1');
    const started = performance.now();
    const found = locateQuote(t, quote);
    expect(found?.match).toBe('fuzzy');
    expect(t.slice(found!.start, found!.end)).toBe(passage);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('locateQuote properties', () => {
  it('any substring quoted verbatim is found at its offsets', () => {
    fc.assert(
      fc.property(quotedSpan, (sample) => {
        const found = locateQuote(sample.transcript, sample.quote);
        expect(found?.match).toBe('exact');
        expectFoundAt(found, sample);
        expect(sample.transcript.slice(found!.start, found!.end)).toBe(sample.quote);
      }),
    );
  });

  it('a substring quoted with other whitespace is found at its offsets', () => {
    fc.assert(
      fc.property(quotedSpan, fc.constantFrom(' ', '\n', '   ', '\t'), (sample, space) => {
        const quote = ` ${sample.quote.replace(/\s+/g, space)}\n`;
        expectFoundAt(locateQuote(sample.transcript, quote), sample);
      }),
    );
  });

  it('a substring quoted in other case is found at its offsets', () => {
    fc.assert(
      fc.property(quotedSpan, fc.boolean(), (sample, upper) => {
        const quote = upper ? sample.quote.toUpperCase() : sample.quote.toLowerCase();
        expectFoundAt(locateQuote(sample.transcript, quote), sample);
      }),
    );
  });

  it('a quote of words the transcript does not have is dropped', () => {
    const made = fc
      .array(fc.constantFrom('warranty', 'refund', 'lifetime', 'guarantee', 'coupon', 'rebate'), {
        minLength: 1,
        maxLength: 8,
      })
      .map((words) => words.join(' '));
    fc.assert(
      fc.property(transcriptWords, made, (pairs, quote) => {
        const transcript = pairs.map(([w, g]) => w + g).join('');
        expect(locateQuote(transcript, quote)).toBeNull();
      }),
    );
  });
});

describe('locateQuotes', () => {
  it('returns the located spans with their text and counts the rest', () => {
    const t = 'You are booked for tomorrow at eight. The diagnostic fee is $89.';
    const { located, unmatched } = locateQuotes(t, [
      'booked for TOMORROW at eight',
      'The diagnostic fee is $89.',
      'We will send two technicians for free.',
    ]);
    expect(unmatched).toBe(1);
    expect(located.map((l) => [l.text, l.match])).toEqual([
      ['booked for tomorrow at eight', 'normalised'],
      ['The diagnostic fee is $89.', 'exact'],
    ]);
  });
});
