import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { LlmConfig } from '../../../config.js';
import { BotEngineError } from '../bot-engine.js';

/**
 * POST {baseUrl}/chat/completions with Node's fetch: per-attempt timeout joined with the caller's
 * signal, and timeouts, unreachable service, 408, 429 and 5xx retried here with exponential backoff
 * (a 429's Retry-After wins). What is still failing after the last retry is a retryable
 * BotEngineError, so the run's job can try again later; other failures are final.
 */

const chatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative(),
      completion_tokens: z.number().int().nonnegative(),
    })
    .nullish(),
});

export interface ChatReply {
  content: string | null;
  refusal: string | null;
  finishReason: string | null;
  /** 0 when the service reports no usage (some local servers). */
  tokensIn: number;
  tokensOut: number;
}

/** A Retry-After beyond this ends the run now (retryably) rather than holding a worker. */
const MAX_IN_ENGINE_WAIT_MS = 60_000;

const errorBodySchema = z.object({ error: z.object({ message: z.string() }) });

/** A failure worth another attempt; `retryAfterMs` when the service said when. */
class TransientFailure extends Error {
  constructor(
    readonly error: BotEngineError,
    readonly retryAfterMs?: number,
  ) {
    super(error.message);
  }
}

/** Retry-After as seconds or an HTTP date; OpenAI also sends retry-after-ms. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function errorDetail(body: string): string {
  try {
    return `: ${errorBodySchema.parse(JSON.parse(body)).error.message.slice(0, 200)}`;
  } catch {
    // An HTML error page or nothing: the status says enough.
    return '';
  }
}

function statusFailure(
  status: number,
  body: string,
  headers: Headers,
): TransientFailure | BotEngineError {
  if (status === 429) {
    return new TransientFailure(
      new BotEngineError('The language model service is over its rate limit (HTTP 429).', true),
      retryAfterMs(headers),
    );
  }
  if (status >= 500 || status === 408) {
    return new TransientFailure(
      new BotEngineError(`The language model service failed (HTTP ${status}).`, true),
      retryAfterMs(headers),
    );
  }
  if (status === 401 || status === 403) {
    return new BotEngineError('The language model service rejected our credentials.', false);
  }
  if (status === 404) {
    return new BotEngineError(
      'The language model service does not offer the configured model at this address (HTTP 404).',
      false,
    );
  }
  if (status === 413) {
    return new BotEngineError('The transcript is too long for the language model.', false);
  }
  return new BotEngineError(
    `The language model service rejected the request (HTTP ${status}${errorDetail(body)}).`,
    false,
  );
}

const INTERRUPTED = 'The bot run was interrupted.';

async function attempt(
  config: LlmConfig,
  body: string,
  signal: AbortSignal | undefined,
): Promise<ChatReply> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    // The timeout covers the whole answer, not only its headers.
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw new BotEngineError(INTERRUPTED, true, { cause: error });
    const seconds = Math.round(config.timeoutMs / 100) / 10;
    throw new TransientFailure(
      timeout.aborted
        ? new BotEngineError(
            `The language model service did not answer within ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
            true,
            { cause: error },
          )
        : new BotEngineError('The language model service could not be reached.', true, {
            cause: error,
          }),
    );
  }
  if (!response.ok) throw statusFailure(response.status, text, response.headers);

  let parsed: z.infer<typeof chatCompletionSchema>;
  try {
    parsed = chatCompletionSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new BotEngineError(
      'The language model service sent a reply that is not a chat completion.',
      false,
      { cause: error },
    );
  }
  const choice = parsed.choices[0]!;
  return {
    content: choice.message.content ?? null,
    refusal: choice.message.refusal ?? null,
    finishReason: choice.finish_reason ?? null,
    tokensIn: parsed.usage?.prompt_tokens ?? 0,
    tokensOut: parsed.usage?.completion_tokens ?? 0,
  };
}

export async function requestChatCompletion(
  config: LlmConfig,
  request: object,
  signal?: AbortSignal,
): Promise<ChatReply> {
  const body = JSON.stringify(request);
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(config, body, signal);
    } catch (failure) {
      if (!(failure instanceof TransientFailure)) throw failure;
      // Half fixed, half random, so workers that failed together do not retry together.
      const backoff = config.retryDelayMs * 2 ** retry * (0.5 + Math.random() / 2);
      const wait = failure.retryAfterMs ?? backoff;
      if (retry >= config.maxRetries || wait > MAX_IN_ENGINE_WAIT_MS) throw failure.error;
      try {
        await sleep(wait, undefined, { signal });
      } catch (error) {
        throw new BotEngineError(INTERRUPTED, true, { cause: error });
      }
    }
  }
}
