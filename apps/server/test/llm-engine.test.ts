import {
  formatTranscriptLines,
  FUZZY_MATCH_THRESHOLD,
  joinSegments,
  type TranscriptSegment,
} from '@fieldbot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../src/config';
import { BotEngineError, type EngineBot } from '../src/providers/bot-engine/bot-engine';
import { createLlmEngine } from '../src/providers/bot-engine/llm/llm-engine';
import { jsonAnswer, startFakeOpenAi, type FakeOpenAi } from './support/fake-openai';

let openai: FakeOpenAi;
beforeAll(async () => {
  openai = await startFakeOpenAi();
});
afterAll(() => openai.close());

const segments: TranscriptSegment[] = [
  { start: 0, end: 4, speaker: 'Technician', text: 'Hi, I am Sam from Acme Home Services.' },
  {
    start: 65,
    end: 70,
    speaker: 'Technician',
    text: 'We offer a maintenance plan at $189 a year, two visits included.',
  },
  { start: 71, end: 74, speaker: 'Customer', text: 'That sounds good, sign me up.' },
];
const transcript = { text: joinSegments(segments), segments };

const PRICE_BOOK = 'Maintenance plan: $189 per year.';
const BROCHURE = `${'Our plans keep your system running. '.repeat(40)}END-OF-BROCHURE`;
const bot: EngineBot = {
  name: 'Maintenance plan offered',
  prompt: 'Did the technician offer a maintenance plan, and at what price?',
  outputTags: [
    { index: 0, label: 'Plan offered', description: 'Yes or no, with the plan name', rule: null },
    { index: 2, label: 'Price quoted', description: 'The amount said for the plan', rule: null },
  ],
  referenceTexts: [
    { file_id: 'f1', name: 'price-book.txt', text: PRICE_BOOK },
    { file_id: 'f2', name: 'brochure.txt', text: BROCHURE },
  ],
};

const config = (overrides: Partial<LlmConfig> = {}): LlmConfig => ({
  baseUrl: openai.baseUrl,
  apiKey: 'sk-local',
  model: 'gpt-test',
  priceInputCentsPerMTok: 250,
  priceOutputCentsPerMTok: 1000,
  timeoutMs: 5000,
  maxRetries: 2,
  retryDelayMs: 10,
  // 100 tokens ≈ 400 characters: the price book whole, the brochure cut.
  referenceTokenBudget: 100,
  ...overrides,
});

const answer = (tag0: [string | null, string[]], tag2: [string | null, string[]]) => ({
  tags: {
    tag_0: { value: tag0[0], quotes: tag0[1] },
    tag_2: { value: tag2[0], quotes: tag2[1] },
  },
});
const PLAN = 'We offer a maintenance plan';
const PRICE = '$189 a year';
const goodAnswer = answer(['Yes, the yearly plan', [PLAN]], ['$189', [PRICE]]);

/** Runs the engine and returns its BotEngineError and the number of requests it made. */
async function failure(cfg = config()) {
  const before = openai.requests.length;
  const error = await createLlmEngine(cfg)
    .run(bot, transcript)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(BotEngineError);
  return { error: error as BotEngineError, requests: openai.requests.length - before };
}

