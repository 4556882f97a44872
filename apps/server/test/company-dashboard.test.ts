import { randomUUID } from 'node:crypto';
import {
  EMPTY_COMPANY_TOTALS,
  MESSAGES,
  capacityStatusResponseSchema,
  companyDashboardPath,
  companyDashboardResponseSchema,
  companyTotalsSchema,
  monthPeriod,
  periodMonth,
  periodOf,
  periodRange,
  previousMonth,
  toMonthValue,
  type CompanyDashboard,
  type CompanyTotals,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_TECHNICIAN } from '../src/db/schema';
import { insertBots } from './support/bots';
import { DEMO } from './support/demo';
import {
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
  type SqlQuery,
} from './support/test-app';

/**
 * The company dashboard over HTTP on a company of its own (Pacific time), seeded
 * with hand-made rows around the boundary of this month and the one before. Every base count must
 * equal a straight SQL count over the raw tables for the same local month.
 */
const t = useTestApp();
const as = signedInClients(t);

const ZONE = 'America/Los_Angeles';
const ZONE_ID = 4;
const HOUR = 3_600_000;
const suffix = randomUUID().slice(0, 8);
const accounts = {
  admin: `dash.admin.${suffix}@example.test`,
  manager: `dash.manager.${suffix}@example.test`,
  tech1: `dash.tech1.${suffix}@example.test`,
  tech2: `dash.tech2.${suffix}@example.test`,
};

const thisMonth = periodMonth(periodOf(new Date(), ZONE));
const lastMonth = previousMonth(thisMonth);
const current = periodRange(monthPeriod(thisMonth), ZONE);
const previous = periodRange(monthPeriod(lastMonth), ZONE);
/** An instant `hours` after the start of this month (local midnight on the 1st). */
const at = (hours: number) => new Date(current.start.getTime() + hours * HOUR).toISOString();

let companyId: string;
let globexId: string;
const users: Record<'tech1' | 'tech2', string> = { tech1: '', tech2: '' };
const jobs: Record<string, string> = {};
const recs: Record<string, string> = {};

async function insertUser(q: SqlQuery, email: string, name: string, role: string) {
  const [row] = await q(
    `INSERT INTO users (name, email, password_hash, email_verified_at, role_id, company_id)
     SELECT $1, $2, password_hash, now(), (SELECT id FROM roles WHERE alias = $3), $4
     FROM users WHERE email = $5 RETURNING id`,
    [name, email, role, companyId, DEMO.admin.email],
  );
  return String(row!.id);
}

async function insertCustomer(q: SqlQuery, company: string, name: string) {
  const [row] = await q(
    `INSERT INTO customers (company_id, external_id, name, type, active)
     VALUES ($1, $2, $3, 'Residential', true) RETURNING id`,
    [company, `EXT-${randomUUID().slice(0, 8)}`, name],
  );
  return String(row!.id);
}

interface JobSpec {
  company?: string;
  customer: string;
  technician: string | null;
  completedAt: string | null;
  revenue: number | null;
}

