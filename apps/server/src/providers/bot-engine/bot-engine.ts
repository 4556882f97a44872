import type {
  BotEngineKind,
  OutputTag,
  OutputTagDefinition,
  ResponseTag,
  TranscriptSegment,
} from '@fieldbot/shared';
import type { BotReferenceText } from '../../db/schema/bots.js';

/**
 * What analyses a transcript for a bot. Two engines sit behind this interface — an
 * OpenAI-compatible chat endpoint and the offline rules engine — chosen per bot by its `engine`.
 */

/** The frozen bot a run uses (a bot version, or the builder's draft in a test run). */
export interface EngineBot {
  name: string;
  prompt: string;
  outputTags: OutputTagDefinition[];
  referenceTexts: BotReferenceText[];
}

export interface EngineTranscript {
  /** Segments' texts joined by one space: what response-tag offsets index. */
  text: string;
  segments: TranscriptSegment[];
}

export interface EngineResult {
  rawResponse: string;
  outputTags: OutputTag[];
  responseTags: Omit<ResponseTag, 'verdict'>[];
  /** Quotes that matched nothing in the transcript and were dropped. */
  unmatchedQuotes: number;
  tokensIn: number;
  tokensOut: number;
  /** Thousandths of a cent (see bot_results.cost_millicents). */
  costMillicents: number;
}

/**
 * A run that cannot succeed. `message` is a sentence a company user can read (shown as the
 * result's error); `retryable` failures (timeouts, 429, 5xx) are retried by the job with backoff.
 */
export class BotEngineError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BotEngineError';
  }
}

export interface BotEngine {
  readonly kind: BotEngineKind;
  run(
    bot: EngineBot,
    transcript: EngineTranscript,
    options?: { signal?: AbortSignal },
  ): Promise<EngineResult>;
}

/** Both engines; `llm` is null when no LLM endpoint is configured. */
export interface BotEngines {
  rules: BotEngine;
  llm: BotEngine | null;
}

export const LLM_NOT_CONFIGURED =
  'This bot needs a language model, and none is configured on this server.';

/** The engine a bot asks for, or a non-retryable error when it is an LLM bot without an LLM. */
export function engineFor(engines: BotEngines, kind: BotEngineKind): BotEngine {
  if (kind === 'rules') return engines.rules;
  if (!engines.llm) throw new BotEngineError(LLM_NOT_CONFIGURED, false);
  return engines.llm;
}
