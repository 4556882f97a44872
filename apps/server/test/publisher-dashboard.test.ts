import { randomBytes } from 'node:crypto';
import {
  DASHBOARD_CHART_MAX_BARS,
  DASHBOARD_OTHERS_KEY,
  DASHBOARD_TOP_N,
  MESSAGES,
  millicentsToCents,
  publisherDashboardPath,
  publisherDashboardResponseSchema,
  type KeyValue,
  type PublisherDashboard,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBots, type InsertedBot } from './support/bots';
import { DEMO } from './support/demo';
import { meterRuns, type PlannedRun } from './support/metered-runs';
import type { SqlQuery } from './support/test-app';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
} from './support/test-app';

/**
 * The publisher dashboard. Northwind (the demo publisher) gets twelve clients of its own
 * and three bots; another publisher shares one client. Runs are metered by the real writer in
 * February and March 2025 (before any demo history), then every figure of the page is compared
 * with a straight aggregate over bot_usage / company_bots. A run's month is the rollup's: its
 * local day in the client's timezone, which the aggregates use too.
 */
const t = useTestApp();
const as = signedInClients(t);

const TAG = `Pd${randomBytes(3).toString('hex')}`;
const MARCH = { value: '03/01/2025', first: '2025-03-01', last: '2025-03-31' };
const FEBRUARY = { value: '02/01/2025', first: '2025-02-01', last: '2025-02-28' };

let northwind: string;
const clients: string[] = [];
let bots: InsertedBot[];
let otherBot: InsertedBot;

async function insertCompany(q: SqlQuery, name: string): Promise<string> {
  const [industry] = await q(`SELECT id FROM industries ORDER BY id LIMIT 1`);
  const [row] = await q(
    `INSERT INTO companies (name, city, state, description, industry_id, street_address)
     VALUES ($1, 'Austin', 'TX', 'We fix pipes.', $2, '1 Private Road') RETURNING id`,
    [name, industry!.id],
  );
  return String(row!.id);
}

const FOUND = [{ index: 0, label: 'Evidence', data: [{ quote: 'yes' }] }];
const NOTHING = [{ index: 0, label: 'Evidence', data: null }];

beforeAll(async () => {
  await t.inspect(async (q) => {
    const [nw] = await q(`SELECT id FROM publishers WHERE name = 'Northwind Bots'`);
    northwind = String(nw!.id);
    for (let i = 1; i <= 12; i += 1)
      clients.push(await insertCompany(q, `${TAG} Client ${String(i).padStart(2, '0')}`));
    const made = await insertBots(
      q,
      ['Router', 'Closer', 'Helper'].map((name) => ({
        name: `${TAG} ${name}`,
        trigger: 'call-complete' as const,
        trigger_event: 'every' as const,
        companies: clients,
      })),
      { publisherId: northwind },
    );
    bots = Object.values(made);
    otherBot = Object.values(
      await insertBots(q, [
        {
          name: `${TAG} Other`,
          trigger: 'call-complete',
          trigger_event: 'every',
          companies: [clients[11]!],
        },
      ]),
    )[0]!;
    // Subscriptions: most in March, a few in February, one in April (never counted here).
    await q(
      `UPDATE company_bots SET created_at = '2025-03-05T12:00:00Z'
       WHERE bot_id = ANY($1::uuid[])`,
      [[...bots.map((b) => b.id), otherBot.id]],
    );
    await q(
      `UPDATE company_bots SET created_at = '2025-02-10T12:00:00Z'
       WHERE bot_id = $1 AND company_id = ANY($2::uuid[])`,
      [bots[2]!.id, clients.slice(0, 4)],
    );
    await q(
      `UPDATE company_bots SET created_at = '2025-04-02T12:00:00Z'
       WHERE bot_id = $1 AND company_id = $2`,
      [bots[1]!.id, clients[11]],
    );
  });

  // Client i runs bot i%3 (i+1) times in March, some failed, some with nothing found; fewer in
  // February; the other publisher's bot runs for client 12 in March.
  const runs: PlannedRun[] = [];
  clients.forEach((company, i) => {
    for (let n = 0; n <= i; n += 1) {
      runs.push({
        company,
        bot: bots[(i + n) % 3]!,
        status: n % 4 === 3 ? 'failed' : 'success',
        at: `2025-03-${String(2 + ((i + n) % 27)).padStart(2, '0')}T15:00:00.000Z`,
        outputTags: n % 2 === 0 ? FOUND : NOTHING,
      });
    }
    if (i % 3 === 0)
      runs.push({ company, bot: bots[0]!, status: 'success', at: '2025-02-14T15:00:00.000Z' });
  });
  runs.push(
    // 02:00 UTC on April 1st is March 31st in New York: the client's day, so March.
    { company: clients[2]!, bot: bots[1]!, status: 'success', at: '2025-04-01T02:00:00.000Z' },
    { company: clients[11]!, bot: otherBot, status: 'success', at: '2025-03-10T15:00:00.000Z' },
    { company: clients[11]!, bot: otherBot, status: 'success', at: '2025-02-10T15:00:00.000Z' },
  );
  await meterRuns(t, runs);
}, HOOK_TIMEOUT_MS);

