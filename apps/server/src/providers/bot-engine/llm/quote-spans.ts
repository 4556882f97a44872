import { locateQuote, type OutputTag, type OutputTagDefinition } from '@fieldbot/shared';
import type { EngineResult } from '../bot-engine.js';
import { tagKey, type Answer } from './answer-schema.js';

/** A quote copied with its line's head, "[01:05] Technician: …", despite the instructions. */
const LINE_HEAD = /^\[(?:\d+:)?\d{1,2}:\d{2}\][^:\n]{0,60}:\s*/;

/**
 * Output tags from the answer's values, and response tags from its quotes located in the transcript
 * text on the server (model offsets are never trusted). A quote that matches nothing is dropped and
 * counted; a quote repeated for the same tag becomes one response tag.
 */
export function tagsFromAnswer(
  answer: Answer,
  definitions: readonly OutputTagDefinition[],
  transcript: string,
): Pick<EngineResult, 'outputTags' | 'responseTags' | 'unmatchedQuotes'> {
  const outputTags: OutputTag[] = [];
  const responseTags: EngineResult['responseTags'] = [];
  let unmatchedQuotes = 0;
  for (const tag of definitions) {
    const { value, quotes } = answer.tags[tagKey(tag.index)]!;
    outputTags.push({ id: tag.index, label: tag.label, data: value, description: tag.description });
    const seen = new Set<string>();
    for (const raw of quotes) {
      const quote = raw.trim().replace(LINE_HEAD, '');
      if (quote === '') continue;
      const span = locateQuote(transcript, quote);
      if (!span) {
        unmatchedQuotes += 1;
        continue;
      }
      const key = `${span.start}:${span.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      responseTags.push({
        tag_id: tag.index,
        label: tag.label,
        index_start: span.start,
        index_end: span.end,
        text: transcript.slice(span.start, span.end),
        match: span.match,
        score: span.score,
      });
    }
  }
  return { outputTags, responseTags, unmatchedQuotes };
}
