import {
  botIcon,
  type BotColor,
  type OutputTagDefinition,
  gptResponseSchema,
  joinSegments,
  parseTranscript,
  type SampleTranscript,
  type TestRunRequest,
  type TestRunResponse,
  type TranscriptSegment,
  type User,
} from '@fieldbot/shared';
import { DomainError, fieldError, notFound } from '../../lib/errors.js';
import {
  BotEngineError,
  engineFor,
  type BotEngine,
  type BotEngines,
  type EngineBot,
} from '../../providers/bot-engine/index.js';
import { BOT_MESSAGES } from './bot-messages.js';
import type { BotsRepo } from './bots.repo.js';
import { checkId, publisherIdOf } from './bots.service.js';
import type { TestRunLimiter } from './test-run-limit.js';

/** How long a publisher waits for one test run before it is given up (an LLM may be slow). */
export const TEST_RUN_TIMEOUT_MS = 90_000;

/**
 * An engine's refusal, a bad answer or a missing LLM is the bot's or the server's set-up to fix
 * (422); a busy or failing model is temporary (503), and the publisher may simply try again.
 */
function engineFailure(error: unknown): unknown {
  if (!(error instanceof BotEngineError)) return error;
  return new DomainError(error.retryable ? 503 : 422, error.message);
}

export type BotTestRunService = ReturnType<typeof createBotTestRunService>;

/**
 * Test run: the builder's unsaved draft over a sample or a pasted transcript, through
 * the same engines real runs use. Nothing is stored or metered.
 */
export function createBotTestRunService(deps: {
  repo: BotsRepo;
  engines: BotEngines;
  limiter: TestRunLimiter;
  samples(): SampleTranscript[];
  timeoutMs?: number;
}) {
  const { repo, engines, limiter } = deps;

  function transcriptOf(request: TestRunRequest): { text: string; segments: TranscriptSegment[] } {
    if (request.sample_id !== null) {
      const sample = deps.samples().find((s) => s.id === request.sample_id);
      if (!sample) throw fieldError('sample_id', BOT_MESSAGES.sampleNotFound);
      return { text: sample.transcript, segments: sample.segments };
    }
    const segments = parseTranscript(request.transcript ?? '');
    if (segments.length === 0) throw fieldError('transcript', BOT_MESSAGES.emptyTranscript);
    return { text: joinSegments(segments), segments };
  }

  return {
    samples: () => deps.samples(),

    async run(user: User, request: TestRunRequest): Promise<TestRunResponse['data']> {
      const publisherId = publisherIdOf(user);
      // With a bot id the test uses that bot's reference files; only the publisher's own bots.
      const saved = request.bot_id ? await repo.find(publisherId, checkId(request.bot_id)) : null;
      if (request.bot_id && !saved) throw notFound();
      const transcript = transcriptOf(request);
      let engine;
      try {
        engine = engineFor(engines, request.bot.engine);
      } catch (error) {
        throw engineFailure(error);
      }

      const wait = limiter.take(user.id);
      if (wait > 0) {
        throw new DomainError(
          429,
          BOT_MESSAGES.tooManyTestRuns(wait),
          {},
          {
            'retry-after': String(wait),
          },
        );
      }

      const { bot } = request;
      const signal = AbortSignal.timeout(deps.timeoutMs ?? TEST_RUN_TIMEOUT_MS);
      try {
        return await runOnTranscript(
          engine,
          {
            name: bot.name,
            prompt: bot.prompt,
            color: bot.color,
            outputTags: bot.output_tags,
            referenceTexts: saved ? await repo.fileTexts(saved.id) : [],
          },
          transcript,
          // The version this draft would become if published now.
          { version: (saved?.latestVersion ?? 0) + 1, signal },
        );
      } catch (error) {
        if (signal.aborted) throw new DomainError(504, BOT_MESSAGES.testRunTimedOut);
        throw engineFailure(error);
      }
    },
  };
}

/** What a test run (or a version's example) runs: a draft's or a version's content. */
export interface TestRunBot {
  name: string;
  prompt: string;
  color: BotColor;
  outputTags: OutputTagDefinition[];
  referenceTexts: EngineBot['referenceTexts'];
}

/**
 * One engine run over a transcript, answered as a manual result (nothing stored or metered): the
 * builder's test run and, at publish, the version's marketplace example.
 */
export async function runOnTranscript(
  engine: BotEngine,
  bot: TestRunBot,
  transcript: { text: string; segments: TranscriptSegment[] },
  options: { version: number; signal: AbortSignal },
): Promise<TestRunResponse['data']> {
  const result = await engine.run(
    {
      name: bot.name,
      prompt: bot.prompt,
      outputTags: [...bot.outputTags].sort((a, b) => a.index - b.index),
      referenceTexts: bot.referenceTexts,
    },
    transcript,
    { signal: options.signal },
  );
  // The engine's answer is checked against the contract before anyone reads its offsets.
  const gptResponse = gptResponseSchema.parse({
    response_tags: result.responseTags.map((tag) => ({ ...tag, verdict: null })),
    unmatched_quotes: result.unmatchedQuotes,
  });
  return {
    transcript: transcript.text,
    segments: transcript.segments,
    result: {
      bot_name: bot.name,
      bot_color: bot.color,
      bot_icon: botIcon(bot.color),
      version: options.version,
      status: 'success',
      error_message: null,
      run_type: 'manual',
      run_at: new Date().toISOString(),
      raw_response: result.rawResponse,
      gpt_response: JSON.stringify(gptResponse),
      output_tags: JSON.stringify(result.outputTags),
    },
  };
}