async function insertJob(q: SqlQuery, spec: JobSpec) {
  const [row] = await q(
    `INSERT INTO jobs (company_id, customer_id, job_number, technician_id, status, completed_at,
       revenue) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      spec.company ?? companyId,
      spec.customer,
      `J-${randomUUID().slice(0, 8)}`,
      spec.technician,
      spec.completedAt ? 'completed' : 'scheduled',
      spec.completedAt,
      spec.revenue,
    ],
  );
  return String(row!.id);
}

interface InteractionSpec {
  company?: string;
  customer: string;
  type: 'field-recording' | 'csr-call';
  callType?: 'Booked' | 'Unbooked' | null;
  job?: string | null;
  recordedBy?: string | null;
  startedAt: string;
  duration: number | null;
  agent?: string | null;
  /** Seconds metered (usage_records) at the start time. */
  billed?: number;
}

async function insertInteraction(q: SqlQuery, spec: InteractionSpec) {
  const company = spec.company ?? companyId;
  const [row] = await q(
    `INSERT INTO interactions (company_id, customer_id, job_id, number, type, call_type, status,
       recorded_by_id, started_at, duration_seconds, agent_name)
     VALUES ($1, $2, $3, $4, $5, $6, 'completed', $7, $8, $9, $10) RETURNING id`,
    [
      company,
      spec.customer,
      spec.job ?? null,
      `N-${randomUUID().slice(0, 8)}`,
      spec.type,
      spec.callType ?? null,
      spec.recordedBy ?? null,
      spec.startedAt,
      spec.duration,
      spec.agent ?? null,
    ],
  );
  const id = String(row!.id);
  if (spec.billed !== undefined) {
    await q(
      `INSERT INTO usage_records (company_id, interaction_id, seconds, recorded_at)
       VALUES ($1, $2, $3, $4)`,
      [company, id, spec.billed, spec.startedAt],
    );
  }
  return id;
}

interface RunSpec {
  bot: { id: string; versionId: string };
  interaction?: string;
  job?: string;
  status: 'success' | 'failed';
  positive: boolean;
  clientCost: number;
  at: string;
}

/** A finished run and its metering row, as the bot-run job leaves them. */
async function insertRun(q: SqlQuery, run: RunSpec) {
  const [r] = await q(
    `INSERT INTO bot_runs (company_id, target_type, interaction_id, job_id, run_type, status)
     VALUES ($1, $2, $3, $4, 'automatic', 'success') RETURNING id`,
    [companyId, run.job ? 'customer' : 'field-recording', run.interaction ?? null, run.job ?? null],
  );
  const tags = JSON.stringify([{ index: 0, data: run.positive ? { quote: 'found' } : null }]);
  const [result] = await q(
    `INSERT INTO bot_results (run_id, company_id, bot_id, version_id, status, output_tags)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [r!.id, companyId, run.bot.id, run.bot.versionId, run.status, tags],
  );
  const billable = run.status === 'success';
  await q(
    `INSERT INTO bot_usage (result_id, company_id, bot_id, version_id, engine, publisher_id,
       tokens_in, tokens_out, cost_millicents, billable, estimated_millicents,
       client_cost_millicents, created_at)
     SELECT $1, $2, b.id, $3, 'rules', b.publisher_id, 10, 5, 100, $4, $5, $6, $7
     FROM bots b WHERE b.id = $8`,
    [
      result!.id,
      companyId,
      run.bot.versionId,
      billable,
      billable ? Math.round(run.clientCost / 2) : 0,
      billable ? run.clientCost : 0,
      run.at,
      run.bot.id,
    ],
  );
}

