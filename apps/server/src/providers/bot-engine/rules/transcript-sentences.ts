import { createQuoteLocator, segmentOffsets, type LocatedSpan } from '@fieldbot/shared';
import type { EngineTranscript } from '../bot-engine.js';
import { parseSentences, type NlpDoc } from './nlp.js';

/** One sentence of a transcript, where it sits in the transcript text, and who said it. */
export interface TranscriptSentence {
  /** Position of its segment. */
  segment: number;
  speaker: string;
  /** UTF-16 offsets into EngineTranscript.text; `end` exclusive. */
  start: number;
  end: number;
  text: string;
  words: string[];
  doc: NlpDoc;
}

/**
 * The transcript's sentences, segment by segment. Each sentence is found in its segment's text
 * (after the previous one) and shifted by the segment's offset in the joined text, so the offsets
 * are exact; should the given text not be the segments joined, sentences are located in it.
 */
export function transcriptSentences(transcript: EngineTranscript): TranscriptSentence[] {
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
 * Parsing is the costly part of a rules run, and several bots usually run over the same
 * interaction at once (its automatic bots), so the last few transcripts' sentences are kept.
 * They are never modified after parsing.
 */
const RECENT_MAX = 16;
const recent = new Map<string, TranscriptSentence[]>();
const cacheKey = (t: EngineTranscript) =>
  `${t.text}\u0000${t.segments.map((s) => `${s.speaker}\u0001${s.text.length}`).join('\u0002')}`;

const shift = (span: LocatedSpan | null, by: number) =>
  span && { ...span, start: span.start + by, end: span.end + by };

function analyse(transcript: EngineTranscript): TranscriptSentence[] {
  const offsets = segmentOffsets(transcript.segments);
  let locateInText: ((quote: string) => LocatedSpan | null) | null = null;
  const sentences: TranscriptSentence[] = [];
  transcript.segments.forEach((segment, index) => {
    const base = offsets[index]!;
    const aligned = transcript.text.startsWith(segment.text, base);
    let cursor = 0;
    for (const parsed of parseSentences(segment.text)) {
      if (parsed.text === '') continue;
      // In its own segment, after the sentence before it; else anywhere in the given text.
      const span = aligned
        ? shift(createQuoteLocator(segment.text.slice(cursor))(parsed.text), base + cursor)
        : (locateInText ??= createQuoteLocator(transcript.text))(parsed.text);
      if (!span) continue; // not in the text the offsets point into: it cannot be shown
      const { start, end } = span;
      if (aligned) cursor = end - base;
      sentences.push({
        segment: index,
        speaker: segment.speaker,
        start,
        end,
        text: transcript.text.slice(start, end),
        words: parsed.words,
        doc: parsed.doc,
      });
    }
  });
  return sentences;
}
