import {
  AUTH_MESSAGES,
  BACK_RUN_MESSAGES,
  BOT_RUN_MESSAGES,
  backRunCancelPath,
  backRunEstimatePath,
  backRunEstimateResponseSchema,
  backRunPath,
  backRunResponseSchema,
  backRunsPath,
  type BackRun,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBackRunStarter } from '../src/jobs/bot-back-run';
import { createBotBackRunsRepo } from '../src/modules/bot-back-runs/bot-back-runs.repo';
import { createBotRunsRepo, type BotRunPlace } from '../src/modules/bot-runs/index';
import { gate, insertBots, quoting, type InsertedBot } from './support/bots';
import { useBotTestApp } from './support/bot-test-app';
import { DEMO } from './support/demo';
import { withDb } from './support/drizzle-db';
import { waitFor } from './support/recordings';
import { SLOW_TEST_TIMEOUT_MS } from './support/test-app';

const { fake, t, fx, as } = useBotTestApp({
  PIPELINE_RETRY_LIMIT: '1',
  PIPELINE_RETRY_DELAY_SECONDS: '0',
  PIPELINE_JOB_TIMEOUT_SECONDS: '60',
});

const BOTS = {
  visit: 'Back Visit',
  call: 'Back Call',
  booked: 'Back Booked',
  unbooked: 'Back Unbooked',
  job: 'Back Job',
  gate: 'Back Gate',
  starter: 'Back Starter',
  notOurs: 'Back Globex',
} as const;

/**
 * The fixture company's completed interactions with a transcript, January 2025 (UTC):
 * field recordings R-000103 (18th), R-000102 (19th), R-000101 (20th), R-000201 (21st); CSR call
 * CALL-9001 (Booked, 16th). The others are unfinished or have no transcript.
 */
const JANUARY = { from: '2025-01-01', to: '2025-01-31' };
const VISITS_IN_JANUARY = 4;

let bots: Record<string, InsertedBot>;

beforeAll(async () => {
  await t.inspect(async (q) => {
    const [globex] = await q(`SELECT company_id FROM users WHERE email = $1`, [DEMO.globex.email]);
    const ours = [fx.companyId];
    bots = await insertBots(q, [
      { name: BOTS.visit, trigger: 'recording-complete', trigger_event: 'every', companies: ours },
      { name: BOTS.gate, trigger: 'recording-complete', trigger_event: 'every', companies: ours },
      {
        name: BOTS.starter,
        trigger: 'recording-complete',
        trigger_event: 'every',
        companies: ours,
      },
      {
        name: BOTS.call,
        trigger: 'call-complete',
        trigger_event: 'every',
        engine: 'llm',
        companies: ours,
      },
      {
        name: BOTS.booked,
        trigger: 'call-complete',
        trigger_event: 'call-booked',
        companies: ours,
      },
      {
        name: BOTS.unbooked,
        trigger: 'call-complete',
        trigger_event: 'call-unbooked',
        companies: ours,
      },
      { name: BOTS.job, trigger: 'job-complete', trigger_event: 'every', companies: ours },
      {
        name: BOTS.notOurs,
        trigger: 'recording-complete',
        trigger_event: 'every',
        companies: [String(globex!.company_id)],
      },
    ]);
  });
}, SLOW_TEST_TIMEOUT_MS);

const body = (name: string, range: { from: string; to: string } = JANUARY) => ({
  bot_id: bots[name]!.id,
  ...range,
});

async function estimate(name: string, range?: { from: string; to: string }) {
  const res = await (await as(fx.accounts.admin)).post(backRunEstimatePath, body(name, range));
  expect(res.status, res.text).toBe(200);
  return backRunEstimateResponseSchema.parse(res.body).data;
}

async function create(name: string, range?: { from: string; to: string }): Promise<BackRun> {
  const res = await (await as(fx.accounts.admin)).post(backRunsPath, body(name, range));
  expect(res.status, res.text).toBe(200);
  return backRunResponseSchema.parse(res.body).data;
}

async function read(id: string): Promise<BackRun> {
  const res = await (await as(fx.accounts.admin)).get(backRunPath(id));
  expect(res.status, res.text).toBe(200);
  return backRunResponseSchema.parse(res.body).data;
}

const finished = (id: string) =>
  waitFor(`back-run ${id} to finish`, async () => {
    const run = await read(id);
    return run.done + run.failed === run.total && run.status !== 'running' ? run : undefined;
  });

