import type { TranscriptSegment } from '../interactions/interaction.schema';
import { formatPlayerTime } from '../interactions/interaction-rules';

/**
 * An interaction's `transcript` is its segments' texts joined by one space; response-tag offsets
 * point into that string. These map offsets back to segments (speaker, time) and forth.
 */

/** Where each segment's text starts in the joined transcript. */
export function segmentOffsets(segments: readonly Pick<TranscriptSegment, 'text'>[]): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const segment of segments) {
    offsets.push(at);
    at += segment.text.length + 1;
  }
  return offsets;
}

export const joinSegments = (segments: readonly Pick<TranscriptSegment, 'text'>[]): string =>
  segments.map((s) => s.text).join(' ');

/** The position of the segment holding transcript offset `index` (the last one at or before it); -1 without segments. */
export function segmentIndexAt(offsets: readonly number[], index: number): number {
  let lo = 0;
  let hi = offsets.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid]! <= index) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The audio time (seconds) at which a span starting at `index` is spoken, or null without segments. */
export function secondsAtOffset(
  segments: readonly TranscriptSegment[],
  index: number,
): number | null {
  const i = segmentIndexAt(segmentOffsets(segments), index);
  return i < 0 ? null : segments[i]!.start;
}

/** `[mm:ss] Speaker: text` lines, how engines and downloads show a transcript. */
export function formatTranscriptLines(segments: readonly TranscriptSegment[]): string {
  return segments.map((s) => `[${formatPlayerTime(s.start)}] ${s.speaker}: ${s.text}`).join('\n');
}