describe('LLM engine against a local server speaking the OpenAI chat API', () => {
  it('asks with a strict JSON schema, locates the quotes and prices the usage', async () => {
    openai.script(jsonAnswer(goodAnswer, { prompt_tokens: 1234, completion_tokens: 567 }));
    const result = await createLlmEngine(config()).run(bot, transcript);

    const planAt = transcript.text.indexOf(PLAN);
    const priceAt = transcript.text.indexOf(PRICE);
    expect(result).toEqual({
      rawResponse: JSON.stringify(goodAnswer),
      outputTags: [
        {
          id: 0,
          label: 'Plan offered',
          data: 'Yes, the yearly plan',
          description: 'Yes or no, with the plan name',
        },
        { id: 2, label: 'Price quoted', data: '$189', description: 'The amount said for the plan' },
      ],
      responseTags: [
        {
          tag_id: 0,
          label: 'Plan offered',
          index_start: planAt,
          index_end: planAt + PLAN.length,
          text: PLAN,
          match: 'exact',
          score: 1,
        },
        {
          tag_id: 2,
          label: 'Price quoted',
          index_start: priceAt,
          index_end: priceAt + PRICE.length,
          text: PRICE,
          match: 'exact',
          score: 1,
        },
      ],
      unmatchedQuotes: 0,
      tokensIn: 1234,
      tokensOut: 567,
      // ceil(1234 × 250 / 1e6 × 1000 + 567 × 1000 / 1e6 × 1000) = ceil(308.5 + 567)
      costMillicents: 876,
    });
  });

  it('sends the prompt, tags, budgeted reference texts and [mm:ss] transcript lines', async () => {
    openai.script(jsonAnswer(goodAnswer));
    await createLlmEngine(config()).run(bot, transcript);
    const request = openai.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-local');
    expect(request.body.model).toBe('gpt-test');

    const [system, user] = request.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain(bot.prompt);
    expect(system!.content).toContain(
      '- tag_0 (output tag 0) "Plan offered": Yes or no, with the plan name',
    );
    expect(system!.content).toContain(
      '- tag_2 (output tag 2) "Price quoted": The amount said for the plan',
    );
    expect(system!.content).toContain(`<document name="price-book.txt">\n${PRICE_BOOK}\n`);
    // The brochure gets what the price book left of the 400 characters, then a note.
    const brochureKept = 400 - PRICE_BOOK.length;
    expect(system!.content).toContain(
      `<document name="brochure.txt">\n${BROCHURE.slice(0, brochureKept)}\n[Truncated: the remaining ${BROCHURE.length - brochureKept} characters of this document did not fit.]\n</document>`,
    );
    expect(system!.content).not.toContain('END-OF-BROCHURE');

    expect(user).toEqual({
      role: 'user',
      content: `Transcript:\n${formatTranscriptLines(segments)}`,
    });
    expect(user!.content).toContain(
      '[01:05] Technician: We offer a maintenance plan at $189 a year, two visits included.',
    );

    const tagSchema = {
      type: 'object',
      properties: {
        value: { type: ['string', 'null'], description: expect.any(String) },
        quotes: { type: 'array', items: { type: 'string' }, description: expect.any(String) },
      },
      required: ['value', 'quotes'],
      additionalProperties: false,
    };
    expect(request.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'bot_answer',
        strict: true,
        schema: {
          type: 'object',
          properties: {
            tags: {
              type: 'object',
              properties: {
                tag_0: { ...tagSchema, description: 'Plan offered: Yes or no, with the plan name' },
                tag_2: { ...tagSchema, description: 'Price quoted: The amount said for the plan' },
              },
              required: ['tag_0', 'tag_2'],
              additionalProperties: false,
            },
          },
          required: ['tags'],
          additionalProperties: false,
        },
      },
    });
  });

  it('drops and counts quotes that are not in the transcript', async () => {
    openai.script(
      jsonAnswer(
        answer(
          ['Yes', [PLAN, 'We offer a lifetime warranty', `[01:05] Technician: ${PLAN}`]],
          ['$189', ['It costs $250 a month', '   ']],
        ),
      ),
    );
    const result = await createLlmEngine(config()).run(bot, transcript);
    // The quote copied with its line's time and speaker is the same span, kept once.
    expect(result.responseTags.map((t) => [t.tag_id, t.text])).toEqual([[0, PLAN]]);
    expect(result.unmatchedQuotes).toBe(2);
    expect(result.outputTags.map((t) => t.data)).toEqual(['Yes', '$189']);
  });

  it('locates quotes given back with case, whitespace and quote-mark changes, or one word off', async () => {
    const PLAN_CHOICE = 'Let\'s take the "Gold" plan then.';
    const withChoice = [
      ...segments,
      { start: 75, end: 78, speaker: 'Customer', text: PLAN_CHOICE },
    ] satisfies TranscriptSegment[];
    const text = joinSegments(withChoice);
    const SENTENCE = 'We offer a maintenance plan at $189 a year';
    const INVENTED = 'We offer a lifetime warranty on every part';
    openai.script(
      jsonAnswer(
        answer(
          // Shouting, a line break and doubled spaces; curly quote marks for straight ones.
          [
            'Yes',
            [
              '  we OFFER a   Maintenance\nplan ',
              'let\u2019s TAKE the \u201cgold\u201d plan then.',
            ],
          ],
          // "maintenance" told back as "service"; and a sentence nobody said.
          ['$189', ['We offer a service plan at $189 a year', INVENTED]],
        ),
      ),
    );
    const result = await createLlmEngine(config()).run(bot, { text, segments: withChoice });

    const span = (quote: string) => {
      const at = text.indexOf(quote);
      expect(at, quote).toBeGreaterThanOrEqual(0);
      return { index_start: at, index_end: at + quote.length, text: quote };
    };
    const [plan, choice, paraphrase, ...rest] = result.responseTags;
    expect(rest).toEqual([]);
    expect(plan).toEqual({
      tag_id: 0,
      label: 'Plan offered',
      ...span(PLAN),
      match: 'normalised',
      score: 1,
    });
    expect(choice).toEqual({
      tag_id: 0,
      label: 'Plan offered',
      ...span(PLAN_CHOICE),
      match: 'normalised',
      score: 1,
    });
    // The whole sentence the model paraphrased, from its first word to its last.
    expect(paraphrase).toMatchObject({ tag_id: 2, ...span(SENTENCE), match: 'fuzzy' });
    expect(paraphrase!.score).toBeGreaterThanOrEqual(FUZZY_MATCH_THRESHOLD);
    expect(paraphrase!.score).toBeLessThan(1);
    // One word of the quote's nine differs.
    expect(paraphrase!.score).toBeCloseTo(1 - 1 / 9, 3);
    expect(result.unmatchedQuotes).toBe(1);
    expect(result.responseTags.map((t) => t.text)).not.toContain(INVENTED);
  });

  it('keeps a null value and records no usage when the service reports none', async () => {
    openai.script({
      kind: 'answer',
      content: JSON.stringify(answer([null, []], [null, []])),
      usage: null,
    });
    const result = await createLlmEngine(config()).run(bot, transcript);
    expect(result.outputTags.map((t) => t.data)).toEqual([null, null]);
    expect(result.responseTags).toEqual([]);
    expect([result.tokensIn, result.tokensOut, result.costMillicents]).toEqual([0, 0, 0]);
  });

  it('waits as long as a 429 says in Retry-After, then succeeds', async () => {
    openai.script(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      jsonAnswer(goodAnswer),
    );
    const before = openai.requests.length;
    const result = await createLlmEngine(config()).run(bot, transcript);
    const [limited, retried] = openai.requests.slice(before);
    expect([limited!.reply, retried!.reply]).toEqual(['status', 'answer']);
    // The configured backoff is 10 ms: only Retry-After explains a wait of a second.
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);
    expect(result.outputTags[0]!.data).toBe('Yes, the yearly plan');
  });

  it('retries a 500 with backoff, then fails retryably with a sentence', async () => {
    openai.script(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 502, body: '<html>Bad gateway</html>' },
      { kind: 'status', status: 503 },
    );
    const { error, requests } = await failure();
    expect(requests).toBe(3);
    expect(error.message).toBe('The language model service failed (HTTP 503).');
    expect(error.retryable).toBe(true);
  });

  it('retries a timeout, then fails retryably', async () => {
    openai.script({ kind: 'hang' }, { kind: 'hang' });
    const { error, requests } = await failure(config({ timeoutMs: 300, maxRetries: 1 }));
    expect(requests).toBe(2);
    expect(error.message).toBe('The language model service did not answer within 0.3 seconds.');
    expect(error.retryable).toBe(true);
  });

  it('stops at once, retryably, when the caller aborts', async () => {
    openai.script({ kind: 'hang' });
    const controller = new AbortController();
    const run = createLlmEngine(config()).run(bot, transcript, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BotEngineError);
    expect((error as BotEngineError).message).toBe('The bot run was interrupted.');
  });

  it.each([
    [
      'content that is not JSON',
      { kind: 'answer', content: 'Sure! The technician offered a plan.' } as const,
      'The language model did not answer in the structured form the bot needs.',
    ],
    [
      'JSON missing a tag',
      jsonAnswer({ tags: { tag_0: { value: 'Yes', quotes: [] } } }),
      "The language model's answer did not give every output tag in the expected form.",
    ],
    [
      'JSON with a value of the wrong type',
      jsonAnswer({
        tags: { tag_0: { value: 1, quotes: [] }, tag_2: { value: '$189', quotes: [] } },
      }),
      "The language model's answer did not give every output tag in the expected form.",
    ],
    [
      'a refusal',
      { kind: 'answer', content: null, refusal: "I'm sorry, I can't help with that." } as const,
      "The language model declined to analyse this transcript: I'm sorry, I can't help with that.",
    ],
    [
      'a refusal without a full stop',
      { kind: 'answer', content: null, refusal: 'Cannot comply' } as const,
      'The language model declined to analyse this transcript: Cannot comply.',
    ],
    [
      'a truncated answer',
      {
        kind: 'answer',
        content: '{"tags": {"tag_0": {"value": "Ye',
        finishReason: 'length',
      } as const,
      "The language model's answer was cut off before it was complete.",
    ],
    [
      'an answer withheld by the content filter',
      { kind: 'answer', content: null, finishReason: 'content_filter' } as const,
      "The language model service's content filter withheld the answer.",
    ],
    [
      'a body that is not a chat completion',
      { kind: 'malformed' } as const,
      'The language model service sent a reply that is not a chat completion.',
    ],
    [
      'HTTP 401',
      { kind: 'status', status: 401 } as const,
      'The language model service rejected our credentials.',
    ],
    [
      'HTTP 404',
      { kind: 'status', status: 404 } as const,
      'The language model service does not offer the configured model at this address (HTTP 404).',
    ],
    [
      'HTTP 400 with the service’s reason',
      {
        kind: 'status',
        status: 400,
        body: JSON.stringify({ error: { message: 'Invalid schema for response_format.' } }),
      } as const,
      'The language model service rejected the request (HTTP 400: Invalid schema for response_format.).',
    ],
  ])('ends for good, without retrying, on %s', async (_case, reply, message) => {
    openai.script(reply);
    const { error, requests } = await failure();
    expect(requests).toBe(1);
    expect(error.message).toBe(message);
    expect(error.retryable).toBe(false);
  });

  it('reports an unreachable service as retryable', async () => {
    const { error } = await failure(config({ baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 1 }));
    expect(error.message).toBe('The language model service could not be reached.');
    expect(error.retryable).toBe(true);
  });
});
