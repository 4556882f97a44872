import { segmentIndexAt, segmentOffsets, type ResponseTag } from '@fieldbot/shared';

export interface TranscriptPiece {
  text: string;
  /** The response tag whose span this text is; undefined for plain text. */
  tag?: ResponseTag;
}

export interface HighlightedSegment {
  /** Index into the segments; -1 when the transcript has no segments. */
  index: number;
  pieces: TranscriptPiece[];
}

/**
 * Cuts a transcript into its segments' texts with every response-tag span marked. Offsets index
 * the joined `transcript` (segments joined by one space); a span over a segment boundary is marked
 * in each segment it touches, and overlapping spans are clipped so each character is marked once.
 */
export function highlightSegments(
  transcript: string,
  segments: readonly { text: string }[],
  tags: readonly ResponseTag[],
): HighlightedSegment[] {
  const texts = segments.length ? segments.map((s) => s.text) : [transcript];
  const offsets = segmentOffsets(texts.map((text) => ({ text })));
  const perSegment: ResponseTag[][] = texts.map(() => []);
  const valid = tags
    .filter((t) => t.index_end > t.index_start && t.index_start < transcript.length)
    .sort((a, b) => a.index_start - b.index_start || b.index_end - a.index_end);
  for (const tag of valid) {
    const first = Math.max(0, segmentIndexAt(offsets, tag.index_start));
    const last = Math.max(0, segmentIndexAt(offsets, tag.index_end - 1));
    for (let i = first; i <= last; i++) perSegment[i]!.push(tag);
  }
  return texts.map((text, i) => {
    const base = offsets[i]!;
    const pieces: TranscriptPiece[] = [];
    let at = 0;
    for (const tag of perSegment[i]!) {
      const start = Math.max(at, tag.index_start - base);
      const end = Math.min(text.length, tag.index_end - base);
      if (end <= start) continue;
      if (start > at) pieces.push({ text: text.slice(at, start) });
      pieces.push({ text: text.slice(start, end), tag });
      at = end;
    }
    if (at < text.length) pieces.push({ text: text.slice(at) });
    return { index: segments.length ? i : -1, pieces };
  });
}
