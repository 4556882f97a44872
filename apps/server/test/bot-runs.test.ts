import {
  AUTH_MESSAGES,
  AUTOMATION_RUN_BY,
  BOT_ICON_FORMATS,
  BOT_RUN_MESSAGES,
  botIcon,
  botIconPath,
  botResultResponseSchema,
  dataResponseSchema,
  gptResponseSchema,
  joinSegments,
  MESSAGES,
  outputTagSchema,
  RUN_BOT_BLOCKS,
  type BotResult,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeJob } from '../src/jobs/job-events';
import type { JobCompletedEvent } from '../src/modules/crm-sync/index';
import {
  final,
  gate,
  insertBots,
  publishEvent,
  quoting,
  retryable,
  type InsertedBot,
} from './support/bots';
import { useBotTestApp } from './support/bot-test-app';
import { DEMO } from './support/demo';
import { withDb } from './support/drizzle-db';
import { waitFor } from './support/recordings';
import { SLOW_TEST_TIMEOUT_MS } from './support/test-app';

const { fake, t, fx, as } = useBotTestApp({
  PIPELINE_RETRY_LIMIT: '2',
  PIPELINE_RETRY_DELAY_SECONDS: '0',
  // A hung attempt is given up after this long, and pg-boss runs the job again.
  PIPELINE_JOB_TIMEOUT_SECONDS: '6',
  JOB_MAINTENANCE_SECONDS: '1',
});

const BOTS = {
  callEvery: 'Call Every',
  callBooked: 'Call Booked',
  callUnbooked: 'Call Unbooked',
  visit: 'Visit Notes',
  jobEvery: 'Job Every',
  zero: 'Zero Revenue',
  big: 'Big Revenue',
  flaky: 'Flaky',
  broken: 'Broken',
  down: 'Always Down',
  hung: 'Hung',
  notOurs: 'Not Ours',
} as const;

let bots: Record<string, InsertedBot>;
let globexCompany: string;

beforeAll(async () => {
  const initech = fx.companyId;
  await t.inspect(async (q) => {
    const [globex] = await q(`SELECT company_id FROM users WHERE email = $1`, [DEMO.globex.email]);
    globexCompany = String(globex!.company_id);
    // Run Bot on a customer needs a CRM-linked user (spec §6).
    await q(`UPDATE users SET crm_user_id = 'crm-admin' WHERE email = $1`, [fx.accounts.admin]);
    const ours = [initech];
    bots = await insertBots(q, [
      { name: BOTS.callEvery, trigger: 'call-complete', trigger_event: 'every', companies: ours },
      {
        name: BOTS.callBooked,
        trigger: 'call-complete',
        trigger_event: 'call-booked',
        companies: ours,
      },
      {
        name: BOTS.callUnbooked,
        trigger: 'call-complete',
        trigger_event: 'call-unbooked',
        companies: ours,
      },
      {
        name: BOTS.visit,
        trigger: 'recording-complete',
        trigger_event: 'every',
        color: 'purple',
        companies: ours,
      },
      { name: BOTS.jobEvery, trigger: 'job-complete', trigger_event: 'every', companies: ours },
      {
        name: BOTS.zero,
        trigger: 'job-complete',
        trigger_event: 'equal-to-revenue',
        companies: ours,
      },
      {
        name: BOTS.big,
        trigger: 'job-complete',
        trigger_event: 'greater-to-revenue',
        companies: ours,
      },
      ...[BOTS.flaky, BOTS.broken, BOTS.down, BOTS.hung].map((name) => ({
        name,
        trigger: 'recording-complete' as const,
        trigger_event: 'every' as const,
        companies: ours,
      })),
      {
        name: BOTS.notOurs,
        trigger: 'recording-complete',
        trigger_event: 'every',
        companies: [globexCompany],
      },
    ]);
  });
}, SLOW_TEST_TIMEOUT_MS);

const interaction = (number: string) => fx.interactions.find((i) => i.number === number)!;
const customerId = (name: string) => fx.customers.find((c) => c.name === name)!.id;
const interactionResultPath = (number: string) => {
  const i = interaction(number);
  return `/api/company/bot-result/interaction/${i.id}/${i.type}`;
};
const customerResultPath = (name: string) => `/api/company/bot-result/customer/${customerId(name)}`;