describe('POST /api/company/bot-back-run/estimate', () => {
  it('counts the completed interactions with a transcript that the bot fits, within the UTC days', async () => {
    expect(await estimate(BOTS.visit)).toEqual({
      interactions: VISITS_IN_JANUARY,
      estimated_cost_cents: 0,
    });
    // Inclusive days: the 18th to the 20th holds R-000103, R-000102 and R-000101 (08:00 UTC).
    expect(
      (await estimate(BOTS.visit, { from: '2025-01-18', to: '2025-01-20' })).interactions,
    ).toBe(3);
    expect(
      (await estimate(BOTS.visit, { from: '2025-01-21', to: '2025-01-21' })).interactions,
    ).toBe(1);
    expect(
      (await estimate(BOTS.visit, { from: '2024-01-01', to: '2024-12-31' })).interactions,
    ).toBe(0);
    // Call bots by call type: only CALL-9001 (Booked) is completed with a transcript.
    expect((await estimate(BOTS.call)).interactions).toBe(1);
    expect((await estimate(BOTS.booked)).interactions).toBe(1);
    expect((await estimate(BOTS.unbooked)).interactions).toBe(0);
  });

  it('answers 422 for job-complete bots, bots of other companies and bad ranges', async () => {
    const admin = await as(fx.accounts.admin);
    const cases: [object, string, string][] = [
      [body(BOTS.job), 'bot_id', BACK_RUN_MESSAGES.jobCompleteBot],
      [body(BOTS.notOurs), 'bot_id', BOT_RUN_MESSAGES.botNotAvailable],
      [{ ...body(BOTS.visit), from: '2025-02-01' }, 'to', BACK_RUN_MESSAGES.fromAfterTo],
      [{ ...body(BOTS.visit), from: '2024-01-01' }, 'to', BACK_RUN_MESSAGES.rangeTooLong],
    ];
    for (const [request, field, message] of cases) {
      for (const path of [backRunEstimatePath, backRunsPath]) {
        const res = await admin.post(path, request);
        expect(res.status, `${path} ${JSON.stringify(request)}`).toBe(422);
        expect(res.body.errors[field]).toEqual([message]);
      }
    }
    const nothing = await admin.post(backRunsPath, body(BOTS.unbooked));
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors.to).toEqual([BACK_RUN_MESSAGES.nothingToRun]);
    // A full leap year is allowed.
    expect(
      (await estimate(BOTS.visit, { from: '2024-01-01', to: '2024-12-31' })).interactions,
    ).toBe(0);
  });

  it('is for the company admin only', async () => {
    for (const email of [
      fx.accounts.manager,
      fx.accounts.tech1,
      DEMO.publisher.email,
      DEMO.publisherUser.email,
    ]) {
      const client = await as(email);
      for (const path of [backRunEstimatePath, backRunsPath]) {
        const res = await client.post(path, body(BOTS.visit));
        expect(res.status, `${email} ${path}`).toBe(403);
        expect(res.body.message).toBe(AUTH_MESSAGES.forbidden);
      }
    }
  });
});