async function dashboard(month: string, email: string = DEMO.publisher.email) {
  const res = await (await as(email)).get(`${publisherDashboardPath}?month=${month}`);
  expect(res.status, res.text).toBe(200);
  return publisherDashboardResponseSchema.parse(res.body).data;
}

/** The month's usage rows of a publisher, by the client's local day (as the rollups count). */
const usageOf = (month: { first: string; last: string }) => `
  select u.*, r.status
  from bot_usage u join bot_results r on r.id = u.result_id
  where u.publisher_id = $1
    and (u.created_at at time zone dashboard_zone(u.company_id))::date
      between '${month.first}'::date and '${month.last}'::date`;

/** Every figure of the page, straight from bot_usage and company_bots. */
async function expected(month: { first: string; last: string }, publisherId = northwind) {
  return t.inspect(async (q) => {
    const usage = usageOf(month);
    const [totals] = await q(
      `select count(distinct company_id)::int as active_clients, count(*)::int as runs,
         count(*) filter (where status = 'success')::int as successful_runs,
         coalesce(sum(estimated_millicents) filter (where billable), 0)::bigint as estimated,
         coalesce(sum(client_cost_millicents) filter (where billable), 0)::bigint as client_cost,
         (select count(*)::int from company_bots cb join bots b on b.id = cb.bot_id
           where b.publisher_id = $1
             and cb.created_at >= '${month.first}T00:00:00Z'::timestamptz
             and cb.created_at < ('${month.last}'::date + 1)::timestamp at time zone 'UTC')
           as new_subscriptions
       from (${usage}) u`,
      [publisherId],
    );
    const ranked = async (group: 'bot' | 'company', value: 'runs' | 'cost') => {
      const name =
        group === 'bot'
          ? `(select name from bots where id = u.bot_id)`
          : `(select name from companies where id = u.company_id)`;
      const rows = await q(
        `select ${group}_id as id, ${name} as key, count(*)::int as runs,
           coalesce(sum(client_cost_millicents) filter (where billable), 0)::bigint as cost
         from (${usage}) u group by 1, 2 order by ${value} desc, key`,
        [publisherId],
      );
      return rows
        .map((r) => ({
          id: String(r.id),
          key: String(r.key),
          value: value === 'runs' ? Number(r.runs) : millicentsToCents(Number(r.cost)),
        }))
        .filter((r) => r.value > 0);
    };
    return {
      current: {
        active_clients: Number(totals!.active_clients),
        runs: Number(totals!.runs),
        successful_runs: Number(totals!.successful_runs),
        client_cost_cents: millicentsToCents(Number(totals!.client_cost)),
        estimated_cost_cents: millicentsToCents(Number(totals!.estimated)),
        new_subscriptions: Number(totals!.new_subscriptions),
      },
      botsByRuns: await ranked('bot', 'runs'),
      botsByCost: await ranked('bot', 'cost'),
      clientsByRuns: await ranked('company', 'runs'),
      clientsByCost: await ranked('company', 'cost'),
    };
  });
}

