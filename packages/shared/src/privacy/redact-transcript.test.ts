import { describe, expect, it } from 'vitest';
import { joinSegments } from '../bots/transcript-spans';
import { redactTranscript } from './redact-transcript';

const seg = (text: string, startSeconds: number) => ({ text, startSeconds, speaker: 'A' });

describe('redactTranscript', () => {
  it('masks a card number said across two segments and keeps every boundary', () => {
    const segments = [
      seg('Sure, the card is four two four two four two four two', 0),
      seg('four two four two four two four two. Thanks.', 5),
      seg('Great, the technician arrives at nine.', 9),
    ];
    const text = joinSegments(segments);
    const out = redactTranscript({ text, segments });
    expect(out.masked).toBeGreaterThan(0);
    expect(out.text).not.toMatch(/four two four two four two four two four/);
    expect(out.segments.map((s) => s.text.length)).toEqual(segments.map((s) => s.text.length));
    expect(joinSegments(out.segments)).toHaveLength(text.length);
    expect(joinSegments(out.segments)).not.toContain('four two four two four two four two');
    expect(out.segments[2]).toEqual(segments[2]);
    expect(out.segments[1]!.startSeconds).toBe(5);
  });

  it('leaves a transcript without PII as it is, and a redacted one unchanged', () => {
    const segments = [seg('Job 4417203398 is the furnace swap, model 24ACC636A003.', 0)];
    const clean = { text: segments[0]!.text, segments };
    expect(redactTranscript(clean)).toEqual({ ...clean, masked: 0 });

    const card = [seg('Card 4111 1111 1111 1111, expiry next May.', 0)];
    const once = redactTranscript({ text: card[0]!.text, segments: card });
    expect(once.text).toContain('1111]');
    expect(once.text).not.toContain('4111 1111');
    const twice = redactTranscript(once);
    expect(twice.text).toBe(once.text);
    expect(twice.segments).toEqual(once.segments);
  });
});
