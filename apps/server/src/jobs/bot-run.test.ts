import { BACK_RUN_MESSAGES, BOT_RUN_MESSAGES } from '@fieldbot/shared';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  BotEngineError,
  LLM_NOT_CONFIGURED,
  type BotEngine,
  type EngineResult,
} from '../providers/bot-engine/index.js';
import type { PipelineConfig } from '../config.js';
import { placeInLine } from '../modules/bot-runs/index.js';
import { runOutcome, type BotRunJobRepo } from '../modules/bot-runs/bot-run-job.repo.js';
import { createBotRunHandler, createBotRunSender } from './bot-run.js';

const RESULT: EngineResult = {
  rawResponse: 'ok',
  outputTags: [],
  responseTags: [],
  unmatchedQuotes: 0,
  tokensIn: 1,
  tokensOut: 1,
  costMillicents: 0,
};

/** A repo double recording what the handler finishes; the result starts running. */
function fakeRepo(
  options: {
    status?: 'running' | 'success';
    engine?: 'rules' | 'llm';
    cancelled?: boolean;
    published?: boolean;
  } = {},
) {
  const finished: unknown[] = [];
  const marked: string[] = [];
  const repo = {
    load: async () => ({
      id: 'r1',
      status: options.status ?? 'running',
      completionPublishedAt: options.published ? new Date() : null,
      runId: 'run1',
      botId: 'b1',
      versionId: 'v1',
      interactionId: 'i1',
      customerId: null,
      jobId: null,
      companyId: 'c1',
      version: {
        id: 'v1',
        name: 'Bot',
        prompt: 'p',
        outputTags: [],
        referenceTexts: [],
        engine: options.engine ?? 'rules',
      },
    }),
    interactionTranscript: async () => ({ text: 'hello there', segments: [] }),
    customerTranscript: async () => null,
    countAttempt: async () => undefined,
    backRunCancelled: async () => options.cancelled ?? false,
    finish: async (_id: string, outcome: unknown) => {
      finished.push(outcome);
      return true;
    },
    markPublished: async (id: string) => {
      marked.push(id);
    },
  } as unknown as BotRunJobRepo;
  return { repo, finished, marked };
}

/** Records what the handler publishes (pg-boss's publish, narrowed). */
function fakePublisher() {
  const published: { event: string; data: object; id: string | undefined }[] = [];
  return {
    published,
    publish: async (event: string, data: object, options: PgBoss.SendOptions) => {
      published.push({ event, data, id: options.id });
    },
  };
}

const engine = (run: () => Promise<EngineResult>): BotEngine => ({ kind: 'rules', run });
const logger = pino({ level: 'silent' });

/** The handler over a repo double; its rules engine answers with `run` and counts its calls. */
function handlerFor(
  options: Parameters<typeof fakeRepo>[0] = {},
  run: () => Promise<EngineResult> = async () => RESULT,
) {
  const { repo, finished } = fakeRepo(options);
  let calls = 0;
  const rules = engine(() => {
    calls += 1;
    return run();
  });
  const handler = createBotRunHandler({ repo, engines: { rules, llm: null }, logger });
  return { handler, finished, calls: () => calls };
}

