import type { LlmConfig } from '../../../config.js';
import { BotEngineError, type BotEngine, type EngineResult } from '../bot-engine.js';
import { answerSchemaFor, responseFormatFor } from './answer-schema.js';
import { requestChatCompletion } from './chat-completions.js';
import { costMillicents } from './llm-cost.js';
import { buildMessages } from './llm-prompt.js';
import { tagsFromAnswer } from './quote-spans.js';

export type { LlmConfig } from '../../../config.js';

/** Texts a model wrote (refusals) are cut to this length in the error a user reads. */
const REFUSAL_MAX = 300;

/** A final failure of the answer itself (the request got through): retrying would repeat it. */
const answerError = (message: string, rawResponse: string | null) =>
  new BotEngineError(message, false, { cause: { rawResponse } });

/**
 * The LLM engine: the bot's prompt, tags and reference texts and the transcript go to an
 * OpenAI-compatible chat endpoint with a strict JSON schema; the answer's quotes are located in the
 * transcript here, and usage becomes tokens and cost.
 */
export function createLlmEngine(config: LlmConfig): BotEngine {
  return {
    kind: 'llm',
    async run(bot, transcript, options): Promise<EngineResult> {
      const reply = await requestChatCompletion(
        config,
        {
          model: config.model,
          messages: buildMessages(bot, transcript, config.referenceTokenBudget),
          response_format: responseFormatFor(bot.outputTags),
        },
        options?.signal,
      );

      if (reply.refusal) {
        const reason = reply.refusal
          .trim()
          .slice(0, REFUSAL_MAX)
          .replace(/(?<![.!?])$/, '.');
        throw answerError(
          `The language model declined to analyse this transcript: ${reason}`,
          null,
        );
      }
      if (reply.finishReason === 'content_filter') {
        throw answerError(
          "The language model service's content filter withheld the answer.",
          reply.content,
        );
      }
      if (reply.finishReason === 'length') {
        throw answerError(
          "The language model's answer was cut off before it was complete.",
          reply.content,
        );
      }
      const rawResponse = reply.content ?? '';
      let json: unknown;
      try {
        json = JSON.parse(rawResponse);
      } catch {
        throw answerError(
          'The language model did not answer in the structured form the bot needs.',
          rawResponse,
        );
      }
      const answer = answerSchemaFor(bot.outputTags).safeParse(json);
      if (!answer.success) {
        throw answerError(
          "The language model's answer did not give every output tag in the expected form.",
          rawResponse,
        );
      }

      return {
        rawResponse,
        ...tagsFromAnswer(answer.data, bot.outputTags, transcript.text),
        tokensIn: reply.tokensIn,
        tokensOut: reply.tokensOut,
        costMillicents: costMillicents(
          reply.tokensIn,
          reply.tokensOut,
          config.priceInputCentsPerMTok,
          config.priceOutputCentsPerMTok,
        ),
      };
    },
  };
}