/** The expected chart: the first ten bars, then the rest summed into 'Others'. */
function chart(ranked: KeyValue[]): KeyValue[] {
  if (ranked.length <= DASHBOARD_CHART_MAX_BARS) return ranked;
  const others = ranked.slice(DASHBOARD_CHART_MAX_BARS).reduce((s, r) => s + r.value, 0);
  return [
    ...ranked.slice(0, DASHBOARD_CHART_MAX_BARS),
    { id: null, key: DASHBOARD_OTHERS_KEY, value: others },
  ];
}

function expectFigures(page: PublisherDashboard, want: Awaited<ReturnType<typeof expected>>) {
  expect(page.current).toEqual(want.current);
  expect(page.top.bots_by_runs).toEqual(want.botsByRuns.slice(0, DASHBOARD_TOP_N));
  expect(page.top.bots_by_revenue).toEqual(want.botsByCost.slice(0, DASHBOARD_TOP_N));
  expect(page.top.clients_by_spend).toEqual(want.clientsByCost.slice(0, DASHBOARD_TOP_N));
  expect(page.charts.runs_per_bot).toEqual(chart(want.botsByRuns));
  expect(page.charts.runs_per_client).toEqual(chart(want.clientsByRuns));
}

describe('publisher dashboard figures', () => {
  it(
    'equal straight aggregates over bot_usage and company_bots, this month and the one before',
    async () => {
      const page = await dashboard(MARCH.value);
      const march = await expected(MARCH);
      const february = await expected(FEBRUARY);
      expect(page.month).toBe(MARCH.value);
      expect(page.period).toBe('2025-03');
      expect(march.current.runs).toBeGreaterThan(70);
      expect(march.current.successful_runs).toBeLessThan(march.current.runs);
      expect(march.current.new_subscriptions).toBeGreaterThan(0);
      expect(february.current.new_subscriptions).toBe(4);
      expectFigures(page, march);
      expect(page.previous).toEqual(february.current);
      // Twelve clients: ten bars and 'Others'.
      expect(page.charts.runs_per_client).toHaveLength(DASHBOARD_CHART_MAX_BARS + 1);
      expect(page.charts.runs_per_client.at(-1)!.key).toBe(DASHBOARD_OTHERS_KEY);
      expect(page.top.clients_by_spend).toHaveLength(DASHBOARD_TOP_N);

      const feb = await dashboard(FEBRUARY.value);
      expectFigures(feb, february);
      expect(feb.current).toEqual(page.previous);
      expect(Date.parse(feb.refreshed_at)).toBeGreaterThan(Date.now() - 60_000);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    "never counts another publisher's runs, even for a shared client",
    async () => {
      const page = await dashboard(MARCH.value);
      const ids = [...page.charts.runs_per_bot, ...page.top.bots_by_revenue].map((r) => r.id);
      expect(ids).not.toContain(otherBot.id);
      const [own] = await t.inspect((q) =>
        q(
          `select count(*)::int as n from bot_usage
           where company_id = $1 and publisher_id = $2
             and created_at >= '2025-03-01' and created_at < '2025-04-01'`,
          [clients[11], northwind],
        ),
      );
      // The busiest client, so a bar of its own.
      const shared = page.charts.runs_per_client.find((r) => r.id === clients[11]);
      expect(shared!.value).toBe(Number(own!.n));
      // The other publisher's own month has that run, and only its own.
      const [other] = await t.inspect((q) =>
        q(`select publisher_id from bots where id = $1`, [otherBot.id]),
      );
      const theirs = await expected(MARCH, String(other!.publisher_id));
      expect(theirs.current.runs).toBe(1);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('shows the publisher user the same month as the admin', async () => {
    const admin = await dashboard(MARCH.value);
    const user = await dashboard(MARCH.value, DEMO.publisherUser.email);
    expect({ ...user, refreshed_at: '' }).toEqual({ ...admin, refreshed_at: '' });
  });

  it('answers zeros and empty lists for a month without runs', async () => {
    const page = await dashboard('01/01/2020');
    const zero = {
      active_clients: 0,
      runs: 0,
      successful_runs: 0,
      client_cost_cents: 0,
      estimated_cost_cents: 0,
      new_subscriptions: 0,
    };
    expect(page.current).toEqual(zero);
    expect(page.previous).toEqual(zero);
    expect(page.top).toEqual({ bots_by_runs: [], bots_by_revenue: [], clients_by_spend: [] });
    expect(page.charts).toEqual({ runs_per_bot: [], runs_per_client: [] });
  });

  it('defaults to this UTC month', async () => {
    const res = await (await as(DEMO.publisher.email)).get(publisherDashboardPath);
    expect(res.status, res.text).toBe(200);
    const now = new Date();
    const period = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(publisherDashboardResponseSchema.parse(res.body).data.period).toBe(period);
  });
});

describe('publisher dashboard month and access', () => {
  it('refuses a future month or a malformed one with a 422 on month', async () => {
    const client = await as(DEMO.publisher.email);
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const future = `${String(next.getUTCMonth() + 1).padStart(2, '0')}/01/${next.getUTCFullYear()}`;
    for (const month of [future, '03/01/2999', '13/01/2025', '03/15/2025', 'March']) {
      const res = await client.get(`${publisherDashboardPath}?month=${encodeURIComponent(month)}`);
      expect(res.status, month).toBe(422);
      expect((res.body as { errors: Record<string, string[]> }).errors.month).toEqual([
        MESSAGES.invalidValue,
      ]);
    }
  });

  it('refuses company roles and asks anonymous callers to log in', async () => {
    for (const email of [DEMO.admin.email, DEMO.manager.email, DEMO.tech.email]) {
      expect((await (await as(email)).get(publisherDashboardPath)).status, email).toBe(403);
    }
    expect((await t.client().get(publisherDashboardPath)).status).toBe(401);
  });
});

describe('the demo bot-run history (seed/demo-bot-history.ts)', () => {
  it(
    "fills Northwind's dashboard over three months, with positive and empty results, none in the newest week",
    async () => {
      const now = new Date();
      const months: string[] = [];
      for (let back = 0; back < 4; back += 1) {
        const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
        months.push(`${String(at.getUTCMonth() + 1).padStart(2, '0')}/01/${at.getUTCFullYear()}`);
      }
      const pages = await Promise.all(months.map((month) => dashboard(month)));
      expect(pages.filter((page) => page.current.runs > 0).length).toBeGreaterThanOrEqual(3);
      const last = pages[1]!;
      expect(last.current.active_clients).toBe(2);
      expect(last.current.client_cost_cents).toBeGreaterThan(0);
      expect(last.top.clients_by_spend.map((c) => c.key).sort()).toEqual([
        'Acme Home Services',
        'Globex Plumbing',
      ]);

      const [facts] = await t.inspect((q) =>
        q(`select
          count(*) filter (where r.status = 'success' and jsonb_path_exists(r.output_tags,
            '$[*] ? (@.data != null)'))::int as positive,
          count(*) filter (where r.status = 'success' and not jsonb_path_exists(r.output_tags,
            '$[*] ? (@.data != null)'))::int as empty,
          count(*) filter (where u.id is null)::int as unmetered,
          count(*) filter (where i.started_at > now() - interval '7 days')::int as recent,
          count(*) filter (where u.created_at < i.started_at)::int as before_interaction
        from bot_results r
          join bot_runs run on run.id = r.run_id
          join interactions i on i.id = run.interaction_id
          join companies co on co.id = r.company_id
          left join bot_usage u on u.result_id = r.id
        where co.name in ('Acme Home Services', 'Globex Plumbing')`),
      );
      expect(Number(facts!.positive)).toBeGreaterThan(0);
      expect(Number(facts!.empty)).toBeGreaterThan(0);
      expect(Number(facts!.unmetered)).toBe(0);
      expect(Number(facts!.recent)).toBe(0);
      expect(Number(facts!.before_interaction)).toBe(0);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
