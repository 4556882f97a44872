import { describe, expect, it } from 'vitest';
import { redactTranscript } from '../privacy/redact-transcript';
import { bleepRanges, maskSpans } from './bleep-ranges';

describe('maskSpans', () => {
  it('finds labelled masks and bare bullets, nothing else', () => {
    const text = 'Card [card ••••••4242] and ••• but not [card 4242] or [note].';
    expect(maskSpans(text).map((s) => text.slice(s.start, s.end))).toEqual([
      '[card ••••••4242]',
      '•••',
    ]);
  });
});

describe('bleepRanges', () => {
  it('places a mask proportionally inside its segment, padded and clamped', () => {
    // 40 characters over 4 s: characters 10..20 are 1 s..2 s.
    const text = `${'a'.repeat(10)}${'•'.repeat(10)}${'b'.repeat(20)}`;
    expect(bleepRanges([{ start: 0, end: 4, text }])).toEqual([{ start: 0.75, end: 2.25 }]);
    // Near the start and the end of the audio the padding stops at the edges.
    const edge = `${'•'.repeat(10)}${'a'.repeat(20)}${'•'.repeat(10)}`;
    expect(bleepRanges([{ start: 0, end: 4, text: edge }], { durationSeconds: 4 })).toEqual([
      { start: 0, end: 1.25 },
      { start: 2.75, end: 4 },
    ]);
  });

  it('merges ranges that touch, across segments, and skips segments without masks', () => {
    const segments = [
      { start: 0, end: 2, text: 'my card is [card ••••]' },
      { start: 2, end: 4, text: '[card •••••••••••1111] thanks' },
      { start: 4, end: 6, text: 'see you at nine' },
    ];
    const ranges = bleepRanges(segments);
    expect(ranges).toHaveLength(1);
    expect(ranges[0]!.start).toBe(0.75);
    expect(ranges[0]!.end).toBeLessThan(4);
    expect(bleepRanges([segments[2]!])).toEqual([]);
  });

  it('covers what the redactor masked in a transcript', () => {
    const segments = [
      { start: 0, end: 3, speaker: 'A', text: 'Sure. My card is 4111 1111 1111 1111.' },
      { start: 3, end: 5, speaker: 'A', text: 'The job is 4417203398.' },
    ];
    const masked = redactTranscript({ text: segments.map((s) => s.text).join(' '), segments });
    const [range, ...rest] = bleepRanges(masked.segments);
    expect(rest).toEqual([]);
    const start = segments[0]!.text.indexOf('4111');
    expect(range!.start).toBeLessThanOrEqual((3 * start) / segments[0]!.text.length);
    expect(range!.end).toBeGreaterThanOrEqual((3 * (start + 19)) / segments[0]!.text.length);
    expect(range!.end).toBeLessThanOrEqual(3.25);
  });
});
