import { describe, expect, it } from 'vitest';
import { parseRangeHeader } from './range-header.js';

describe('parseRangeHeader', () => {
  it('reads closed, open-ended and suffix ranges', () => {
    expect(parseRangeHeader('bytes=0-499')).toEqual({ start: 0, end: 499 });
    expect(parseRangeHeader('bytes=500-')).toEqual({ start: 500 });
    expect(parseRangeHeader('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRangeHeader('Bytes = 10-20')).toEqual({ start: 10, end: 20 });
  });

  it('serves only the first of several ranges', () => {
    expect(parseRangeHeader('bytes=0-9, 20-29, -5')).toEqual({ start: 0, end: 9 });
    expect(parseRangeHeader('bytes=-5,0-9')).toEqual({ suffix: 5 });
  });

  it('keeps ranges past the end for the caller to answer 416', () => {
    expect(parseRangeHeader('bytes=999999-')).toEqual({ start: 999999 });
    expect(parseRangeHeader('bytes=-0')).toEqual({ suffix: 0 });
  });

  it('ignores an absent, foreign-unit or malformed header (whole file)', () => {
    for (const header of [
      undefined,
      '',
      'items=0-9',
      'bytes=',
      'bytes=-',
      'bytes=a-b',
      'bytes=10-5',
      'bytes=0-9,x',
      'bytes=1.5-2',
      'bytes=99999999999999999-',
    ]) {
      expect(parseRangeHeader(header), String(header)).toBeNull();
    }
    expect(parseRangeHeader(['bytes=0-1', 'bytes=2-3'])).toBeNull();
  });
});
