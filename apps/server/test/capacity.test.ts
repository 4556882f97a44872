import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  BOT_RUN_MESSAGES,
  COMPANY_MESSAGES,
  HOLD_LABELS,
  MESSAGES,
  botResultResponseSchema,
  capacityStatusResponseSchema,
  interactionDetailResponseSchema,
  periodOf,
  userResponseSchema,
  type BotResult,
  type CapacityStatus,
} from '@fieldbot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBots, publishEvent, quoting, type InsertedBot } from './support/bots';
import { useBotTestApp } from './support/bot-test-app';
import { DEMO } from './support/demo';
import { startFakeSttServer, type FakeSttServer } from './support/fake-stt-server';
import { insertCall, keyOf, renderAudio, uploadFile, waitFor } from './support/recordings';
import { SLOW_TEST_TIMEOUT_MS, type SqlQuery } from './support/test-app';

// Soft/hard capacity over HTTP, with the pg-boss jobs running inside the test server.
// A recorded minute costs $1 here, so spend is set exactly by inserting recorded seconds.

const env: Record<string, string> = {
  BILLING_PRICE_PER_MINUTE_CENTS: '100',
  CAPACITY_CHECK_SECONDS: '1',
  // Every job measures the spend afresh, so a test never waits out a cached verdict.
  CAPACITY_HOLD_CACHE_MS: '0',
  STT_API_KEY: 'test-stt-key',
  PIPELINE_RETRY_LIMIT: '1',
  PIPELINE_RETRY_DELAY_SECONDS: '0',
};
let stt: FakeSttServer;
beforeAll(async () => {
  stt = await startFakeSttServer();
  env.STT_BASE_URL = stt.baseUrl;
});
const { fake, t, fx, as } = useBotTestApp(env);
afterAll(async () => {
  await stt.close();
});

const VISIT = 'Capacity Visit Notes';
let visit: InsertedBot;

beforeAll(async () => {
  await t.inspect(async (q) => {
    const inserted = await insertBots(q, [
      {
        name: VISIT,
        trigger: 'recording-complete',
        trigger_event: 'every',
        companies: [fx.companyId],
      },
    ]);
    visit = inserted[VISIT]!;
  });
}, SLOW_TEST_TIMEOUT_MS);

const admin = () => as(fx.accounts.admin);
const interaction = (number: string) => fx.interactions.find((i) => i.number === number)!;

async function capacity(email = fx.accounts.admin): Promise<CapacityStatus> {
  const res = await (await as(email)).get('/api/company/capacity');
  expect(res.status, res.text).toBe(200);
  return capacityStatusResponseSchema.parse(res.body).data;
}

