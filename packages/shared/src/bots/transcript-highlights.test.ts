import type { TranscriptSegment } from '../interactions/interaction.schema';
import { joinSegments } from './transcript-spans';
import { describe, expect, it } from 'vitest';
import { highlightRanges, segmentPieces } from './transcript-highlights';

const segments: TranscriptSegment[] = [
  { start: 0, end: 4, speaker: 'Technician', text: 'Hello there.' },
  { start: 4, end: 12, speaker: 'Customer', text: 'The boiler is fine.' },
  { start: 12, end: 20, speaker: 'Technician', text: 'Want our care plan?' },
];
const transcript = joinSegments(segments);

/** A response tag quoting `text` at its first place in the transcript. */
function quote(text: string, label = 'Tag') {
  const index_start = transcript.indexOf(text);
  if (index_start < 0) throw new Error(`not in transcript: ${text}`);
  return { index_start, index_end: index_start + text.length, text, label };
}

const render = (pieces: ReturnType<typeof segmentPieces>) =>
  pieces.map((row) => row.map((p) => (p.range ? `[${p.text}]` : p.text)).join(''));

describe('transcript highlights', () => {
  it('highlights the exact offsets inside one segment', () => {
    const ranges = highlightRanges(segments, [quote('boiler')]);
    expect(ranges).toEqual([{ start: 17, end: 23, labels: ['Tag'], seconds: 4 }]);
    expect(render(segmentPieces(segments, ranges))).toEqual([
      'Hello there.',
      'The [boiler] is fine.',
      'Want our care plan?',
    ]);
  });

  it('splits a span across segment boundaries, skipping the joining space; only its first piece opens it', () => {
    const ranges = highlightRanges(segments, [quote('there. The boiler is fine. Want')]);
    const pieces = segmentPieces(segments, ranges);
    expect(render(pieces)).toEqual([
      'Hello [there.]',
      '[The boiler is fine.]',
      '[Want] our care plan?',
    ]);
    expect(
      pieces
        .flat()
        .filter((p) => p.opensRange)
        .map((p) => p.text),
    ).toEqual(['there.']);
    // It plays from where it starts being spoken.
    expect(ranges[0]?.seconds).toBe(0);
  });

  it('highlights a whole segment and the very end of the transcript', () => {
    const ranges = highlightRanges(segments, [quote('Hello there.'), quote('plan?')]);
    expect(render(segmentPieces(segments, ranges))).toEqual([
      '[Hello there.]',
      'The boiler is fine.',
      'Want our care [plan?]',
    ]);
    expect(ranges.map((r) => r.seconds)).toEqual([0, 12]);
  });

  it('merges overlapping spans into one highlight with both labels', () => {
    const ranges = highlightRanges(segments, [
      quote('care plan?', 'Plan offered'),
      quote('our care', 'Upsell'),
    ]);
    expect(ranges).toHaveLength(1);
    expect(ranges[0]?.labels).toEqual(['Upsell', 'Plan offered']);
    expect(render(segmentPieces(segments, ranges))[2]).toBe('Want [our care plan?]');
  });

  it('leaves out spans whose offsets no longer point at their text', () => {
    const stale = { ...quote('boiler'), text: 'heater' };
    const outside = { index_start: 60, index_end: 70, text: 'x'.repeat(10), label: 'Tag' };
    const empty = { index_start: 3, index_end: 3, text: '', label: 'Tag' };
    expect(highlightRanges(segments, [stale, outside, empty])).toEqual([]);
    expect(render(segmentPieces(segments, []))).toEqual(segments.map((s) => s.text));
  });
});