beforeAll(async () => {
  await t.inspect(async (q) => {
    const [company] = await q(
      `INSERT INTO companies (name, is_billing_connected, is_crm_connected, timezone_id,
         soft_capacity_cents, hard_capacity_cents)
       VALUES ($1, true, true, $2, 10000, 25000) RETURNING id`,
      [`Dashco ${suffix}`, ZONE_ID],
    );
    companyId = String(company!.id);
    const [globex] = await q(`SELECT id FROM companies WHERE name = $1`, [DEMO.globex.company]);
    globexId = String(globex!.id);
    await insertUser(q, accounts.admin, 'Dana Admin', 'company_admin');
    await insertUser(q, accounts.manager, 'Mona Manager', 'manager');
    users.tech1 = await insertUser(q, accounts.tech1, 'Alex Tech', 'field_team');
    users.tech2 = await insertUser(q, accounts.tech2, 'Blair Tech', 'field_team');
    const acorn = await insertCustomer(q, companyId, 'Acorn Ltd');
    const birch = await insertCustomer(q, companyId, 'Birch Inc');
    const cedar = await insertCustomer(q, companyId, 'Cedar Co');

    jobs.j1 = await insertJob(q, {
      customer: acorn,
      technician: users.tech1,
      completedAt: at(2),
      revenue: 150.25,
    });
    jobs.j2 = await insertJob(q, {
      customer: birch,
      technician: users.tech2,
      completedAt: at(30),
      revenue: 99.99,
    });
    jobs.j3 = await insertJob(q, {
      customer: cedar,
      technician: users.tech1,
      completedAt: at(50),
      revenue: null,
    });
    jobs.j4 = await insertJob(q, {
      customer: acorn,
      technician: null,
      completedAt: at(3),
      revenue: 10,
    });
    jobs.j5 = await insertJob(q, {
      customer: birch,
      technician: users.tech2,
      completedAt: null,
      revenue: null,
    });
    // An hour before this month starts: last month's last local day.
    jobs.j6 = await insertJob(q, {
      customer: acorn,
      technician: users.tech1,
      completedAt: at(-1),
      revenue: 42,
    });

    recs.r1 = await insertInteraction(q, {
      customer: acorn,
      type: 'field-recording',
      job: jobs.j1,
      recordedBy: users.tech1,
      startedAt: at(1),
      duration: 60.5,
      billed: 60.5,
    });
    recs.r2 = await insertInteraction(q, {
      customer: birch,
      type: 'field-recording',
      job: jobs.j2,
      recordedBy: users.tech2,
      startedAt: at(26),
      duration: 120,
      billed: 120,
    });
    recs.r3 = await insertInteraction(q, {
      customer: cedar,
      type: 'field-recording',
      recordedBy: users.tech1,
      startedAt: at(27),
      duration: 30,
    });
    const calls: [string | null, number, number | null][] = [
      ['Booked', 5, 45],
      ['Unbooked', 6, 12],
      ['Unbooked', 7, null],
      [null, 8, 20],
    ];
    for (const [callType, hours, duration] of calls) {
      recs[`call${hours}`] = await insertInteraction(q, {
        customer: birch,
        type: 'csr-call',
        callType: callType as 'Booked' | 'Unbooked' | null,
        startedAt: at(hours),
        duration,
        agent: 'Casey Agent',
      });
    }
    // Last month: a recording just before the boundary, a booked call two days earlier.
    recs.r4 = await insertInteraction(q, {
      customer: acorn,
      type: 'field-recording',
      job: jobs.j6,
      recordedBy: users.tech2,
      startedAt: at(-1),
      duration: 10,
      billed: 10,
    });
    await insertInteraction(q, {
      customer: acorn,
      type: 'csr-call',
      callType: 'Booked',
      startedAt: at(-48),
      duration: 33,
    });

    const bots = await insertBots(q, [
      {
        name: `Alpha Bot ${suffix}`,
        trigger: 'recording-complete',
        trigger_event: 'every',
        companies: [companyId],
      },
      {
        name: `Beta Bot ${suffix}`,
        trigger: 'recording-complete',
        trigger_event: 'every',
        companies: [companyId],
      },
    ]);
    const alpha = bots[`Alpha Bot ${suffix}`]!;
    const beta = bots[`Beta Bot ${suffix}`]!;
    await insertRun(q, {
      bot: alpha,
      interaction: recs.r1,
      status: 'success',
      positive: true,
      clientCost: 12_345,
      at: at(1.5),
    });
    await insertRun(q, {
      bot: alpha,
      interaction: recs.r2,
      status: 'success',
      positive: false,
      clientCost: 6_789,
      at: at(26.5),
    });
    await insertRun(q, {
      bot: alpha,
      job: jobs.j4,
      status: 'failed',
      positive: false,
      clientCost: 0,
      at: at(4),
    });
    await insertRun(q, {
      bot: beta,
      interaction: recs.r1,
      status: 'success',
      positive: true,
      clientCost: 501,
      at: at(2),
    });
    await insertRun(q, {
      bot: beta,
      interaction: recs.r4,
      status: 'success',
      positive: true,
      clientCost: 777,
      at: at(-0.5),
    });

    // Another tenant's rows in the same hours: never counted for Dashco.
    const stranger = await insertCustomer(q, globexId, `Globex Stranger ${suffix}`);
    const strangerJob = await insertJob(q, {
      company: globexId,
      customer: stranger,
      technician: null,
      completedAt: at(2),
      revenue: 5000,
    });
    await insertInteraction(q, {
      company: globexId,
      customer: stranger,
      type: 'csr-call',
      callType: 'Unbooked',
      job: strangerJob,
      startedAt: at(9),
      duration: 99,
      billed: 99,
    });
  });
}, SLOW_TEST_TIMEOUT_MS);

/**
 * The month's base counts straight from the raw tables, company-wide or for one technician (a row
 * belongs to the technician who recorded it, else the job's technician, as ADR 019 keys them).
 */
