import { describe, expect, it } from 'vitest';
import { speechTokens } from './speech-tokens.js';

const kinds = (text: string) =>
  speechTokens(text).map((t) => `${t.kind}:${t.norm}${t.hyphenated ? '(-)' : ''}`);

describe('speechTokens', () => {
  it.each<[string, string[]]>([
    ['$2,150.', ['sign:$', 'number:2,150', 'sign:.']],
    ['1,25 and 89.95', ['number:1', 'sign:,', 'number:25', 'word:and', 'number:89.95']],
    ['forty-nine', ['word:forty', 'word:nine(-)']],
    ['a 3-ton unit', ['word:a', 'number:3', 'word:ton(-)', 'word:unit']],
    [
      'the XR16, 4TTR6036, 8th, 10km',
      [
        'word:the',
        'code:xr16',
        'sign:,',
        'code:4ttr6036',
        'sign:,',
        'code:8th',
        'sign:,',
        'code:10km',
      ],
    ],
    ['R-22 and 600-700', ['word:r', 'code:22(-)', 'word:and', 'number:600', 'number:700(-)']],
    ["back in '96", ['word:back', 'word:in', "sign:'", 'code:96']],
    ['That’d be four— sorry', ["word:that'd", 'word:be', 'word:four', 'sign:—', 'word:sorry']],
    ['call 512-555-0134', ['word:call', 'code:512', 'code:555(-)', 'code:0134(-)']],
    [
      'five one two, five five five',
      ['code:five', 'code:one', 'code:two', 'sign:,', 'code:five', 'code:five', 'code:five'],
    ],
    ['three oh eight', ['word:three', 'word:oh', 'word:eight']],
  ])('%j', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('reads values, "k" and separators', () => {
    const [ten, price] = speechTokens('10k $1.2k').filter((t) => t.kind === 'number');
    expect(ten).toMatchObject({ value: 10_000, kilo: true, formatted: false });
    expect(price).toMatchObject({ value: 1200, kilo: true, formatted: true });
  });

  it('gives offsets into the text', () => {
    const text = '  It’s $89.95 — ok';
    for (const token of speechTokens(text)) {
      expect(text.slice(token.start, token.end).toLowerCase().replace('’', "'")).toBe(token.norm);
    }
  });
});