async function setLimits(soft: number, hard: number | null) {
  const res = await (
    await admin()
  ).post('/api/company/update', {
    soft_capacity: soft,
    hard_capacity: hard,
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({ message: BILLING_MESSAGES.limitUpdated });
}

/** Recorded seconds metered now for the company (one usage row on an interaction of its own). */
async function addRecordedSeconds(q: SqlQuery, seconds: number, companyId = fx.companyId) {
  const [customer] = await q(`SELECT id FROM customers WHERE company_id = $1 LIMIT 1`, [companyId]);
  const [row] = await q(
    `INSERT INTO interactions (company_id, customer_id, number, type, status)
     VALUES ($1, $2, $3, 'field-recording', 'completed') RETURNING id`,
    [companyId, customer!.id, `U-${randomUUID().slice(0, 12)}`],
  );
  await q(`INSERT INTO usage_records (company_id, interaction_id, seconds) VALUES ($1, $2, $3)`, [
    companyId,
    row!.id,
    seconds,
  ]);
}

/** Raises the spend to exactly `cents` of recorded minutes (bot runs add fractions on top). */
async function spendAtLeast(cents: number) {
  const now = await capacity();
  const missing = cents - now.spent_cents;
  if (missing > 0) await t.inspect((q) => addRecordedSeconds(q, Math.ceil(missing / 100) * 60));
  return capacity();
}

/**
 * Waits until `n` more periodic capacity passes have finished (one a second here), so whatever a
 * pass would resume or send, it has: proof by the passes themselves, not by a wait.
 */
async function periodicPasses(n: number) {
  const finished = async () => {
    const [row] = await t.inspect((q) =>
      q(
        `SELECT count(*)::int AS n FROM pgboss.job
         WHERE name = 'capacity-check' AND singleton_key = 'all' AND state = 'completed'`,
      ),
    );
    return Number(row!.n);
  };
  const before = await finished();
  await waitFor(`${n} capacity passes`, async () =>
    (await finished()) >= before + n ? true : undefined,
  );
}

async function readResult(path: string): Promise<BotResult | null> {
  const res = await (await admin()).get(path);
  expect(res.status, res.text).toBe(200);
  return botResultResponseSchema.parse(res.body).data;
}
const resultPath = (number: string) => {
  const i = interaction(number);
  return `/api/company/bot-result/interaction/${i.id}/${i.type}`;
};

describe('POST /api/company/update with the capacity form', () => {
  it(
    'refuses the spec §5 rules with 422 on the field and changes nothing',
    async () => {
      const client = await admin();
      const before = await capacity();
      const cases: [object, string, string][] = [
        [{ hard_capacity: 100 }, 'soft_capacity', MESSAGES.required],
        [{ soft_capacity: null, hard_capacity: null }, 'soft_capacity', MESSAGES.required],
        [
          { soft_capacity: 100, hard_capacity: 100 },
          'hard_capacity',
          BILLING_MESSAGES.hardGreaterThanSoft,
        ],
        [
          { soft_capacity: 100, hard_capacity: 50 },
          'hard_capacity',
          BILLING_MESSAGES.hardGreaterThanSoft,
        ],
        [{ soft_capacity: -5, hard_capacity: null }, 'soft_capacity', MESSAGES.invalidValue],
        [{ soft_capacity: 'ten', hard_capacity: null }, 'soft_capacity', MESSAGES.required],
        [{ soft_capacity: 10, hard_capacity: -1 }, 'hard_capacity', MESSAGES.invalidValue],
        // Stored as integer cents: a fraction of a cent is refused, not rounded away.
        [
          { soft_capacity: 0.505, hard_capacity: null },
          'soft_capacity',
          BILLING_MESSAGES.wholeCents,
        ],
        [
          { soft_capacity: 10, hard_capacity: 20.001 },
          'hard_capacity',
          BILLING_MESSAGES.wholeCents,
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await client.post('/api/company/update', body);
        expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(422);
        expect(res.body.errors[field]).toEqual([message]);
      }
      expect(await capacity()).toEqual(before);
      expect(before).toMatchObject({ soft_capacity: null, hard_capacity: null, hold: null });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('saves soft and hard (empty hard as null) with the spec message; company info keeps its own', async () => {
    const client = await admin();
    await setLimits(0.5, 500.5);
    expect(await capacity()).toMatchObject({ soft_capacity: 0.5, hard_capacity: 500.5 });
    await t.inspect(async (q) => {
      const [row] = await q(
        `SELECT soft_capacity_cents, hard_capacity_cents FROM companies WHERE id = $1`,
        [fx.companyId],
      );
      expect(row).toEqual({ soft_capacity_cents: 50, hard_capacity_cents: 50_050 });
    });
    await setLimits(40, 60.5);
    let status = await capacity();
    expect(status).toMatchObject({ soft_capacity: 40, hard_capacity: 60.5, hold: null });
    const me = userResponseSchema.parse((await client.get('/api/user/me')).body).data;
    expect(me.company).toMatchObject({ soft_capacity: 40, hard_capacity: 60.5 });

    await setLimits(1000, null);
    status = await capacity();
    expect(status).toMatchObject({ soft_capacity: 1000, hard_capacity: null });

    const info = await client.post('/api/company/update', { field_team_process: 'Arrive early.' });
    expect(info.status, info.text).toBe(200);
    expect(info.body).toEqual({ message: COMPANY_MESSAGES.updated });
    expect(await capacity()).toMatchObject({ soft_capacity: 1000, hard_capacity: null });
  });

  it(
    'is the company admin’s own: other roles are refused, another company sees its own limits',
    async () => {
      for (const email of [fx.accounts.manager, fx.accounts.tech1, DEMO.publisher.email]) {
        const client = await as(email);
        const get = await client.get('/api/company/capacity');
        expect(get.status, `${email}: ${get.text}`).toBe(403);
        const post = await client.post('/api/company/update', {
          soft_capacity: 1,
          hard_capacity: null,
        });
        expect(post.status, `${email}: ${post.text}`).toBe(403);
      }
      const anonymous = await t.client().get('/api/company/capacity');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe(AUTH_MESSAGES.unauthenticated);

      const other = await capacity(DEMO.globex.email);
      expect(other.soft_capacity).not.toBe(1000);
      expect(other.paused_items).toBe(0);
      expect(await capacity()).toMatchObject({ soft_capacity: 1000, hard_capacity: null });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('soft capacity e-mails', () => {
  it(
    'mails the company admins at 50 %, 80 % and 100 % of soft, each once a month',
    async () => {
      const subjects = async (email: string) =>
        (await t.outbox.mailsTo(email))
          .map((m) => (m.json as { subject: string }).subject)
          .filter((s) => s.startsWith('Soft capacity'));
      const start = await capacity();
      expect(start.spent_cents).toBe(0);
      expect(start.period).toBe(periodOf(new Date(), 'America/New_York'));
      await setLimits(10, null); // $10 = 1,000 cents

      const month = start.period;
      /** Adds `minutes` recorded minutes and waits for the e-mail of `percent`. */
      const step = async (minutes: number, percent: number) => {
        await t.inspect((q) => addRecordedSeconds(q, minutes * 60));
        await waitFor(`the ${percent}% e-mail`, async () =>
          (await subjects(fx.accounts.admin)).some((s) => s.startsWith(`Soft capacity ${percent}%`))
            ? true
            : undefined,
        );
      };
      await step(5, 50); // 500 of 1,000 cents
      expect(await capacity()).toMatchObject({
        spent_cents: 500,
        minutes_cents: 500,
        bot_runs_cents: 0,
      });
      await step(3, 80);
      await step(2, 100);
      expect((await capacity()).spent_cents).toBe(1000);

      // More checks (a limit save queues one; the periodic pass runs every second) send nothing new.
      await setLimits(10, null);
      await periodicPasses(2);
      const mails = await subjects(fx.accounts.admin);
      expect(mails.filter((s) => s.startsWith('Soft capacity 50%'))).toHaveLength(1);
      expect(mails.filter((s) => s.startsWith('Soft capacity 80%'))).toHaveLength(1);
      expect(mails.filter((s) => s.startsWith('Soft capacity 100%'))).toHaveLength(1);
      expect(mails).toHaveLength(3);
      const full = (await t.outbox.mailsTo(fx.accounts.admin)).find((m) =>
        (m.json as { subject: string }).subject.startsWith('Soft capacity 100%'),
      )!;
      expect(full.content).toContain('$10.00');
      // Admins only: the manager and the technicians get none.
      for (const email of [fx.accounts.manager, fx.accounts.tech1]) {
        expect(await subjects(email)).toEqual([]);
      }
      const alerts = await t.inspect((q) =>
        q(
          `SELECT period, threshold FROM capacity_alerts WHERE company_id = $1 ORDER BY threshold`,
          [fx.companyId],
        ),
      );
      expect(alerts).toEqual([
        { period: month, threshold: 50 },
        { period: month, threshold: 80 },
        { period: month, threshold: 100 },
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('hard capacity', () => {
  it(
    'queues a bot run requested at the hard limit as paused, shows it, and runs it once after a raise',
    async () => {
      await setLimits(10, 15);
      const reached = await spendAtLeast(1500);
      expect(reached.hold).toBe('hard_capacity');
      const callsBefore = fake.calls(VISIT);
      fake.script(VISIT, ({ transcript }) => quoting(transcript, 'leaking near the valve'));

      const res = await (
        await admin()
      ).post('/api/company/bot-run', {
        bot_ids: [visit.id],
        id: interaction('R-000101').id,
        type: 'field-recording',
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ message: BOT_RUN_MESSAGES.started });

      const paused = await waitFor('the paused result', async () => {
        const result = await readResult(resultPath('R-000101'));
        return result?.results[0]?.paused_reason ? result : undefined;
      });
      expect(paused).toMatchObject({
        status: 'running',
        paused_reason: 'hard_capacity',
        paused_message: HOLD_LABELS.hard_capacity,
      });
      expect(paused.results[0]).toMatchObject({
        bot_name: VISIT,
        status: 'running',
        paused_reason: 'hard_capacity',
        paused_message: 'paused: hard capacity reached',
      });
      // Periodic passes keep it paused while the hold lasts: nothing runs, nothing is dropped.
      await periodicPasses(2);
      expect(fake.calls(VISIT)).toBe(callsBefore);
      expect(await capacity()).toMatchObject({ hold: 'hard_capacity', paused_items: 1 });

      await setLimits(10, 100);
      const done = await waitFor('the resumed run', async () => {
        const result = await readResult(resultPath('R-000101'));
        return result && result.status !== 'running' ? result : undefined;
      });
      expect(done.status).toBe('success');
      expect(done.paused_reason).toBeUndefined();
      expect(done.results[0]).toMatchObject({ status: 'success', bot_name: VISIT });
      expect(done.results[0]!.paused_reason).toBeUndefined();
      expect(fake.calls(VISIT)).toBe(callsBefore + 1);

      // Exactly once: one result, one metered usage row, even after more checks.
      await setLimits(10, 100);
      await periodicPasses(2);
      expect(fake.calls(VISIT)).toBe(callsBefore + 1);
      const rows = await t.inspect((q) =>
        q(
          `SELECT b.status, b.paused_reason, (SELECT count(*)::int FROM bot_usage u WHERE u.result_id = b.id) AS usage
           FROM bot_results b JOIN bot_runs r ON r.id = b.run_id WHERE r.interaction_id = $1`,
          [interaction('R-000101').id],
        ),
      );
      expect(rows).toEqual([{ status: 'success', paused_reason: null, usage: 1 }]);
      expect(await capacity()).toMatchObject({ hold: null, paused_items: 0 });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'pauses the transcription of a new interaction (accepted, merged) and resumes it after a raise',
    async () => {
      const client = await admin();
      const spent = (await capacity()).spent_cents;
      // A hard limit just under the spend: on hold.
      await setLimits(1, Math.max(2, Math.floor(spent / 100) - 1));
      expect((await capacity()).hold).toBe('hard_capacity');

      const stored = await uploadFile(
        client,
        await renderAudio('sine=frequency=330:duration=2', 'ogg'),
        'call.ogg',
        'audio/ogg',
      );
      const customer = fx.customers.find((c) => c.name === 'Delta Offices')!.id;
      const call = await t.inspect((q) =>
        insertCall(q, fx.companyId, customer, null, `storage:${keyOf(stored)}`),
      );
      const sttBefore = stt.requests.length;
      const download = await client.post('/api/company/call/download', {
        call_ids: [call],
        company_id: fx.companyId,
      });
      expect(download.status, download.text).toBe(200);

      const detailOf = async () => {
        const res = await client.get(`/api/company/interaction/${call}/csr-call`);
        expect(res.status, res.text).toBe(200);
        return interactionDetailResponseSchema.parse(res.body).data;
      };
      await waitFor('the paused interaction', async () =>
        (await detailOf()).status === 'paused' ? true : undefined,
      );
      const paused = await detailOf();
      expect(paused.audio_merge_status).not.toBe('error');
      expect(paused.transcript_status).toBe('in-progress');
      await periodicPasses(2);
      expect(stt.requests.length).toBe(sttBefore);
      const status = await capacity();
      expect(status).toMatchObject({ hold: 'hard_capacity', paused_items: 1 });
      const [row] = await t.inspect((q) =>
        q(`SELECT status, paused_reason FROM interactions WHERE id = $1`, [call]),
      );
      expect(row).toEqual({ status: 'paused', paused_reason: 'hard_capacity' });

      await setLimits(1, 100_000);
      await waitFor('the resumed transcription', async () =>
        (await detailOf()).status === 'completed' ? true : undefined,
      );
      const done = await detailOf();
      expect(done.transcript_status).toBe('completed');
      expect(stt.requests.length).toBe(sttBefore + 1);
      const [after] = await t.inspect((q) =>
        q(`SELECT status, paused_reason FROM interactions WHERE id = $1`, [call]),
      );
      expect(after).toEqual({ status: 'completed', paused_reason: null });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('payment due', () => {
  it(
    'holds automatic bot runs while payment is due and runs them once it is paid',
    async () => {
      const r102 = interaction('R-000102');
      const callsBefore = fake.calls(VISIT);
      await t.inspect((q) =>
        q(`UPDATE companies SET is_payment_due = true WHERE id = $1`, [fx.companyId]),
      );
      // A worker reuses a "not on hold" verdict this long.
      await t.inspect(async (q) => {
        await publishEvent(q, 'interaction.completed', r102.id, {
          interaction_id: r102.id,
          company_id: fx.companyId,
          customer_id: r102.customer,
          job_id: null,
          type: 'field-recording',
          call_type: null,
        });
      });
      const paused = await waitFor('the paused automatic result', () =>
        t.inspect(async (q) => {
          const rows = await q(
            `SELECT b.status, b.paused_reason FROM bot_results b JOIN bot_runs r ON r.id = b.run_id
             WHERE r.interaction_id = $1`,
            [r102.id],
          );
          return rows[0]?.paused_reason ? rows : undefined;
        }),
      );
      expect(paused).toEqual([{ status: 'running', paused_reason: 'payment_due' }]);
      // The capacity page stays open to the admin while payment is due.
      expect(await capacity()).toMatchObject({ hold: 'payment_due', paused_items: 1 });
      // Company routes answer the payment-due 401 meanwhile.
      const locked = await (await admin()).get(resultPath('R-000102'));
      expect(locked.status).toBe(401);
      expect(locked.body.is_payment_due).toBe(1);
      expect(fake.calls(VISIT)).toBe(callsBefore);

      // Paid: the periodic check resumes it without anyone saving a limit.
      await t.inspect((q) =>
        q(`UPDATE companies SET is_payment_due = false WHERE id = $1`, [fx.companyId]),
      );
      const done = await waitFor('the resumed automatic run', async () => {
        const result = await readResult(resultPath('R-000102'));
        return result && result.status !== 'running' ? result : undefined;
      });
      expect(done.status).toBe('success');
      expect(done.run_type).toBe('automatic');
      expect(fake.calls(VISIT)).toBe(callsBefore + 1);
      expect(await capacity()).toMatchObject({ hold: null, paused_items: 0 });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