/** The body's id and type of a Run Bot request on an interaction or a customer. */
const onInteraction = (number: string) => {
  const i = interaction(number);
  return { id: i.id, type: i.type };
};
const onCustomer = (name: string) => ({ id: customerId(name), type: 'customer' });

async function runBots(email: string, body: { bot_ids: string[]; id: string; type: string }) {
  return (await as(email)).post('/api/company/bot-run', body);
}

/** A Run Bot request refused with 422 and the one message on `field`. */
async function expectRefused(
  email: string,
  body: { bot_ids: string[]; id: string; type: string },
  field: 'id' | 'bot_ids',
  message: string,
) {
  const res = await runBots(email, body);
  expect(res.status, res.text).toBe(422);
  expect(res.body.errors[field]).toEqual([message]);
}

async function runOn(number: string, names: string[], email = fx.accounts.admin) {
  const res = await runBots(email, {
    bot_ids: names.map((n) => bots[n]!.id),
    ...onInteraction(number),
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({ message: BOT_RUN_MESSAGES.started });
}

async function readResult(path: string, email = fx.accounts.admin): Promise<BotResult | null> {
  const res = await (await as(email)).get(path);
  expect(res.status, res.text).toBe(200);
  return botResultResponseSchema.parse(res.body).data;
}

/** Waits until the target's latest run has finished and answers it. */
function settled(path: string, email = fx.accounts.admin) {
  return waitFor(`the run of ${path} to finish`, async () => {
    const result = await readResult(path, email);
    return result && result.status !== 'running' ? result : undefined;
  });
}

const resultOf = (result: BotResult, name: string) => {
  const item = result.results.find((r) => r.bot_name === name);
  expect(item, `a result of ${name}`).toBeDefined();
  return item!;
};

describe('POST /api/company/bot-run over an interaction', () => {
  it(
    'runs the bot as a job over the transcript and answers the result with its evidence',
    async () => {
      const r101 = interaction('R-000101');
      fake.script(BOTS.visit, ({ transcript }) => quoting(transcript, 'leaking near the valve'));
      await runOn('R-000101', [BOTS.visit]);

      const result = await settled(interactionResultPath('R-000101'));
      const transcriptText = joinSegments(r101.segments);
      expect(fake.lastTranscript(BOTS.visit)?.text).toBe(transcriptText);
      expect(fake.lastTranscript(BOTS.visit)?.segments).toHaveLength(r101.segments.length);
      expect(result).toMatchObject({
        status: 'success',
        run_type: 'manual',
        run_by: 'Ina Admin',
        errorMessage: null,
        bot_result_error_message: null,
      });
      expect(result.executionTime).toBeGreaterThanOrEqual(0);
      const item = resultOf(result, BOTS.visit);
      expect(item).toMatchObject({
        bot_id: bots[BOTS.visit]!.id,
        bot_color: 'purple',
        bot_icon: botIcon('purple'),
        version: 1,
        status: 'success',
        error_message: null,
        run_type: 'manual',
        raw_response: 'Found: leaking near the valve',
      });
      const tags = gptResponseSchema.parse(JSON.parse(item.gpt_response!));
      expect(tags.unmatched_quotes).toBe(0);
      expect(tags.response_tags).toHaveLength(1);
      const [tag] = tags.response_tags;
      expect(transcriptText.slice(tag!.index_start, tag!.index_end)).toBe('leaking near the valve');
      expect(tag!.verdict).toBeNull();
      const output = outputTagSchema.array().parse(JSON.parse(item.output_tags!));
      expect(output[0]!.data).toBe('leaking near the valve');
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('answers {data: null} before any run', async () => {
    expect(await readResult(interactionResultPath('R-000102'))).toBeNull();
    expect(await readResult(customerResultPath('Kilo Dental'))).toBeNull();
  });

  it('refuses bots the company cannot run there with 422 on bot_ids, and creates nothing', async () => {
    const before = await readResult(interactionResultPath('R-000101'));
    const cases: [string[], string][] = [
      [[], MESSAGES.required],
      [[bots[BOTS.callEvery]!.id], BOT_RUN_MESSAGES.botNotSelectable],
      [[bots[BOTS.visit]!.id, bots[BOTS.jobEvery]!.id], BOT_RUN_MESSAGES.botNotSelectable],
      [[bots[BOTS.notOurs]!.id], BOT_RUN_MESSAGES.botNotAvailable],
      [['00000000-0000-4000-8000-000000000000'], BOT_RUN_MESSAGES.botNotAvailable],
    ];
    for (const [botIds, message] of cases) {
      await expectRefused(
        fx.accounts.admin,
        { bot_ids: botIds, ...onInteraction('R-000101') },
        'bot_ids',
        message,
      );
    }
    expect(await readResult(interactionResultPath('R-000101'))).toEqual(before);
  });

  it('refuses an interaction that is not completed with the Run Bot availability text', async () => {
    const cases: [string, string][] = [
      ['R-000104', BOTS.visit],
      ['CALL-9005', BOTS.callEvery], // terminated
    ];
    for (const [number, bot] of cases) {
      await expectRefused(
        fx.accounts.admin,
        { bot_ids: [bots[bot]!.id], ...onInteraction(number) },
        'id',
        RUN_BOT_BLOCKS.interactionNotCompleted,
      );
    }
  });

  it('answers 404 for unknown targets and other companies, 403 for publishers', async () => {
    const r101 = interaction('R-000101');
    const visit = [bots[BOTS.visit]!.id];
    const notFound = [
      { id: '00000000-0000-4000-8000-000000000000', type: 'field-recording' },
      { id: 'not-a-uuid', type: 'field-recording' },
      { id: r101.id, type: 'csr-call' },
      { id: '00000000-0000-4000-8000-000000000000', type: 'customer' },
    ];
    for (const target of notFound) {
      const res = await runBots(fx.accounts.admin, { bot_ids: visit, ...target });
      expect(res.status, JSON.stringify(target)).toBe(404);
    }
    const globex = await runBots(DEMO.globex.email, {
      bot_ids: visit,
      ...onInteraction('R-000101'),
    });
    expect(globex.status).toBe(404);
    expect(globex.body.message).toBe(AUTH_MESSAGES.notFound);
    const globexRead = await (await as(DEMO.globex.email)).get(interactionResultPath('R-000101'));
    expect(globexRead.status).toBe(404);
    const globexCustomer = await (
      await as(DEMO.globex.email)
    ).get(customerResultPath('Bravo Residence'));
    expect(globexCustomer.status).toBe(404);

    for (const email of [DEMO.publisher.email, DEMO.publisherUser.email]) {
      const run = await runBots(email, { bot_ids: visit, id: r101.id, type: r101.type });
      expect(run.status).toBe(403);
      const read = await (await as(email)).get(interactionResultPath('R-000101'));
      expect(read.status).toBe(403);
    }
  });

  it('limits a field technician to his own interactions and customers', async () => {
    // R-000201: tech2's job and recording.
    const res = await runBots(fx.accounts.tech1, {
      bot_ids: [bots[BOTS.visit]!.id],
      ...onInteraction('R-000201'),
    });
    expect(res.status).toBe(404);
    expect(
      (await (await as(fx.accounts.tech1)).get(interactionResultPath('R-000201'))).status,
    ).toBe(404);
    expect(
      (await (await as(fx.accounts.tech1)).get(customerResultPath('Bravo Residence'))).status,
    ).toBe(404);
    // tech1 may read the result of his own visit.
    expect((await readResult(interactionResultPath('R-000101'), fx.accounts.tech1))?.status).toBe(
      'success',
    );

    // His own booked call (on his job): runs, with the call-booked bot.
    await runOn('CALL-9001', [BOTS.callBooked], fx.accounts.tech1);
    const call = await settled(interactionResultPath('CALL-9001'), fx.accounts.tech1);
    expect(call.run_by).toBe('Tina Tech');
    expect(resultOf(call, BOTS.callBooked).status).toBe('success');
    // The call has a plain transcript without segments: that text is what the bot read.
    expect(fake.lastTranscript(BOTS.callBooked)?.text).toBe(interaction('CALL-9001').transcript);

    // A customer run needs a CRM-linked user; tech1 has none.
    await expectRefused(
      fx.accounts.tech1,
      { bot_ids: [bots[BOTS.jobEvery]!.id], ...onCustomer('Alpha Plumbing Co') },
      'id',
      RUN_BOT_BLOCKS.noCrmUser,
    );
  });
});

describe('bot-run jobs', () => {
  it(
    'retries a retryable engine failure and then succeeds',
    async () => {
      fake.script(BOTS.flaky, ({ transcript, attempt }) => {
        if (attempt === 1) throw retryable('The language model is busy.');
        return quoting(transcript, 'boiler');
      });
      await runOn('R-000101', [BOTS.flaky]);
      const result = await settled(interactionResultPath('R-000101'));
      expect(result.status).toBe('success');
      expect(resultOf(result, BOTS.flaky).status).toBe('success');
      expect(fake.calls(BOTS.flaky)).toBe(2);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'fails a result at once on a non-retryable failure; the run is completed when others succeeded',
    async () => {
      fake.script(BOTS.broken, () => {
        throw final('The model refused to answer.');
      });
      await runOn('R-000101', [BOTS.broken, BOTS.visit]);
      const result = await settled(interactionResultPath('R-000101'));
      expect(fake.calls(BOTS.broken)).toBe(1);
      expect(result.status).toBe('completed');
      expect(result.errorMessage).toBe('The model refused to answer.');
      expect(result.bot_result_error_message).toBeNull();
      expect(resultOf(result, BOTS.broken)).toMatchObject({
        status: 'failed',
        error_message: 'The model refused to answer.',
        raw_response: null,
        gpt_response: null,
      });
      expect(resultOf(result, BOTS.visit).status).toBe('success');
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'fails the result with the message of the last attempt when every retry fails',
    async () => {
      fake.script(BOTS.down, () => {
        throw retryable('The language model did not answer in time.');
      });
      await runOn('R-000101', [BOTS.down]);
      const result = await settled(interactionResultPath('R-000101'));
      expect(fake.calls(BOTS.down)).toBe(3); // the first attempt and two retries
      expect(result.status).toBe('failed');
      expect(result.bot_result_error_message).toBe('The language model did not answer in time.');
      expect(resultOf(result, BOTS.down).error_message).toBe(
        'The language model did not answer in time.',
      );
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'does nothing for a duplicated job: one result, one usage row, no second engine call',
    async () => {
      const result = await readResult(interactionResultPath('R-000101'));
      const visit = resultOf(result!, BOTS.visit);
      const callsBefore = fake.calls(BOTS.visit);
      await t.inspect((q) =>
        q(
          `INSERT INTO pgboss.job (name, id, data) VALUES ('bot-run', gen_random_uuid(), $1::jsonb)`,
          [JSON.stringify({ resultId: visit.id })],
        ),
      );
      const counts = await waitFor('the duplicate job to be worked', () =>
        t.inspect(async (q) => {
          const [pending] = await q(
            `SELECT count(*)::int AS n FROM pgboss.job
             WHERE name = 'bot-run' AND data->>'resultId' = $1 AND state <> 'completed'`,
            [visit.id],
          );
          if (Number(pending!.n) > 0) return undefined;
          const [row] = await q(
            `SELECT (SELECT count(*)::int FROM bot_usage WHERE result_id = $1::uuid) AS usage,
                    (SELECT count(*)::int FROM bot_results WHERE run_id =
                       (SELECT run_id FROM bot_results WHERE id = $1::uuid)
                       AND bot_id = $2) AS results,
                    (SELECT count(*)::int FROM pgboss.job
                       WHERE name = 'bot-run' AND data->>'resultId' = $1::text) AS jobs`,
            [visit.id, bots[BOTS.visit]!.id],
          );
          return row;
        }),
      );
      expect(counts).toEqual({ usage: 1, results: 1, jobs: 2 });
      expect(fake.calls(BOTS.visit)).toBe(callsBefore);
      const after = await readResult(interactionResultPath('R-000101'));
      expect(resultOf(after!, BOTS.visit)).toEqual(visit);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'finishes exactly once when a hung attempt is given up and the job runs again',
    async () => {
      const hung = gate();
      fake.script(BOTS.hung, async ({ transcript, attempt }) => {
        if (attempt === 1) {
          // Like a worker that stopped answering: pg-boss gives up on it after the expiry.
          await hung.opened;
          return quoting(transcript, 'boiler', 'first attempt');
        }
        return quoting(transcript, 'boiler', 'second attempt');
      });
      await runOn('R-000101', [BOTS.hung]);
      const result = await settled(interactionResultPath('R-000101'));
      expect(resultOf(result, BOTS.hung)).toMatchObject({
        status: 'success',
        raw_response: 'second attempt',
      });
      // The first attempt comes back late: it must change nothing.
      hung.open();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const id = resultOf(result, BOTS.hung).id;
      const [usage] = await t.inspect((q) =>
        q(`SELECT count(*)::int AS n FROM bot_usage WHERE result_id = $1`, [id]),
      );
      expect(usage!.n).toBe(1);
      expect(fake.calls(BOTS.hung)).toBe(2);
      const after = await readResult(interactionResultPath('R-000101'));
      expect(resultOf(after!, BOTS.hung).raw_response).toBe('second attempt');
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('customer-level runs', () => {
  it('applies the customer page availability rules', async () => {
    const cases: [string, string, string, 'id' | 'bot_ids', string][] = [
      [fx.accounts.admin, BOTS.jobEvery, 'Hotel Grand', 'id', RUN_BOT_BLOCKS.noJobs],
      [
        fx.accounts.admin,
        BOTS.jobEvery,
        'Delta Offices',
        'id',
        RUN_BOT_BLOCKS.unfinishedInteractions,
      ],
      [fx.accounts.manager, BOTS.jobEvery, 'Bravo Residence', 'id', RUN_BOT_BLOCKS.noCrmUser],
      [
        fx.accounts.admin,
        BOTS.visit,
        'Bravo Residence',
        'bot_ids',
        BOT_RUN_MESSAGES.botNotSelectableForCustomer,
      ],
    ];
    for (const [email, bot, customer, field, message] of cases) {
      await expectRefused(
        email,
        { bot_ids: [bots[bot]!.id], ...onCustomer(customer) },
        field,
        message,
      );
    }
  });

  it(
    'runs over the customer transcripts, refuses a second run while one runs, double-encodes gpt_response',
    async () => {
      const held = gate();
      fake.script(BOTS.zero, async ({ transcript }) => {
        await held.opened;
        return quoting(transcript, 'kitchen sink');
      });
      const body = {
        bot_ids: [bots[BOTS.zero]!.id, bots[BOTS.jobEvery]!.id],
        ...onCustomer('Bravo Residence'),
      };
      expect((await runBots(fx.accounts.admin, body)).status).toBe(200);
      const again = await runBots(fx.accounts.admin, body);
      expect(again.status).toBe(422);
      expect(again.body.errors.id).toEqual([RUN_BOT_BLOCKS.running]);
      const running = await readResult(customerResultPath('Bravo Residence'));
      expect(running?.status).toBe('running');
      expect(running?.executionTime).toBeNull();
      held.open();

      const result = await settled(customerResultPath('Bravo Residence'));
      expect(result.status).toBe('success');
      const zero = resultOf(result, BOTS.zero);
      const decoded: unknown = JSON.parse(zero.gpt_response!);
      expect(typeof decoded).toBe('string');
      const tags = gptResponseSchema.parse(JSON.parse(decoded as string));
      const text = joinSegments(interaction('R-000201').segments);
      expect(fake.lastTranscript(BOTS.zero)?.text).toBe(text);
      expect(text.slice(tags.response_tags[0]!.index_start, tags.response_tags[0]!.index_end)).toBe(
        'kitchen sink',
      );
      // Output tags are JSON text once, as on the interaction route.
      expect(outputTagSchema.array().parse(JSON.parse(zero.output_tags!))[0]!.data).toBe(
        'kitchen sink',
      );
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'fails a customer run readably when the customer has no transcript',
    async () => {
      const res = await runBots(fx.accounts.admin, {
        bot_ids: [bots[BOTS.jobEvery]!.id],
        ...onCustomer('Alpha Plumbing Co'),
      });
      expect(res.status, res.text).toBe(200);
      const result = await settled(customerResultPath('Alpha Plumbing Co'));
      expect(result.status).toBe('failed');
      expect(result.bot_result_error_message).toBe(BOT_RUN_MESSAGES.noCustomerTranscript);
      expect(resultOf(result, BOTS.jobEvery).error_message).toBe(
        BOT_RUN_MESSAGES.noCustomerTranscript,
      );
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('automation', () => {
  it(
    'runs the call-booked and every bots once when a booked call completes',
    async () => {
      const call = interaction('CALL-9001');
      const event = {
        interaction_id: call.id,
        company_id: fx.companyId,
        customer_id: call.customer,
        job_id: null,
        type: 'csr-call',
        call_type: 'Booked',
      };
      await t.inspect((q) => publishEvent(q, 'interaction.completed', call.id, event));
      const result = await waitFor('the automatic run', async () => {
        const r = await readResult(interactionResultPath('CALL-9001'));
        return r && r.run_type === 'automatic' && r.status !== 'running' ? r : undefined;
      });
      expect(result.run_by).toBe(AUTOMATION_RUN_BY);
      expect(result.status).toBe('success');
      const automatic = result.results.filter((r) => r.run_type === 'automatic');
      expect(automatic.map((r) => r.bot_name).sort()).toEqual([BOTS.callBooked, BOTS.callEvery]);

      // Redelivered as another job (a retry after a crash): the dedupe key finds the run.
      const runs = await t.inspect(async (q) => {
        await publishEvent(
          q,
          'interaction.completed',
          '00000000-0000-4000-8000-00000000c001',
          event,
        );
        return q(`SELECT id FROM bot_runs WHERE dedupe_key = $1`, [
          `interaction.completed:${call.id}`,
        ]);
      });
      expect(runs).toHaveLength(1);
      await waitFor('the redelivered event to be worked', () =>
        t.inspect(async (q) => {
          const [row] = await q(
            `SELECT count(*)::int AS n FROM pgboss.job
             WHERE name = 'bot-automation-interaction-completed' AND state <> 'completed'`,
          );
          return Number(row!.n) === 0 ? true : undefined;
        }),
      );
      const [count] = await t.inspect((q) =>
        q(
          `SELECT count(*)::int AS runs,
             (SELECT count(*)::int FROM bot_results WHERE run_id = $2) AS results
           FROM bot_runs WHERE dedupe_key = $1`,
          [`interaction.completed:${call.id}`, runs[0]!.id],
        ),
      );
      expect(count).toEqual({ runs: 1, results: 2 });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'completes jobs with exact revenue, publishes job.completed, and runs the bots its revenue selects',
    async () => {
      const jobIds = await t.inspect(async (q) => {
        const rows = await q(
          `SELECT job_number, id FROM jobs WHERE company_id = $1 AND job_number IN ('J-5002', 'J-5003', 'J-5012')`,
          [fx.companyId],
        );
        return Object.fromEntries(rows.map((r) => [String(r.job_number), String(r.id)]));
      });
      const published: JobCompletedEvent[] = [];
      const boss = {
        publish: async (_event: string, data: object) => {
          published.push(data as JobCompletedEvent);
        },
      };
      const stored = await withDb(t, async (db) => {
        await completeJob({ db, boss }, jobIds['J-5002']!, 0);
        await completeJob({ db, boss }, jobIds['J-5003']!, 1_000_001);
        await completeJob({ db, boss }, jobIds['J-5012']!, 1_000_000);
        // Completing again keeps the job as it is and publishes the same (deduplicated) event.
        await completeJob({ db, boss }, jobIds['J-5012']!, 1_000_000);
        return db.query.jobs.findMany({
          columns: { jobNumber: true, status: true, revenue: true },
          where: (jobs, { inArray }) => inArray(jobs.id, Object.values(jobIds)),
          orderBy: (jobs, { asc }) => asc(jobs.jobNumber),
        });
      });
      expect(stored).toEqual([
        { jobNumber: 'J-5002', status: 'completed', revenue: '0.00' },
        { jobNumber: 'J-5003', status: 'completed', revenue: '10000.01' },
        { jobNumber: 'J-5012', status: 'completed', revenue: '10000.00' },
      ]);
      expect(published.map((e) => e.revenue_cents)).toEqual([0, 1_000_001, 1_000_000, 1_000_000]);
      expect(published[0]).toEqual({
        job_id: jobIds['J-5002'],
        company_id: fx.companyId,
        customer_id: customerId('Bravo Residence'),
        revenue_cents: 0,
      });

      await t.inspect(async (q) => {
        for (const event of published) {
          await publishEvent(q, 'job.completed', event.job_id, event);
        }
      });
      const selected = await waitFor('the automatic job runs', () =>
        t.inspect(async (q) => {
          const rows = await q(
            `SELECT r.dedupe_key, r.run_type, r.run_by_id, r.customer_id,
                    array_agg(v.name ORDER BY v.name) AS bots
             FROM bot_runs r JOIN bot_results b ON b.run_id = r.id
             JOIN bot_versions v ON v.id = b.version_id
             WHERE r.dedupe_key LIKE 'job.completed:%' GROUP BY r.id`,
          );
          return rows.length === 3 ? rows : undefined;
        }),
      );
      const byJob = Object.fromEntries(selected.map((r) => [String(r.dedupe_key), r]));
      expect(byJob[`job.completed:${jobIds['J-5002']}`]).toMatchObject({
        run_type: 'automatic',
        run_by_id: null,
        customer_id: customerId('Bravo Residence'),
        bots: [BOTS.jobEvery, BOTS.zero],
      });
      expect(byJob[`job.completed:${jobIds['J-5003']}`]!.bots).toEqual([BOTS.big, BOTS.jobEvery]);
      expect(byJob[`job.completed:${jobIds['J-5012']}`]!.bots).toEqual([BOTS.jobEvery]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('PUT /api/company/bot-result/{resultId}/feedback', () => {
  it(
    'marks a response tag for admins and managers, with 422 beyond the tags',
    async () => {
      const result = await readResult(interactionResultPath('R-000101'));
      const visit = resultOf(result!, BOTS.visit);
      const path = `/api/company/bot-result/${visit.id}/feedback`;
      const verdictOf = async () => {
        const r = await readResult(interactionResultPath('R-000101'));
        return gptResponseSchema.parse(JSON.parse(resultOf(r!, BOTS.visit).gpt_response!))
          .response_tags[0]!.verdict;
      };

      const mark = async (email: string, tag_position: number, verdict: string | null) =>
        (await as(email)).put(path, { tag_position, verdict });

      const marked = await mark(fx.accounts.manager, 0, 'correct');
      expect(marked.status, marked.text).toBe(200);
      expect(marked.body).toEqual({ message: BOT_RUN_MESSAGES.feedbackSaved });
      expect(await verdictOf()).toBe('correct');

      expect((await mark(fx.accounts.admin, 0, 'wrong')).status).toBe(200);
      expect(await verdictOf()).toBe('wrong');

      const beyond = await mark(fx.accounts.admin, 1, 'wrong');
      expect(beyond.status).toBe(422);
      expect(beyond.body.errors.tag_position).toEqual([BOT_RUN_MESSAGES.tagPositionOutOfRange]);

      expect((await mark(fx.accounts.tech1, 0, null)).status).toBe(403);
      expect((await mark(DEMO.globex.email, 0, null)).status).toBe(404);
      expect(await verdictOf()).toBe('wrong');

      const [row] = await t.inspect((q) =>
        q(`SELECT version_id FROM bot_result_feedback WHERE result_id = $1`, [visit.id]),
      );
      expect(row!.version_id).toBe(bots[BOTS.visit]!.versionId);

      expect((await mark(fx.accounts.admin, 0, null)).status).toBe(200);
      expect(await verdictOf()).toBeNull();
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('GET /api/data?items=company_bots,bot_icons', () => {
  it("lists the caller company's bots at their pinned versions, and every icon", async () => {
    const res = await (
      await as(fx.accounts.tech1)
    ).get('/api/data', {
      query: { items: 'company_bots,bot_icons' },
    });
    expect(res.status, res.text).toBe(200);
    const data = dataResponseSchema.parse(res.body).data;
    const names = data.company_bots!.map((b) => b.name);
    expect(names).toHaveLength(Object.keys(BOTS).length - 1);
    expect(names).not.toContain(BOTS.notOurs);
    expect(data.company_bots!.find((b) => b.name === BOTS.visit)).toEqual({
      id: bots[BOTS.visit]!.id,
      name: BOTS.visit,
      trigger: 'recording-complete',
      trigger_event: 'every',
      color: 'purple',
      icon: botIcon('purple'),
      version: 1,
      latest_version: 1,
    });
    expect(data.bot_icons).toHaveLength(7 * 2 * BOT_ICON_FORMATS.length);
    expect(data.bot_icons).toContainEqual({
      color: 'lightblue',
      theme: 'dark',
      format: 'optimized-gif',
      url: botIconPath('lightblue', 'dark', 'optimized-gif'),
    });

    const globex = await (
      await as(DEMO.globex.email)
    ).get('/api/data', {
      query: { items: 'company_bots' },
    });
    expect(globex.body.data.company_bots.map((b: { name: string }) => b.name)).toContain(
      BOTS.notOurs,
    );
    const publisher = await (
      await as(DEMO.publisher.email)
    ).get('/api/data', {
      query: { items: 'company_bots' },
    });
    expect(publisher.body.data.company_bots).toEqual([]);
  });
});
