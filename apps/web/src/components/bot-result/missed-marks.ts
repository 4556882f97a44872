import type { MissedMark } from '@fieldbot/shared';

/**
 * Reviewers' "Missed" marks in a rendered transcript. Every run of transcript text is rendered in
 * an element carrying where it starts in the joined transcript (segments' texts joined by one
 * space, the offsets response tags and marks use), so a selection maps back to offsets and a mark's
 * words can be underlined wherever the highlights split them.
 */

/** The attribute holding a rendered run's transcript offset. */
export const TRANSCRIPT_OFFSET_ATTRIBUTE = 'data-offset';

/** A stretch of the joined transcript, end exclusive. */
export interface TranscriptSpan {
  start: number;
  end: number;
}

/** Words marked as missed: overlapping marks merge, with the labels of their tags. */
export interface MissedRange extends TranscriptSpan {
  labels: string[];
}

/**
 * The ranges to underline for a result's missed marks. A mark whose offsets no longer point at its
 * words (the transcript changed after the run) is left out rather than underlining other words.
 */
export function missedRanges(
  transcript: string,
  marks: readonly Pick<MissedMark, 'index_start' | 'index_end' | 'text' | 'label'>[],
): MissedRange[] {
  const valid = marks
    .filter(
      (m) =>
        m.index_start < m.index_end &&
        transcript.slice(m.index_start, m.index_end) === m.text &&
        m.text !== '',
    )
    .sort((a, b) => a.index_start - b.index_start || a.index_end - b.index_end);
  const ranges: MissedRange[] = [];
  for (const mark of valid) {
    const last = ranges.at(-1);
    if (last && mark.index_start < last.end) {
      last.end = Math.max(last.end, mark.index_end);
      if (!last.labels.includes(mark.label)) last.labels.push(mark.label);
      continue;
    }
    ranges.push({ start: mark.index_start, end: mark.index_end, labels: [mark.label] });
  }
  return ranges;
}

/** A run of rendered text: its offset, and the labels of the missed marks covering it (or null). */
export interface TextRun {
  text: string;
  start: number;
  missed: string[] | null;
}

/** Splits `text` (starting at transcript offset `start`) at the edges of the missed ranges. */
export function missedRuns(text: string, start: number, ranges: readonly MissedRange[]): TextRun[] {
  const end = start + text.length;
  const runs: TextRun[] = [];
  let at = start;
  for (const range of ranges) {
    if (range.end <= at || range.start >= end) continue;
    const from = Math.max(range.start, at);
    const to = Math.min(range.end, end);
    if (from > at)
      runs.push({ text: text.slice(at - start, from - start), start: at, missed: null });
    runs.push({ text: text.slice(from - start, to - start), start: from, missed: range.labels });
    at = to;
  }
  if (at < end || runs.length === 0) {
    runs.push({ text: text.slice(at - start), start: at, missed: null });
  }
  return runs;
}

/**
 * The transcript offsets of the text a DOM range covers inside `root`, from the rendered runs it
 * touches (times, speakers and anything else without an offset are not transcript text); null
 * when it covers none.
 */
export function rangeOffsets(root: ParentNode, range: Range): TranscriptSpan | null {
  let start = Infinity;
  let end = -Infinity;
  for (const element of root.querySelectorAll<HTMLElement>(`[${TRANSCRIPT_OFFSET_ATTRIBUTE}]`)) {
    const node = element.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE || !range.intersectsNode(node)) continue;
    const base = Number(element.getAttribute(TRANSCRIPT_OFFSET_ATTRIBUTE));
    const length = (node as Text).length;
    const from = node === range.startContainer ? range.startOffset : 0;
    const to = node === range.endContainer ? range.endOffset : length;
    if (to <= from) continue;
    start = Math.min(start, base + from);
    end = Math.max(end, base + to);
  }
  return start < end ? { start, end } : null;
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /\S/.test(char);

/**
 * A selection as whole words: surrounding spaces dropped, a word cut at either end taken whole
 * (a drag on a phone rarely lands on a word's edge). Null when only spaces were selected.
 */
export function wholeWords(transcript: string, span: TranscriptSpan): TranscriptSpan | null {
  let { start, end } = span;
  start = Math.max(0, start);
  end = Math.min(transcript.length, end);
  while (start < end && isSpace(transcript[start])) start++;
  while (end > start && isSpace(transcript[end - 1])) end--;
  if (start >= end) return null;
  while (start > 0 && isWordChar(transcript[start - 1])) start--;
  while (end < transcript.length && isWordChar(transcript[end])) end++;
  return { start, end };
}