async function rawTotals(
  company: string,
  range: { start: Date; end: Date },
  technician: string | null = null,
): Promise<CompanyTotals> {
  const [row] = await t.inspect((q) =>
    q(
      `WITH b AS (SELECT $2::timestamptz AS lo, $3::timestamptz AS hi),
       i AS (SELECT i.* FROM interactions i, b WHERE i.company_id = $1
               AND i.started_at >= b.lo AND i.started_at < b.hi
               AND ($4::uuid IS NULL OR coalesce(i.recorded_by_id, $5::uuid) = $4::uuid)),
       j AS (SELECT j.* FROM jobs j, b WHERE j.company_id = $1 AND j.status = 'completed'
               AND j.completed_at >= b.lo AND j.completed_at < b.hi
               AND ($4::uuid IS NULL OR coalesce(j.technician_id, $5::uuid) = $4::uuid)),
       u AS (SELECT u.*, r.status, r.output_tags FROM bot_usage u
               JOIN bot_results r ON r.id = u.result_id JOIN bot_runs run ON run.id = r.run_id
               LEFT JOIN interactions ri ON ri.id = run.interaction_id
               LEFT JOIN jobs rj ON rj.id = run.job_id
               LEFT JOIN jobs ij ON ij.id = ri.job_id, b
             WHERE u.company_id = $1 AND u.created_at >= b.lo AND u.created_at < b.hi
               AND ($4::uuid IS NULL OR coalesce(ri.recorded_by_id, rj.technician_id,
                    ij.technician_id, $5::uuid) = $4::uuid))
       SELECT
         (SELECT count(*) FROM i)::int AS interactions,
         (SELECT count(*) FROM i WHERE type = 'field-recording')::int AS field_recordings,
         round((SELECT coalesce(sum(duration_seconds), 0) FROM i)::numeric, 3)::float8 AS recorded_seconds,
         (SELECT count(*) FROM i WHERE type = 'csr-call')::int AS csr_calls,
         (SELECT count(*) FROM i WHERE type = 'csr-call' AND call_type IS NOT NULL)::int AS lead_calls,
         (SELECT count(*) FROM i WHERE type = 'csr-call' AND call_type = 'Booked')::int AS booked_calls,
         (SELECT count(*) FROM j)::int AS completed_jobs,
         (SELECT count(*) FROM j WHERE NOT EXISTS (SELECT 1 FROM interactions r
            WHERE r.job_id = j.id AND r.type = 'field-recording'))::int AS unrecorded_jobs,
         (SELECT coalesce(sum(round(coalesce(revenue, 0) * 100)), 0) FROM j)::int AS revenue_cents,
         (SELECT count(*) FROM u)::int AS bot_runs,
         (SELECT count(*) FROM u WHERE status = 'success')::int AS successful_runs,
         (SELECT count(*) FROM u WHERE status = 'success' AND EXISTS (SELECT 1 FROM
            jsonb_array_elements(coalesce(output_tags, '[]'::jsonb)) e
            WHERE e ? 'data' AND e->'data' <> 'null'::jsonb))::int AS positive_runs`,
      [company, range.start.toISOString(), range.end.toISOString(), technician, NO_TECHNICIAN],
    ),
  );
  return companyTotalsSchema.parse(
    Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])),
  );
}

async function dashboard(email: string, month?: string): Promise<CompanyDashboard> {
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  const res = await (await as(email)).get(`${companyDashboardPath}${query}`);
  expect(res.status, res.text).toBe(200);
  return companyDashboardResponseSchema.parse(res.body).data;
}

