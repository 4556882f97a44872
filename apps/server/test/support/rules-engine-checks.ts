import {
  joinSegments,
  outputTagSchema,
  responseTagSchema,
  type TranscriptSegment,
} from '@fieldbot/shared';
import { expect } from 'vitest';
import type {
  BotEngine,
  EngineBot,
  EngineResult,
  EngineTranscript,
} from '../../src/providers/bot-engine/bot-engine';

/** Checks shared by the rules engine's own tests and the demo bots' tests. */
export const transcriptOf = (segments: TranscriptSegment[]): EngineTranscript => ({
  text: joinSegments(segments),
  segments,
});

/** A made-up call: one five-second turn per line. */
export const said = (...lines: [speaker: string, text: string][]): EngineTranscript =>
  transcriptOf(
    lines.map(([speaker, text], i) => ({ start: i * 5, end: i * 5 + 5, speaker, text })),
  );

export const tagData = (result: EngineResult, label: string) =>
  result.outputTags.find((t) => t.label === label)?.data;

export const evidence = (result: EngineResult, label: string) =>
  result.responseTags.filter((t) => t.label === label).map((t) => t.text);

/** Every response tag points at exactly its text, and the result fits the shared schemas. */
export function expectWellFormed(result: EngineResult, transcript: EngineTranscript) {
  for (const tag of result.outputTags) outputTagSchema.parse(tag);
  for (const tag of result.responseTags) {
    responseTagSchema.parse({ ...tag, verdict: null });
    expect(transcript.text.slice(tag.index_start, tag.index_end)).toBe(tag.text);
  }
  expect(result).toMatchObject({ tokensIn: 0, tokensOut: 0, costMillicents: 0 });
}

/** Runs `bot` and checks the result is well formed. */
export async function runChecked(engine: BotEngine, bot: EngineBot, transcript: EngineTranscript) {
  const result = await engine.run(bot, transcript);
  expectWellFormed(result, transcript);
  return result;
}
