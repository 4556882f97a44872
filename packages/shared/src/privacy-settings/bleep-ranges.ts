/**
 * Which stretches of a recording to bleep: where the stored transcript shows a mask. Masks are
 * found by their shape (`[card ••••4242]`, `•••`) rather than carried from the redactor, because a
 * transcript read from the cache or saved by an earlier run is masked already and the redactor
 * then finds nothing new; the bullet never comes out of speech-to-text, so the shape is certain.
 *
 * Engines time segments, not words, so a mask's time is placed proportionally by its character
 * offset inside its segment, then widened by BLEEP_PADDING_SECONDS on each side to cover the
 * error of that estimate; overlapping ranges are merged.
 */
export const BLEEP_PADDING_SECONDS = 0.25;

const MASK = /\[[a-z]+ •+\d*\]|•+/g;

export interface TimedText {
  start: number;
  end: number;
  text: string;
}

export interface TimeRange {
  start: number;
  end: number;
}

/** [start, end) character spans of the masks in `text`. */
export function maskSpans(text: string): { start: number; end: number }[] {
  return [...text.matchAll(MASK)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

export function bleepRanges(
  segments: readonly TimedText[],
  options: { padding?: number; durationSeconds?: number } = {},
): TimeRange[] {
  const padding = options.padding ?? BLEEP_PADDING_SECONDS;
  const limit = options.durationSeconds ?? Number.POSITIVE_INFINITY;
  const ranges: TimeRange[] = [];
  for (const segment of segments) {
    const length = segment.text.length;
    const seconds = Math.max(0, segment.end - segment.start);
    for (const span of maskSpans(segment.text)) {
      const at = (offset: number) => segment.start + (seconds * offset) / length;
      ranges.push({
        start: Math.max(0, at(span.start) - padding),
        end: Math.min(limit, at(span.end) + padding),
      });
    }
  }
  ranges.sort((a, b) => a.start - b.start);
  const merged: TimeRange[] = [];
  for (const range of ranges) {
    if (range.end <= range.start) continue;
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged.map((r) => ({ start: round(r.start), end: round(r.end) }));
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
