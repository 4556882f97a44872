import {
  BOT_RUN_MESSAGES,
  botResultResponseSchema,
  gptResponseSchema,
  type BotResult,
} from '@fieldbot/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoTranscribedRecording, insertBots, type InsertedBot } from './support/bots';
import { prepareChildServer, type ChildServer } from './support/child-server';
import { DEMO } from './support/demo';
import { jsonAnswer, startFakeOpenAi, type FakeOpenAi } from './support/fake-openai';
import { waitFor } from './support/recordings';
import { HOOK_TIMEOUT_MS } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

// The server process is killed (SIGKILL) while its LLM bot run waits for the language model, and
// started again: the bot-run job is retried once its expiry has passed and the result is finished
// exactly once (one bot_results row, one bot_usage row, the run settled once).

let db: TestDatabase;
let openai: FakeOpenAi;
let server: ChildServer;
let bot: InsertedBot;
let target: { id: string; type: string };
let quote: string;

const USAGE = { prompt_tokens: 321, completion_tokens: 45 };

beforeAll(async () => {
  db = await createTestDatabase();
  openai = await startFakeOpenAi();
  server = await prepareChildServer(db, {
    LLM_BASE_URL: openai.baseUrl,
    LLM_MODEL: 'gpt-test',
    LLM_PRICE_INPUT_CENTS_PER_MTOK: '250',
    LLM_PRICE_OUTPUT_CENTS_PER_MTOK: '1000',
    // One request per job attempt, so the fake's log shows the attempts.
    LLM_MAX_RETRIES: '0',
    // A job still active 6 s after it started belongs to a dead worker; look every second.
    PIPELINE_JOB_TIMEOUT_SECONDS: '6',
    JOB_MAINTENANCE_SECONDS: '1',
    PIPELINE_RETRY_LIMIT: '2',
    PIPELINE_RETRY_DELAY_SECONDS: '0',
  });
  await server.query(async (q) => {
    // A few words the "model" quotes back: the result's evidence is located in the transcript.
    const recording = await demoTranscribedRecording(q, DEMO.admin.email);
    const company = recording.companyId;
    target = { id: recording.id, type: recording.type };
    quote = recording.quote;
    ({ 'Crash Bot': bot } = (await insertBots(q, [
      {
        name: 'Crash Bot',
        trigger: 'recording-complete',
        trigger_event: 'every',
        engine: 'llm',
        companies: [company],
      },
    ])) as { 'Crash Bot': InsertedBot });
  });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await openai?.close();
  await db?.drop();
}, HOOK_TIMEOUT_MS);

it('finishes an LLM bot run exactly once after its worker is killed mid-request and started again', async () => {
  // The language model holds the first request: the worker is mid-run when it dies. Every later
  // request is answered at once.
  openai.script({ kind: 'hang' });
  openai.fallback = jsonAnswer({ tags: { tag_0: { value: 'Yes', quotes: [quote] } } }, USAGE);

  await server.start();
  const admin = server.client();
  await admin.login(DEMO.admin.email);
  const run = await admin.request('POST', '/api/company/bot-run', {
    bot_ids: [bot.id],
    id: target.id,
    type: target.type,
  });
  expect(run.status, run.text).toBe(200);
  expect(JSON.parse(run.text)).toEqual({ message: BOT_RUN_MESSAGES.started });

  await waitFor('the bot run to reach the language model', async () =>
    openai.requests.length > 0 ? true : undefined,
  );
  await server.stop('SIGKILL');

  await server.clearCrashLock();
  await server.start();
  // The target's latest run is ours once it holds our bot (the demo data has runs of its own).
  const result = await waitFor(
    'the bot run to settle after the restart',
    async (): Promise<BotResult | undefined> => {
      const res = await admin.request(
        'GET',
        `/api/company/bot-result/interaction/${target.id}/${target.type}`,
      );
      expect(res.status, res.text).toBe(200);
      const latest = botResultResponseSchema.parse(JSON.parse(res.text)).data;
      const ours = latest?.results.some((r) => r.bot_id === bot.id);
      return ours && latest!.status !== 'running' ? latest! : undefined;
    },
    45_000,
  );
  await server.stop('SIGTERM');

  expect(result.status).toBe('success');
  const [item] = result.results;
  expect(result.results).toHaveLength(1);
  expect(item).toMatchObject({ bot_id: bot.id, status: 'success', error_message: null });
  const tags = gptResponseSchema.parse(JSON.parse(item!.gpt_response!));
  expect(tags.response_tags.map((t) => t.text)).toEqual([quote]);

  // The killed attempt and the retry reached the model; only the retry's answer was kept.
  expect(openai.requests.map((r) => r.reply)).toEqual(['hang', 'answer']);
  const state = await server.query(async (q) => ({
    results: await q(
      `SELECT r.id, r.status, r.run_id, r.tokens_in, r.tokens_out, r.cost_millicents, r.attempts
       FROM bot_results r WHERE r.bot_id = $1`,
      [bot.id],
    ),
    usage: await q(
      `SELECT u.result_id, u.engine, u.tokens_in, u.tokens_out, u.cost_millicents
       FROM bot_usage u WHERE u.bot_id = $1`,
      [bot.id],
    ),
    runs: await q(
      `SELECT DISTINCT b.id, b.status, b.run_type, b.finished_at IS NOT NULL AS finished
       FROM bot_runs b JOIN bot_results r ON r.run_id = b.id WHERE r.bot_id = $1`,
      [bot.id],
    ),
    jobs: await q(
      `SELECT j.state, j.retry_count FROM pgboss.job j
       JOIN bot_results r ON j.id = r.id WHERE r.bot_id = $1 AND j.name = 'bot-run'`,
      [bot.id],
    ),
  }));
  expect(state.results).toHaveLength(1);
  const [row] = state.results;
  expect(row).toMatchObject({
    status: 'success',
    tokens_in: USAGE.prompt_tokens,
    tokens_out: USAGE.completion_tokens,
    // Both attempts were counted; only the second one finished the result.
    attempts: 2,
  });
  expect(row!.cost_millicents).toBeGreaterThan(0);
  expect(state.usage).toEqual([
    {
      result_id: row!.id,
      engine: 'llm',
      tokens_in: USAGE.prompt_tokens,
      tokens_out: USAGE.completion_tokens,
      cost_millicents: row!.cost_millicents,
    },
  ]);
  expect(state.runs).toEqual([
    { id: row!.run_id, status: 'success', run_type: 'manual', finished: true },
  ]);
  // One job, run twice: the attempt that died and its retry.
  expect(state.jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
}, 120_000);
