import type { TranscriptSegment } from '../interactions/interaction.schema';
import type { ResponseTag } from './bot-result.schema';
import { joinSegments, secondsAtOffset, segmentOffsets } from './transcript-spans';

/** A stretch of the transcript covered by one or more overlapping response tags. */
export interface HighlightRange {
  /** Offsets into the joined transcript (segments' texts joined by one space), end exclusive. */
  start: number;
  end: number;
  /** The output-tag labels of the tags it covers. */
  labels: string[];
  /** Audio time where the stretch is spoken, or null without segments. */
  seconds: number | null;
}

/**
 * The ranges to highlight for a bot's response tags. Overlapping tags merge into one range (a
 * transcript word is highlighted once). A tag whose offsets no longer point at its text (the
 * transcript changed after the run) is left out rather than highlighting the wrong words.
 */
export function highlightRanges(
  segments: readonly TranscriptSegment[],
  tags: readonly Pick<ResponseTag, 'index_start' | 'index_end' | 'text' | 'label'>[],
): HighlightRange[] {
  const transcript = joinSegments(segments);
  const valid = tags
    .filter(
      (tag) =>
        tag.index_start < tag.index_end &&
        tag.index_end <= transcript.length &&
        transcript.slice(tag.index_start, tag.index_end) === tag.text,
    )
    .sort((a, b) => a.index_start - b.index_start || a.index_end - b.index_end);

  const ranges: HighlightRange[] = [];
  for (const tag of valid) {
    const last = ranges.at(-1);
    if (last && tag.index_start < last.end) {
      last.end = Math.max(last.end, tag.index_end);
      if (!last.labels.includes(tag.label)) last.labels.push(tag.label);
      continue;
    }
    ranges.push({
      start: tag.index_start,
      end: tag.index_end,
      labels: [tag.label],
      seconds: secondsAtOffset(segments, tag.index_start),
    });
  }
  return ranges;
}

/** A run of one segment's text, highlighted (with its range) or plain. */
export interface SegmentPiece {
  text: string;
  range: HighlightRange | null;
  /** The range starts in this piece: it is the one a keyboard user tabs to. */
  opensRange: boolean;
}

/**
 * Splits each segment's text at the ranges' edges. A range spanning segments becomes one piece per
 * segment (the joining space is not rendered); only its first rendered piece opens it.
 */
export function segmentPieces(
  segments: readonly Pick<TranscriptSegment, 'text'>[],
  ranges: readonly HighlightRange[],
): SegmentPiece[][] {
  const offsets = segmentOffsets(segments);
  const opened = new Set<HighlightRange>();
  return segments.map((segment, i) => {
    const from = offsets[i]!;
    const to = from + segment.text.length;
    const pieces: SegmentPiece[] = [];
    let at = from;
    for (const range of ranges) {
      if (range.end <= from || range.start >= to) continue;
      const start = Math.max(range.start, from);
      const end = Math.min(range.end, to);
      if (start > at)
        pieces.push({
          text: segment.text.slice(at - from, start - from),
          range: null,
          opensRange: false,
        });
      pieces.push({
        text: segment.text.slice(start - from, end - from),
        range,
        opensRange: !opened.has(range),
      });
      opened.add(range);
      at = end;
    }
    if (at < to || pieces.length === 0) {
      pieces.push({ text: segment.text.slice(at - from), range: null, opensRange: false });
    }
    return pieces;
  });
}
