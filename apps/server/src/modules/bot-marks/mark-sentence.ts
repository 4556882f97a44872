import { joinSegments, type TranscriptSegment } from '@fieldbot/shared';
import type { SpeakerSide } from '../../providers/bot-engine/rules/speaker-side.js';
import { analyseText } from '../../providers/bot-engine/rules/text-analysis.js';
import { transcriptSentences } from '../../providers/bot-engine/rules/transcript-sentences.js';

export interface MarkSentence {
  /** The whole sentence (or sentences) of the transcript holding the marked words. */
  sentence: string;
  /** Who said it; null when unknown (no segments, a name, or both sides in the span). */
  side: SpeakerSide;
}

/**
 * The sentence holding transcript offsets [start, end) of the text a result saw, split the way
 * the rules engine splits it. Segments give the speaker, but only when they still join into that
 * very text (an interaction re-transcribed since the run has other segments): otherwise the text
 * alone is split and the side is unknown. Words spanning sentences take them all; words in no
 * sentence (spaces between two) are their own sentence.
 */
export function markSentence(
  text: string,
  segments: readonly TranscriptSegment[],
  start: number,
  end: number,
): MarkSentence {
  const fits = segments.length > 0 && joinSegments(segments) === text;
  const sentences = fits
    ? transcriptSentences({ text, segments: [...segments] })
    : analyseText(text).map((s) => ({ ...s, side: null as SpeakerSide }));
  const covered = sentences.filter((s) => s.start < end && s.end > start);
  if (covered.length === 0) return { sentence: text.slice(start, end).trim(), side: null };
  const sides = new Set(covered.map((s) => s.side));
  return {
    sentence: text.slice(covered[0]!.start, covered.at(-1)!.end),
    side: sides.size === 1 ? covered[0]!.side : null,
  };
}