describe('bot-run handler', () => {
  it('publishes bot_result.completed once a result succeeds, keyed by the result id', async () => {
    const { repo, marked } = fakeRepo();
    const events = fakePublisher();
    const rules = engine(async () => RESULT);
    const handler = createBotRunHandler({ repo, engines: { rules, llm: null }, logger, events });
    await handler.run('r1', { final: false });
    expect(events.published).toEqual([
      {
        event: 'bot_result.completed',
        id: 'r1',
        data: {
          result_id: 'r1',
          run_id: 'run1',
          company_id: 'c1',
          bot_id: 'b1',
          version_id: 'v1',
          interaction_id: 'i1',
          customer_id: null,
          job_id: null,
        },
      },
    ]);
    expect(marked).toEqual(['r1']);
  });

  it('publishes a result that finished before its worker died, without running it again', async () => {
    const { repo, finished, marked } = fakeRepo({ status: 'success' });
    const events = fakePublisher();
    let calls = 0;
    const rules = engine(async () => {
      calls += 1;
      return RESULT;
    });
    const handler = createBotRunHandler({ repo, engines: { rules, llm: null }, logger, events });
    await handler.run('r1', { final: false });
    expect(calls).toBe(0);
    expect(finished).toEqual([]);
    expect(events.published.map((p) => p.id)).toEqual(['r1']);
    expect(marked).toEqual(['r1']);
  });

  it('publishes nothing for a failed result or one published already', async () => {
    const failing = fakeRepo({ engine: 'llm' });
    const events = fakePublisher();
    const rules = engine(async () => RESULT);
    await createBotRunHandler({
      repo: failing.repo,
      engines: { rules, llm: null },
      logger,
      events,
    }).run('r1', { final: false });
    const done = fakeRepo({ status: 'success', published: true });
    await createBotRunHandler({
      repo: done.repo,
      engines: { rules, llm: null },
      logger,
      events,
    }).run('r1', { final: false });
    expect(events.published).toEqual([]);
  });

  it('finishes the result with the engine answer and the transcript text it read', async () => {
    const { handler, finished } = handlerFor();
    await handler.run('r1', { final: false });
    expect(finished).toEqual([
      { status: 'success', result: RESULT, transcriptText: 'hello there' },
    ]);
  });

  it('never shows a bot a card number of a transcript stored before masking existed', async () => {
    const { repo, finished } = fakeRepo();
    const said = 'Card 4111 1111 1111 1111, thanks.';
    repo.interactionTranscript = async () => ({ text: said, segments: [] });
    const seen: string[] = [];
    const rules: BotEngine = {
      kind: 'rules',
      run: async (_bot, transcript) => {
        seen.push(transcript.text);
        return RESULT;
      },
    };
    await createBotRunHandler({ repo, engines: { rules, llm: null }, logger }).run('r1', {
      final: false,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toContain('4111 1111');
    expect(seen[0]).toContain('1111]');
    expect(seen[0]).toHaveLength(said.length);
    expect(finished).toEqual([{ status: 'success', result: RESULT, transcriptText: seen[0] }]);
  });

  it('fails a result of a cancelled back-run without calling the engine', async () => {
    const { handler, finished, calls } = handlerFor({ cancelled: true });
    await handler.run('r1', { final: false });
    expect(calls()).toBe(0);
    expect(finished).toEqual([{ status: 'failed', message: BACK_RUN_MESSAGES.cancelled }]);
  });

  it('rethrows a retryable failure while attempts are left, fails it on the last one', async () => {
    const error = new BotEngineError('Busy.', true);
    const { handler, finished } = handlerFor({}, () => Promise.reject(error));
    await expect(handler.run('r1', { final: false })).rejects.toBe(error);
    expect(finished).toEqual([]);
    await handler.run('r1', { final: true });
    expect(finished).toEqual([{ status: 'failed', message: 'Busy.' }]);
  });

  it('fails at once on a non-retryable failure, and on an LLM bot without an LLM', async () => {
    const { handler, finished } = handlerFor({ engine: 'llm' });
    await handler.run('r1', { final: false });
    expect(finished).toEqual([{ status: 'failed', message: LLM_NOT_CONFIGURED }]);
  });

  it('hides unexpected errors behind a readable message (retried first)', async () => {
    const { handler, finished } = handlerFor({}, () => Promise.reject(new Error('socket hang up')));
    await expect(handler.run('r1', { final: false })).rejects.toThrow('socket hang up');
    await handler.run('r1', { final: true });
    expect(finished).toEqual([{ status: 'failed', message: BOT_RUN_MESSAGES.internalError }]);
  });

  it('does nothing for a result that has finished already', async () => {
    const { handler, finished, calls } = handlerFor({ status: 'success' });
    await handler.run('r1', { final: false });
    expect(calls()).toBe(0);
    expect(finished).toEqual([]);
  });
});

describe('runOutcome', () => {
  const r = (
    status: 'running' | 'success' | 'failed',
    name = 'A',
    error: string | null = null,
  ) => ({
    status,
    name,
    error,
  });
  it('stays running while any result runs', () => {
    expect(runOutcome([r('success'), r('running')])).toEqual({
      status: 'running',
      errorMessage: null,
    });
  });
  it('is success, completed (some failed) or failed', () => {
    expect(runOutcome([r('success'), r('success')]).status).toBe('success');
    expect(runOutcome([r('success'), r('failed', 'B', 'Oops.')])).toEqual({
      status: 'completed',
      errorMessage: 'Oops.',
    });
    expect(runOutcome([r('failed', 'A', 'One.'), r('failed', 'B', 'Two.')])).toEqual({
      status: 'failed',
      errorMessage: 'A: One.\nB: Two.',
    });
  });
});

describe('bot-run sender', () => {
  function sender() {
    const inserted: { id?: string; priority?: number }[] = [];
    const boss = {
      insert: async (jobs: { id?: string; priority?: number }[]) => void inserted.push(...jobs),
      notifyWorker: () => undefined,
    } as unknown as Pick<PgBoss, 'insert' | 'notifyWorker'>;
    const config = {
      retryLimit: 3,
      retryDelaySeconds: 1,
      jobTimeoutSeconds: 60,
    } as PipelineConfig;
    return { queue: createBotRunSender(boss, config), inserted };
  }

  it('runs a manual run first, then every company’s n-th result before anyone’s n+1-th', async () => {
    const { queue, inserted } = sender();
    // A's automatic run of three bots on an interaction, its line empty before.
    await queue.enqueue(['a-1', 'a-2', 'a-3'], placeInLine(3, 3));
    // B's first result arrives while A's line is three long: it ties A's first.
    await queue.enqueue(['b-1'], placeInLine(1, 1));
    // A back-run chunk behind A's three.
    await queue.enqueue(['a-4', 'a-5'], placeInLine(5, 2));
    await queue.enqueue(['manual'], 'urgent');
    expect(inserted.map((j) => [j.id, j.priority])).toEqual([
      ['a-1', 0],
      ['a-2', -1],
      ['a-3', -2],
      ['b-1', 0],
      ['a-4', -3],
      ['a-5', -4],
      ['manual', 1],
    ]);
  });
});
