import { segmentOffsets } from '@fieldbot/shared';
import type { EngineTranscript } from '../bot-engine.js';
import { speakerSide, type SpeakerSide } from './speaker-side.js';
import { analyseTurns, type Token } from './text-analysis.js';

/** One sentence of a transcript, where it sits in the transcript text, and who said it. */
export interface TranscriptSentence {
  /** Position of its segment. */
  segment: number;
  speaker: string;
  side: SpeakerSide;
  /** UTF-16 offsets into EngineTranscript.text; `end` exclusive. */
  start: number;
  end: number;
  text: string;
  /** Tokens with offsets into EngineTranscript.text. */
  tokens: Token[];
  /**
   * The text with curly quotes made straight and fillers ("uh", "um", "you know") blanked to
   * spaces, the same length as `text`: families match it and their offsets stay the text's.
   */
  flat: string;
}

/**
 * The transcript's sentences, segment by segment, shifted by each segment's offset in the joined
 * text so the offsets are exact. A segment that is not where the joined text says is skipped
 * (its words could not be highlighted).
 */
export function transcriptSentences(transcript: EngineTranscript): TranscriptSentence[] {
  // The bots of one run share the transcript object; other runs are found by its content.
  const same = byObject.get(transcript);
  if (same) return same;
  const sentences = byContent(transcript);
  byObject.set(transcript, sentences);
  return sentences;
}
const byObject = new WeakMap<EngineTranscript, TranscriptSentence[]>();

function byContent(transcript: EngineTranscript): TranscriptSentence[] {
  const key = cacheKey(transcript);
  const cached = recent.get(key);
  if (cached) {
    // Most recently used goes last, so the oldest entry is the one evicted.
    recent.delete(key);
    recent.set(key, cached);
    return cached;
  }
  const sentences = analyse(transcript);
  recent.set(key, sentences);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return sentences;
}

/**
 * Several bots usually run over the same interaction at once (its automatic bots), so the last
 * few transcripts' sentences are kept. They are never modified after analysis.
 */
const RECENT_MAX = 16;
const recent = new Map<string, TranscriptSentence[]>();
const cacheKey = (t: EngineTranscript) =>
  `${t.text}\u0000${t.segments.map((s) => `${s.speaker}\u0001${s.text.length}`).join('\u0002')}`;

function analyse(transcript: EngineTranscript): TranscriptSentence[] {
  const offsets = segmentOffsets(transcript.segments);
  const turns = analyseTurns(transcript.segments.map((s) => s.text));
  const sides = new Map<string, SpeakerSide>();
  const sentences: TranscriptSentence[] = [];
  transcript.segments.forEach((segment, index) => {
    const base = offsets[index]!;
    if (!transcript.text.startsWith(segment.text, base)) return;
    let side = sides.get(segment.speaker);
    if (side === undefined) sides.set(segment.speaker, (side = speakerSide(segment.speaker)));
    // One flattening per turn; each sentence takes its part (same length, same offsets).
    const flatTurn = flatten(segment.text);
    for (const s of turns[index]!) {
      sentences.push({
        start: s.start,
        end: s.end,
        text: s.text,
        tokens: s.tokens,
        segment: index,
        speaker: segment.speaker,
        side,
        flat: flatTurn.slice(s.start - base, s.end - base),
      });
    }
  });
  return sentences;
}

const CURLY = /[‘’ʼ]/;
const CURLY_ALL = /[‘’ʼ]/g;

// Words that carry nothing and break up phrases in speech; blanked, never removed.
const FILLERS = /\b(?:u+h+|u+m+|e+r+m+|h+m+|you know|like I said)\b,?/gi;

/** Straight quotes, fillers blanked: the same length as the text (see `flat`). */
export function flatten(text: string): string {
  const straight = CURLY.test(text) ? text.replace(CURLY_ALL, "'") : text;
  return straight.replace(FILLERS, (m) => ' '.repeat(m.length));
}
