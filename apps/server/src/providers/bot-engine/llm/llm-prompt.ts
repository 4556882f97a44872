import { formatTranscriptLines } from '@fieldbot/shared';
import type { BotReferenceText } from '../../../db/schema/bots.js';
import type { EngineBot, EngineTranscript } from '../bot-engine.js';
import { tagKey } from './answer-schema.js';

/** A rough, tokenizer-free estimate that holds well enough for English text. */
const CHARS_PER_TOKEN = 4;

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface FittedReference {
  name: string;
  text: string;
  /** Characters left out to stay within the budget. */
  omittedChars: number;
}

/**
 * Shares the reference budget between the documents: a short one keeps all its text and leaves the
 * rest to the others, so one long price book cannot crowd out a short call script.
 */
export function fitReferences(
  references: readonly BotReferenceText[],
  tokenBudget: number,
): FittedReference[] {
  let charsLeft = tokenBudget * CHARS_PER_TOKEN;
  const allowance = new Map<BotReferenceText, number>();
  const shortestFirst = [...references].sort((a, b) => a.text.length - b.text.length);
  shortestFirst.forEach((ref, i) => {
    const share = Math.min(ref.text.length, Math.floor(charsLeft / (shortestFirst.length - i)));
    allowance.set(ref, share);
    charsLeft -= share;
  });
  return references.map((ref) => {
    const keep = allowance.get(ref)!;
    return { name: ref.name, text: ref.text.slice(0, keep), omittedChars: ref.text.length - keep };
  });
}

function referenceSection(references: FittedReference[]): string {
  if (references.length === 0) return '';
  const documents = references.map((ref) => {
    const note =
      ref.omittedChars > 0
        ? `\n[Truncated: the remaining ${ref.omittedChars} characters of this document did not fit.]`
        : '';
    return `<document name=${JSON.stringify(ref.name)}>\n${ref.text}${note}\n</document>`;
  });
  return `\n\nReference documents of the bot (context, not part of the conversation):\n${documents.join('\n')}`;
}

/** The system message (bot, tags, references) and the user message (the transcript). */
export function buildMessages(
  bot: EngineBot,
  transcript: EngineTranscript,
  referenceTokenBudget: number,
): ChatMessage[] {
  const tags = bot.outputTags
    .map(
      (tag) =>
        `- ${tagKey(tag.index)} (output tag ${tag.index}) "${tag.label}"${tag.description ? `: ${tag.description}` : ''}`,
    )
    .join('\n');
  const system = [
    `You are "${bot.name}", a bot that reviews a conversation transcript from a home-services company.`,
    `Bot instructions:\n${bot.prompt}`,
    `Output tags:\n${tags}`,
    'Answer with JSON only, following the given schema. For each tag give "value": what the transcript shows for it, as short text, or null when the transcript does not say; and "quotes": the exact words from the transcript that support the value, copied verbatim from a single line, without the [mm:ss] time and speaker name. Give no quotes when the value is null. Never invent or paraphrase a quote.',
  ].join('\n\n');
  // A pasted sample without segments is sent as it is.
  const lines =
    transcript.segments.length > 0 ? formatTranscriptLines(transcript.segments) : transcript.text;
  return [
    {
      role: 'system',
      content: system + referenceSection(fitReferences(bot.referenceTexts, referenceTokenBudget)),
    },
    { role: 'user', content: `Transcript:\n${lines}` },
  ];
}