describe('company dashboard', () => {
  it(
    'answers the company month as straight counts over the raw rows, with the month before',
    async () => {
      const d = await dashboard(accounts.admin);
      expect(d.scope).toBe('company');
      expect(d.month).toBe(toMonthValue(thisMonth));
      expect(d.period).toBe(monthPeriod(thisMonth));
      expect(d.timezone).toBe(ZONE);
      expect(Date.parse(d.refreshed_at)).not.toBeNaN();

      expect(d.current).toEqual(await rawTotals(companyId, current));
      expect(d.previous).toEqual(await rawTotals(companyId, previous));
      // Hand-checked against the fixture: Globex's rows and last month's boundary rows stay out.
      expect(d.current).toMatchObject({
        interactions: 7,
        field_recordings: 3,
        recorded_seconds: 60.5 + 120 + 30 + 45 + 12 + 20,
        csr_calls: 4,
        lead_calls: 3,
        booked_calls: 1,
        completed_jobs: 4,
        unrecorded_jobs: 2,
        revenue_cents: 15_025 + 9_999 + 1_000,
        bot_runs: 4,
        successful_runs: 3,
        positive_runs: 2,
      });
      expect(d.previous).toMatchObject({
        interactions: 2,
        field_recordings: 1,
        completed_jobs: 1,
        revenue_cents: 4_200,
        bot_runs: 1,
      });

      expect(d.top.technicians_by_recordings).toEqual([
        { id: users.tech1, key: 'Alex Tech', value: 2 },
        { id: users.tech2, key: 'Blair Tech', value: 1 },
      ]);
      // j3 (Alex, no recording) and j4 (nobody: not a technician row).
      expect(d.top.technicians_by_unrecorded_jobs).toEqual([
        { id: users.tech1, key: 'Alex Tech', value: 1 },
      ]);
      expect(d.top.customers_by_revenue.map((c) => [c.key, c.value])).toEqual([
        ['Acorn Ltd', 16_025],
        ['Birch Inc', 9_999],
      ]);
      expect(d.top.bots_by_runs.map((b) => [b.key, b.value])).toEqual([
        [`Alpha Bot ${suffix}`, 3],
        [`Beta Bot ${suffix}`, 1],
      ]);
      // What each bot found: its runs, and the positive ones among them (2 in all).
      expect(d.top.bot_findings.map((b) => [b.key, b.runs])).toEqual([
        [`Alpha Bot ${suffix}`, 3],
        [`Beta Bot ${suffix}`, 1],
      ]);
      expect(d.top.bot_findings.reduce((sum, b) => sum + b.found, 0)).toBe(2);
      // The jobs without a recording are listed for a technician only.
      expect(d.top.unrecorded_jobs).toEqual([]);
      expect(d.top.unbooked_calls.map((c) => c.interaction_id)).toEqual([recs.call7, recs.call6]);
      expect(d.top.unbooked_calls[0]).toMatchObject({
        customer_name: 'Birch Inc',
        duration_seconds: null,
        agent_name: 'Casey Agent',
        started_at: at(7),
      });
      expect(d.charts.interactions_per_technician).toEqual([
        { id: users.tech1, key: 'Alex Tech', value: 2 },
        { id: users.tech2, key: 'Blair Tech', value: 1 },
      ]);
      expect(d.charts.interaction_types).toEqual([
        { id: null, key: 'Field Recording', value: 3 },
        { id: null, key: 'CSR Call', value: 4 },
      ]);
      expect(d.charts.call_outcomes).toEqual([
        { id: null, key: 'Booked', value: 1 },
        { id: null, key: 'Unbooked', value: 2 },
        { id: null, key: 'Other', value: 1 },
      ]);

      // Spend is the capacity endpoint's figure for the same month.
      const capacity = await (await as(accounts.admin)).get('/api/company/capacity');
      expect(capacity.status, capacity.text).toBe(200);
      const status = capacityStatusResponseSchema.parse(capacity.body).data;
      expect(d.spend).toEqual({
        spent_cents: status.spent_cents,
        soft_capacity: 100,
        hard_capacity: 250,
      });
      expect(status.spent_cents).toBeGreaterThan(0);

      // A manager sees the same company figures; last month is the same as asking for it.
      const manager = await dashboard(accounts.manager);
      expect(manager.scope).toBe('company');
      expect(manager.current).toEqual(d.current);
      const last = await dashboard(accounts.admin, toMonthValue(lastMonth));
      expect(last.current).toEqual(d.previous);
      expect(last.previous).toEqual(
        await rawTotals(companyId, periodRange(monthPeriod(previousMonth(lastMonth)), ZONE)),
      );
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'shows a field technician only their own figures, without spend or calls to review',
    async () => {
      const d = await dashboard(accounts.tech1);
      expect(d.scope).toBe('technician');
      expect(d.spend).toBeNull();
      expect(d.top.unbooked_calls).toEqual([]);
      expect(d.current).toEqual(await rawTotals(companyId, current, users.tech1));
      expect(d.previous).toEqual(await rawTotals(companyId, previous, users.tech1));
      expect(d.current).toMatchObject({
        interactions: 2,
        completed_jobs: 2,
        csr_calls: 0,
        bot_runs: 2,
      });
      expect(d.top.technicians_by_recordings).toEqual([
        { id: users.tech1, key: 'Alex Tech', value: 2 },
      ]);
      expect(d.top.customers_by_revenue.map((c) => c.key)).toEqual(['Acorn Ltd']);
      expect(d.charts.interactions_per_technician.map((c) => c.id)).toEqual([users.tech1]);
      // j3 is Alex's completed job of the month with no recording; j6 was last month's.
      expect(d.top.unrecorded_jobs).toEqual([
        expect.objectContaining({
          job_id: jobs.j3,
          customer_name: 'Cedar Co',
          completed_at: at(50),
        }),
      ]);
      expect(d.top.bot_findings.reduce((sum, b) => sum + b.runs, 0)).toBe(2);
      for (const finding of d.top.bot_findings) {
        expect(finding.found).toBeLessThanOrEqual(finding.runs);
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'keeps tenants apart and refuses publishers',
    async () => {
      const globex = await dashboard(DEMO.globex.email);
      expect(globex.current).toEqual(
        await rawTotals(globexId, periodRange(monthPeriod(thisMonth), globex.timezone)),
      );
      expect(
        globex.top.unbooked_calls.some((c) => Object.values(recs).includes(c.interaction_id)),
      ).toBe(false);
      expect(globex.top.technicians_by_recordings.some((r) => r.id === users.tech1)).toBe(false);

      const publisher = await (await as(DEMO.publisher.email)).get(companyDashboardPath);
      expect(publisher.status).toBe(403);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'answers an empty month with zeros and empty lists, and refuses a future or malformed one',
    async () => {
      const empty = await dashboard(accounts.admin, '01/01/2001');
      expect(empty.current).toEqual(EMPTY_COMPANY_TOTALS);
      expect(empty.previous).toEqual(EMPTY_COMPANY_TOTALS);
      expect(empty.spend?.spent_cents).toBe(0);
      expect(Object.values(empty.top).every((list) => list.length === 0)).toBe(true);
      expect(Object.values(empty.charts).every((list) => list.length === 0)).toBe(true);

      const next =
        thisMonth.month === 12
          ? { year: thisMonth.year + 1, month: 1 }
          : { ...thisMonth, month: thisMonth.month + 1 };
      for (const month of [toMonthValue(next), '13/01/2024', '02/15/2024', 'March']) {
        const res = await (
          await as(accounts.admin)
        ).get(`${companyDashboardPath}?month=${encodeURIComponent(month)}`);
        expect(res.status, month).toBe(422);
        expect((res.body as { errors: Record<string, string[]> }).errors.month).toEqual([
          MESSAGES.invalidValue,
        ]);
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'answers a repeat view from the cache keyed by the rollup version, with the limits read fresh',
    async () => {
      const first = await dashboard(accounts.admin);
      const top = first.top.customers_by_revenue[0]!;
      // A rename touches no rollup, so the cached answer keeps the old name (bounded by its TTL)…
      await t.inspect(async (q) => {
        await q(`UPDATE customers SET name = $2 WHERE id = $1`, [top.id, 'Renamed Customer']);
        await q(
          `UPDATE companies SET soft_capacity_cents = 12300, hard_capacity_cents = 45600 WHERE id = $1`,
          [companyId],
        );
      });
      const cached = await dashboard(accounts.admin);
      expect(cached.top.customers_by_revenue[0]).toEqual(top);
      // …while the limits are read on every view.
      expect(cached.spend).toEqual({
        spent_cents: first.spend!.spent_cents,
        soft_capacity: 123,
        hard_capacity: 456,
      });
      expect(cached.refreshed_at >= first.refreshed_at).toBe(true);

      // A write in the month bumps the version: the next view computes afresh.
      await t.inspect(async (q) => {
        await q(`UPDATE interactions SET duration_seconds = duration_seconds + 60 WHERE id = $1`, [
          recs.r1,
        ]);
      });
      const fresh = await dashboard(accounts.admin);
      expect(fresh.top.customers_by_revenue[0]).toEqual({ ...top, key: 'Renamed Customer' });
      expect(fresh.current.recorded_seconds).toBe(first.current.recorded_seconds + 60);
      await t.inspect(async (q) => {
        await q(`UPDATE customers SET name = $2 WHERE id = $1`, [top.id, top.key]);
      });

      // The technician's own figures are cached apart from the company's.
      const own = await dashboard(accounts.tech1);
      expect(own.scope).toBe('technician');
      expect(own.current.interactions).toBeLessThan(first.current.interactions);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'reflects a write on the next read (trigger, dirty day, read-through refresh)',
    async () => {
      const before = await dashboard(accounts.admin);
      await t.inspect(async (q) => {
        // The CRM completes j5; a recording of the month is linked to it.
        await q(
          `UPDATE jobs SET status = 'completed', completed_at = $2, revenue = 12.5 WHERE id = $1`,
          [jobs.j5, at(40)],
        );
        await q(`UPDATE interactions SET job_id = $2 WHERE id = $1`, [recs.r3, jobs.j3]);
      });
      const after = await dashboard(accounts.admin);
      expect(after.current).toEqual(await rawTotals(companyId, current));
      expect(after.current.completed_jobs).toBe(before.current.completed_jobs + 1);
      expect(after.current.revenue_cents).toBe(before.current.revenue_cents + 1_250);
      // j5 has no recording (+1), j3 now has one (−1).
      expect(after.current.unrecorded_jobs).toBe(before.current.unrecorded_jobs);
      expect(after.top.technicians_by_unrecorded_jobs).toEqual([
        { id: users.tech2, key: 'Blair Tech', value: 1 },
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