describe('a back-run', () => {
  it(
    'runs the bot once on each interaction, meters each result once and reports progress',
    async () => {
      const started = await create(BOTS.visit);
      expect(started).toMatchObject({
        bot_name: BOTS.visit,
        status: 'running',
        total: VISITS_IN_JANUARY,
        from: JANUARY.from,
        to: JANUARY.to,
      });
      const done = await finished(started.id);
      expect(done).toMatchObject({ status: 'completed', done: 4, failed: 0, total: 4 });

      const rows = await t.inspect((q) =>
        q(
          `SELECT i.number, r.dedupe_key, r.status AS run_status, res.status,
             (SELECT count(*)::int FROM bot_usage u WHERE u.result_id = res.id) AS usage
           FROM bot_runs r JOIN bot_results res ON res.run_id = r.id
           JOIN interactions i ON i.id = r.interaction_id
           WHERE r.back_run_id = $1 ORDER BY i.number`,
          [started.id],
        ),
      );
      expect(rows.map((r) => r.number)).toEqual(['R-000101', 'R-000102', 'R-000103', 'R-000201']);
      for (const row of rows) {
        expect(row).toMatchObject({ run_status: 'success', status: 'success', usage: 1 });
        expect(row.dedupe_key).toMatch(new RegExp(`^back-run:${started.id}:`));
      }
      // The results show on the interaction page as that interaction's latest run.
      const r101 = fx.interactions.find((i) => i.number === 'R-000101')!;
      const page = await (
        await as(fx.accounts.admin)
      ).get(`/api/company/bot-result/interaction/${r101.id}/field-recording`);
      expect(page.body.data.results.map((r: { bot_name: string }) => r.bot_name)).toContain(
        BOTS.visit,
      );
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'estimates an LLM bot from what its version has cost so far',
    async () => {
      expect((await estimate(BOTS.call)).estimated_cost_cents).toBe(0);
      await finished((await create(BOTS.call)).id);
      // The fake LLM meters 7 thousandths of a cent a result: one call rounds up to 1 cent.
      expect(await estimate(BOTS.call)).toEqual({ interactions: 1, estimated_cost_cents: 1 });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('is read and cancelled only within its company', async () => {
    const run = await create(BOTS.booked);
    const globex = await as(DEMO.globex.email);
    expect((await globex.get(backRunPath(run.id))).status).toBe(404);
    expect((await globex.post(backRunCancelPath(run.id), {})).status).toBe(404);
    expect((await (await as(fx.accounts.manager)).get(backRunPath(run.id))).status).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await (await as(fx.accounts.admin)).get(backRunPath(unknown))).status).toBe(404);
    await finished(run.id);
  });

  it(
    'stops its remaining work when cancelled',
    async () => {
      const held = gate();
      fake.script(BOTS.gate, async ({ transcript }) => {
        await held.opened;
        return quoting(transcript, transcript.text.split(' ')[0] ?? '');
      });
      const run = await create(BOTS.gate);
      // Bot-run workers (one on PGlite, three on PostgreSQL) hold what they took in the engine; the
      // fourth interaction at least is still waiting when the back-run is cancelled.
      await waitFor('the first result to reach the engine', async () =>
        fake.calls(BOTS.gate) >= 1 ? true : undefined,
      );
      const res = await (await as(fx.accounts.admin)).post(backRunCancelPath(run.id), {});
      expect(res.status, res.text).toBe(200);
      const cancelled = backRunResponseSchema.parse(res.body).data;
      expect(cancelled).toMatchObject({ status: 'cancelled', total: 4 });
      expect(cancelled.failed).toBeGreaterThanOrEqual(1);

      held.open();
      const settled = await finished(run.id);
      // Only what had reached the engine finished; everything else failed as cancelled.
      const started = fake.calls(BOTS.gate);
      expect(settled).toMatchObject({ status: 'cancelled', done: started, failed: 4 - started });
      expect(started).toBeLessThan(4);
      // Cancelling again changes nothing.
      const again = await (await as(fx.accounts.admin)).post(backRunCancelPath(run.id), {});
      expect(backRunResponseSchema.parse(again.body).data).toEqual(settled);

      const rows = await t.inspect((q) =>
        q(
          `SELECT res.status, res.error_message, r.status AS run_status,
             (SELECT count(*)::int FROM bot_usage u WHERE u.result_id = res.id) AS usage
           FROM bot_runs r JOIN bot_results res ON res.run_id = r.id
           WHERE r.back_run_id = $1`,
          [run.id],
        ),
      );
      const failed = rows.filter((r) => r.status === 'failed');
      expect(failed).toHaveLength(4 - started);
      for (const row of failed) {
        expect(row).toMatchObject({
          error_message: BACK_RUN_MESSAGES.cancelled,
          run_status: 'failed',
          usage: 1,
        });
      }
      // The cancelled results' queued jobs found them finished: the engine never ran for them.
      expect(fake.calls(BOTS.gate)).toBe(started);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('the bot-back-run-start job', () => {
  it(
    'creates each run once in chunks, however often it is delivered',
    async () => {
      const queued: string[] = [];
      const places: (BotRunPlace | undefined)[] = [];
      const counts = await withDb(t, async (db) => {
        const repo = createBotBackRunsRepo(db);
        const id = await repo.insert({
          companyId: fx.companyId,
          botId: bots[BOTS.starter]!.id,
          ...JANUARY,
          total: VISITS_IN_JANUARY,
          createdById: null,
        });
        const starter = createBackRunStarter({
          repo,
          line: createBotRunsRepo(db),
          queue: {
            enqueue: async (ids, place) => {
              queued.push(...ids);
              places.push(place);
            },
          },
          chunk: 3,
        });
        // Two deliveries at once, then a late redelivery.
        const created = await Promise.all([starter.start(id), starter.start(id)]);
        const late = await starter.start(id);
        const runs = await repo.runningResults(id);
        return { created, late, runs, total: (await repo.backRun(fx.companyId, id))!.total };
      });
      expect(counts.created[0]! + counts.created[1]!).toBe(VISITS_IN_JANUARY);
      expect(counts.late).toBe(0);
      expect(counts.runs).toHaveLength(VISITS_IN_JANUARY);
      expect(counts.total).toBe(VISITS_IN_JANUARY);
      // The late delivery queued the still-running results again (their jobs collapse on the id).
      expect(new Set(queued)).toEqual(new Set(counts.runs));
      // Each chunk takes its turns in the company's line (never ahead of what already waits).
      expect(places.length).toBeGreaterThan(0);
      for (const place of places) {
        expect(place).toEqual({ firstTurn: expect.any(Number) });
        if (place !== 'urgent') expect(place!.firstTurn).toBeGreaterThanOrEqual(1);
      }
      expect(places.some((p) => p !== 'urgent' && p!.firstTurn > 1)).toBe(true);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
