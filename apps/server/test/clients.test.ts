import { randomBytes } from 'node:crypto';
import {
  CLIENT_MESSAGES,
  CLIENT_SORT_FIELDS,
  PAGE_SIZE,
  botRunEstimatedMillicents,
  clientBotsPath,
  clientBotsResponseSchema,
  clientCostMillicents,
  clientDetailResponseSchema,
  clientListResponseSchema,
  clientMarkupPath,
  clientPath,
  clientRunSchema,
  clientRunsPath,
  clientRunsResponseSchema,
  clientsPath,
  millicentsToCents,
  type ClientListItem,
  type ClientSortField,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBots, type InsertedBot } from './support/bots';
import { DEMO } from './support/demo';
import { ENGINE_MILLICENTS, meterRuns, type PlannedRun } from './support/metered-runs';
import type { SqlQuery } from './support/test-app';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
} from './support/test-app';

/**
 * A publisher's clients. Northwind (the demo publisher) gets clients of its own with a unique name
 * prefix, so searching the prefix isolates them from the seed's; another publisher shares one of
 * them and has one of its own. Runs are metered by the real writer (bot-run-writer meterResults),
 * then dated around the March 2025 boundaries (UTC).
 */
const t = useTestApp();
const as = signedInClients(t);

const TAG = `Zq${randomBytes(3).toString('hex')}`;
const PRICE_CENTS = 5;
const EST = botRunEstimatedMillicents(PRICE_CENTS, ENGINE_MILLICENTS);
const MARCH = '03/01/2025';
const SECRET = 'SECRET TRANSCRIPT of the customer';

let northwind: string;
let defaultMarkup: number;
let other: string;
const ids: Record<string, string> = {};
let bots: Record<string, InsertedBot>;
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

/** Runs metered by the real writer, each storing the secret transcript no route may show. */
const meter = (runs: Omit<PlannedRun, 'transcriptText'>[]) =>
  meterRuns(
    t,
    runs.map((run) => ({ ...run, transcriptText: SECRET })),
  );

async function list(query: string, email: string = DEMO.publisher.email) {
  const res = await (await as(email)).get(`${clientsPath}?keyword=${TAG}&${query}`);
  expect(res.status, res.text).toBe(200);
  return clientListResponseSchema.parse(res.body).data;
}

const byName = (items: ClientListItem[], suffix: string) =>
  items.find((item) => item.name === `${TAG} ${suffix}`)!;

beforeAll(async () => {
  await t.inspect(async (q) => {
    const [nw] = await q(`SELECT id, markup_percent FROM publishers WHERE name = 'Northwind Bots'`);
    northwind = String(nw!.id);
    defaultMarkup = Number(nw!.markup_percent);
    for (const name of ['Alpha', 'Beta', 'Gamma'])
      ids[name] = await insertCompany(q, `${TAG} ${name}`);
    for (let i = 1; i <= 11; i += 1) {
      const name = `Filler ${String(i).padStart(2, '0')}`;
      ids[name] = await insertCompany(q, `${TAG} ${name}`);
    }
    bots = await insertBots(
      q,
      [
        {
          name: `${TAG} Router`,
          trigger: 'call-complete',
          trigger_event: 'every',
          companies: [ids.Alpha!, ids.Beta!],
        },
        {
          name: `${TAG} Closer`,
          trigger: 'call-complete',
          trigger_event: 'every',
          companies: [ids.Alpha!],
        },
      ],
      { publisherId: northwind },
    );
    otherBot = (
      await insertBots(q, [
        {
          name: `${TAG} Other`,
          trigger: 'call-complete',
          trigger_event: 'every',
          companies: [ids.Beta!, ids.Gamma!],
        },
      ])
    )[`${TAG} Other`]!;
    const [o] = await q(`SELECT publisher_id FROM bots WHERE id = $1`, [otherBot.id]);
    other = String(o!.publisher_id);
    // Router has a version 2; Alpha and Beta stay pinned to version 1, which is deprecated.
    const router = bots[`${TAG} Router`]!;
    await q(
      `INSERT INTO bot_versions (bot_id, number, name, prompt, color, trigger, trigger_event,
         output_tags, engine, changelog)
       SELECT bot_id, 2, name, prompt, color, trigger, trigger_event, output_tags, engine, 'Second'
       FROM bot_versions WHERE id = $1`,
      [router.versionId],
    );
    await q(`UPDATE bots SET latest_version = 2 WHERE id = $1`, [router.id]);
    await q(
      `UPDATE bot_versions SET deprecated_at = now(), retires_on = '2099-01-01' WHERE id = $1`,
      [router.versionId],
    );
    const client = `INSERT INTO publisher_clients (publisher_id, company_id, source, created_at)
      VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`;
    await q(client, [northwind, ids.Alpha, 'subscription', '2025-01-02T00:00:00Z']);
    await q(client, [northwind, ids.Beta, 'referral', '2025-01-03T00:00:00Z']);
    for (let i = 1; i <= 11; i += 1) {
      await q(client, [
        northwind,
        ids[`Filler ${String(i).padStart(2, '0')}`],
        'referral',
        `2025-02-${String(i).padStart(2, '0')}T00:00:00Z`,
      ]);
    }
    await q(client, [other, ids.Beta, 'subscription', '2025-01-04T00:00:00Z']);
    await q(client, [other, ids.Gamma, 'subscription', '2025-01-04T00:00:00Z']);
  });
  const router = bots[`${TAG} Router`]!;
  const closer = bots[`${TAG} Closer`]!;
  await meter([
    // The first and last instants of March (UTC) count; the instants either side do not.
    { company: ids.Alpha!, bot: router, status: 'success', at: '2025-03-01T00:00:00.000Z' },
    { company: ids.Alpha!, bot: closer, status: 'success', at: '2025-03-31T23:59:59.999Z' },
    { company: ids.Alpha!, bot: router, status: 'failed', at: '2025-03-15T12:00:00.000Z' },
    { company: ids.Alpha!, bot: router, status: 'success', at: '2025-02-28T23:59:59.999Z' },
    { company: ids.Alpha!, bot: router, status: 'success', at: '2025-04-01T00:00:00.000Z' },
    { company: ids.Beta!, bot: router, status: 'success', at: '2025-03-10T00:00:00.000Z' },
    // Another publisher's run for a shared client never shows in Northwind's figures.
    { company: ids.Beta!, bot: otherBot, status: 'success', at: '2025-03-10T00:00:00.000Z' },
  ]);
}, HOOK_TIMEOUT_MS);

describe('who may use the clients routes', () => {
  const reads = () => [
    clientsPath,
    clientPath(ids.Alpha!),
    clientBotsPath(ids.Alpha!),
    clientRunsPath(ids.Alpha!),
  ];

  it('refuses company roles on every route, reads and markup', async () => {
    for (const email of [DEMO.admin.email, DEMO.manager.email, DEMO.tech.email]) {
      const client = await as(email);
      for (const path of reads()) expect((await client.get(path)).status, path).toBe(403);
      const res = await client.post(clientMarkupPath(ids.Alpha!), { markup_percent: 10 });
      expect(res.status).toBe(403);
    }
  });

  it('asks anonymous callers to log in', async () => {
    for (const path of reads()) expect((await t.client().get(path)).status, path).toBe(401);
  });

  it('lets the publisher user read every tab but not change the markup', async () => {
    const user = await as(DEMO.publisherUser.email);
    for (const path of reads()) expect((await user.get(path)).status, path).toBe(200);
    const res = await user.post(clientMarkupPath(ids.Alpha!), { markup_percent: 10 });
    expect(res.status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("lists only this publisher's clients", async () => {
    const data = await list('');
    const names = data.items.map((item) => item.name);
    expect(names).toContain(`${TAG} Alpha`);
    expect(names).not.toContain(`${TAG} Gamma`);
    expect(data.count).toBe(13);
  });

  it("answers 404 for another publisher's client and for a stranger, on every tab", async () => {
    const admin = await as(DEMO.publisher.email);
    for (const id of [ids.Gamma!, '00000000-0000-4000-8000-000000000000']) {
      for (const path of [clientPath(id), clientBotsPath(id), clientRunsPath(id)]) {
        const res = await admin.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body).toMatchObject({ message: CLIENT_MESSAGES.notFound });
      }
      const res = await admin.post(clientMarkupPath(id), { markup_percent: 10 });
      expect(res.status).toBe(404);
    }
    const [row] = await t.inspect((q) =>
      q(
        `SELECT markup_percent FROM publisher_clients WHERE publisher_id = $1 AND company_id = $2`,
        [other, ids.Gamma],
      ),
    );
    expect(row!.markup_percent).toBeNull();
  });

  it("counts a shared client's runs of this publisher's bots only", async () => {
    const beta = byName((await list(`month=${MARCH}`)).items, 'Beta');
    expect(beta).toMatchObject({ runs: 1, estimated_cost_cents: millicentsToCents(EST) });
  });
});

describe('the month (UTC calendar months)', () => {
  it('counts the first and last instants of March and neither neighbour', async () => {
    const data = await list(`month=${MARCH}`);
    const alpha = byName(data.items, 'Alpha');
    const clientCost = clientCostMillicents(EST, defaultMarkup);
    expect(alpha).toMatchObject({
      runs: 2,
      bots_used: 2,
      source: 'subscription',
      since: '2025-01-02T00:00:00.000Z',
      estimated_cost_cents: millicentsToCents(2 * EST),
      client_cost_cents: millicentsToCents(2 * clientCost),
      markup_percent: defaultMarkup,
      markup_overridden: false,
    });
    expect(data.totals).toEqual({
      runs: 3,
      estimated_cost_cents: millicentsToCents(3 * EST),
      client_cost_cents: millicentsToCents(3 * clientCost),
    });
    for (const [month, runs] of [
      ['02/01/2025', 1],
      ['04/01/2025', 1],
    ] as const) {
      expect(byName((await list(`month=${month}`)).items, 'Alpha').runs, month).toBe(runs);
    }
  });

  it('defaults to this UTC month', async () => {
    const data = await list('');
    expect(byName(data.items, 'Alpha').runs).toBe(0);
    expect(data.totals).toEqual({ runs: 0, estimated_cost_cents: 0, client_cost_cents: 0 });
  });

  it('rejects a month that is not MM/01/YYYY', async () => {
    const res = await (await as(DEMO.publisher.email)).get(`${clientsPath}?month=2025-03`);
    expect(res.status).toBe(422);
  });
});

describe('sorting, paging and search', () => {
  const keyOf: Record<ClientSortField, (item: ClientListItem) => string | number> = {
    name: (item) => item.name.toLowerCase(),
    since: (item) => item.since,
    bots_used: (item) => item.bots_used,
    runs: (item) => item.runs,
    estimated_cost: (item) => item.estimated_cost_cents,
    markup: (item) => item.markup_percent,
    client_cost: (item) => item.client_cost_cents,
  };

  it('sorts by every field both ways over two stable pages', async () => {
    for (const field of CLIENT_SORT_FIELDS) {
      for (const direction of ['asc', 'desc'] as const) {
        const query = `month=${MARCH}&sort_by=${field}&sort_direction=${direction}`;
        const first = await list(`${query}&page=1`);
        const second = await list(`${query}&page=2`);
        expect(first.items).toHaveLength(PAGE_SIZE);
        expect(second.items).toHaveLength(13 - PAGE_SIZE);
        const all = [...first.items, ...second.items];
        expect(new Set(all.map((item) => item.id)).size, field).toBe(13);
        const keys = all.map(keyOf[field]);
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(keys, `${field} ${direction}`).toEqual(
          direction === 'asc' ? sorted : sorted.reverse(),
        );
        // Ties fall back to the name, so the order never changes between requests.
        expect((await list(`${query}&page=1`)).items).toEqual(first.items);
      }
    }
  });

  it('puts the busiest client first by runs and keeps totals over every match', async () => {
    const data = await list(`month=${MARCH}&sort_by=runs&sort_direction=desc`);
    expect(data.items.slice(0, 2).map((item) => item.name)).toEqual([
      `${TAG} Alpha`,
      `${TAG} Beta`,
    ]);
    const page2 = await list(`month=${MARCH}&sort_by=runs&sort_direction=desc&page=2`);
    expect(page2.totals).toEqual(data.totals);
  });

  it('searches the company name', async () => {
    const res = await (
      await as(DEMO.publisher.email)
    ).get(`${clientsPath}?keyword=${TAG} fill&month=${MARCH}`);
    const data = clientListResponseSchema.parse(res.body).data;
    expect(data.count).toBe(11);
    expect(data.totals.runs).toBe(0);
    expect(data.items.every((item) => item.name.startsWith(`${TAG} Filler`))).toBe(true);
  });
});

describe('without a keyword (a prepared statement per sort, totals from the month rollup)', () => {
  async function unfiltered(query: string) {
    const res = await (await as(DEMO.publisher.email)).get(`${clientsPath}?${query}`);
    expect(res.status, res.text).toBe(200);
    return clientListResponseSchema.parse(res.body).data;
  }

  it("totals the publisher's month over every client and counts every client", async () => {
    const [clients] = await t.inspect((q) =>
      q(`SELECT count(*)::int AS n FROM publisher_clients WHERE publisher_id = $1`, [northwind]),
    );
    const data = await unfiltered(`month=${MARCH}`);
    expect(data.count).toBe(clients!.n);
    // Only this file's clients have runs in March 2025, so the keyword's totals are the month's.
    expect(data.totals).toEqual((await list(`month=${MARCH}`)).totals);
    expect(data.totals.runs).toBe(3);
  });

  it('sorts by every field both ways, the same on a second request', async () => {
    const keyOf: Partial<Record<ClientSortField, (item: ClientListItem) => string | number>> = {
      name: (item) => item.name.toLowerCase(),
      runs: (item) => item.runs,
      client_cost: (item) => item.client_cost_cents,
    };
    for (const field of CLIENT_SORT_FIELDS) {
      for (const direction of ['asc', 'desc'] as const) {
        const query = `month=${MARCH}&sort_by=${field}&sort_direction=${direction}`;
        const first = await unfiltered(query);
        expect(first.items.length, query).toBeGreaterThan(0);
        expect((await unfiltered(query)).items, query).toEqual(first.items);
        const key = keyOf[field];
        if (!key) continue;
        const keys = first.items.map(key);
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(keys, query).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      }
    }
  });

  it('moves the totals when a metered run is re-dated or removed', async () => {
    const [JUNE, JULY] = ['06/01/2025', '07/01/2025'];
    const runs = async (month: string) => (await unfiltered(`month=${month}`)).totals.runs;
    // The other publisher's run in June never counts in Northwind's month.
    const [, alphaRun] = await meter([
      { company: ids.Gamma!, bot: otherBot, status: 'success', at: '2025-06-10T00:00:00.000Z' },
      {
        company: ids.Alpha!,
        bot: bots[`${TAG} Closer`]!,
        status: 'success',
        at: '2025-06-10T00:00:00.000Z',
      },
    ]);
    expect([await runs(JUNE), await runs(JULY)]).toEqual([1, 0]);
    await t.inspect((q) =>
      q(`UPDATE bot_usage SET created_at = '2025-07-02T00:00:00Z' WHERE result_id = $1`, [
        alphaRun,
      ]),
    );
    expect([await runs(JUNE), await runs(JULY)]).toEqual([0, 1]);
    await t.inspect((q) => q(`DELETE FROM bot_usage WHERE result_id = $1`, [alphaRun]));
    expect([await runs(JUNE), await runs(JULY)]).toEqual([0, 0]);
    // Every publisher's month is the sum of its client months.
    const drift = await t.inspect((q) =>
      q(`SELECT pm.publisher_id FROM publisher_months pm
         LEFT JOIN (SELECT publisher_id, month_start, sum(runs) AS runs,
             sum(client_cost_millicents) AS client_cost
           FROM publisher_client_months GROUP BY 1, 2) c
           ON c.publisher_id = pm.publisher_id AND c.month_start = pm.month_start
         WHERE pm.runs <> coalesce(c.runs, 0)
           OR pm.client_cost_millicents <> coalesce(c.client_cost, 0)`),
    );
    expect(drift).toEqual([]);
  });
});

describe('a client', () => {
  it('shows only what the company shares publicly', async () => {
    const res = await (await as(DEMO.publisherUser.email)).get(clientPath(ids.Alpha!));
    expect(res.status, res.text).toBe(200);
    const { data } = clientDetailResponseSchema.parse(res.body);
    expect(data).toMatchObject({
      id: ids.Alpha,
      name: `${TAG} Alpha`,
      city: 'Austin',
      state: 'TX',
      description: 'We fix pipes.',
      source: 'subscription',
      bots_used: 2,
      default_markup_percent: defaultMarkup,
    });
    expect(data.industry).toEqual(expect.any(String));
    expect(res.text).not.toContain('1 Private Road');
  });

  it("lists the publisher's bots it uses with the pin, the newest and the retirement day", async () => {
    const res = await (await as(DEMO.publisher.email)).get(clientBotsPath(ids.Alpha!));
    const { data } = clientBotsResponseSchema.parse(res.body);
    expect(
      data.map((bot) => [
        bot.name,
        bot.version,
        bot.latest_version,
        bot.update_available,
        bot.retires_on,
      ]),
    ).toEqual([
      [`${TAG} Closer`, 1, 1, false, null],
      [`${TAG} Router`, 1, 2, true, '2099-01-01'],
    ]);
  });

  it('lists runs with their costs and nothing of the conversation', async () => {
    const admin = await as(DEMO.publisher.email);
    const res = await admin.get(`${clientRunsPath(ids.Alpha!)}?month=${MARCH}`);
    expect(res.status, res.text).toBe(200);
    const { data } = clientRunsResponseSchema.parse(res.body);
    expect(data.count).toBe(3);
    expect(res.text).not.toContain('SECRET');
    for (const item of data.items) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(clientRunSchema.shape).sort());
      expect(item).toMatchObject({ run_type: 'automatic', target_type: 'csr-call' });
    }
    const failed = data.items.find((item) => item.status === 'failed')!;
    expect(failed).toMatchObject({ estimated_cost_millicents: 0, client_cost_millicents: 0 });
    const closer = bots[`${TAG} Closer`]!.id;
    const filtered = await admin.get(
      `${clientRunsPath(ids.Alpha!)}?month=${MARCH}&bot_id=${closer}`,
    );
    expect(clientRunsResponseSchema.parse(filtered.body).data.items).toEqual([
      expect.objectContaining({
        bot_id: closer,
        estimated_cost_millicents: EST,
        markup_percent: defaultMarkup,
        client_cost_millicents: clientCostMillicents(EST, defaultMarkup),
      }),
    ]);
    const onlyFailed = await admin.get(
      `${clientRunsPath(ids.Alpha!)}?month=${MARCH}&status=failed`,
    );
    expect(clientRunsResponseSchema.parse(onlyFailed.body).data.count).toBe(1);
    const april = await admin.get(`${clientRunsPath(ids.Alpha!)}?month=04/01/2025`);
    expect(clientRunsResponseSchema.parse(april.body).data.count).toBe(1);
  });
});

describe('the markup override', () => {
  it(
    'applies to runs metered after it, audited; runs already metered keep theirs',
    async () => {
      const admin = await as(DEMO.publisher.email);
      const before = byName((await list(`month=${MARCH}`)).items, 'Alpha');
      const res = await admin.post(clientMarkupPath(ids.Alpha!), { markup_percent: 50 });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        message: CLIENT_MESSAGES.markupSaved,
        data: { markup_percent: 50, markup_overridden: true },
      });
      const unchanged = byName((await list(`month=${MARCH}`)).items, 'Alpha');
      expect(unchanged).toEqual({ ...before, markup_percent: 50, markup_overridden: true });

      await meter([
        {
          company: ids.Alpha!,
          bot: bots[`${TAG} Router`]!,
          status: 'success',
          at: '2025-03-20T00:00:00.000Z',
        },
      ]);
      const after = byName((await list(`month=${MARCH}`)).items, 'Alpha');
      const old = clientCostMillicents(EST, defaultMarkup);
      expect(after).toMatchObject({
        runs: 3,
        client_cost_cents: millicentsToCents(2 * old + clientCostMillicents(EST, 50)),
      });
      const runs = clientRunsResponseSchema.parse(
        (await admin.get(`${clientRunsPath(ids.Alpha!)}?month=${MARCH}&status=success`)).body,
      ).data.items;
      expect(runs.map((run) => run.markup_percent).sort()).toEqual(
        [50, defaultMarkup, defaultMarkup].sort(),
      );

      // Clearing goes back to the default for the runs to come.
      const cleared = await admin.post(clientMarkupPath(ids.Alpha!), { markup_percent: null });
      expect(cleared.body).toMatchObject({
        data: { markup_percent: defaultMarkup, markup_overridden: false },
      });
      const audit = await t.inspect((q) =>
        q(
          `SELECT meta FROM audit_log WHERE event = 'publisher.client_markup'
             AND meta->>'company_id' = $1 ORDER BY at`,
          [ids.Alpha],
        ),
      );
      expect(audit.map((row) => row.meta)).toEqual([
        expect.objectContaining({ publisher_id: northwind, from: null, to: 50 }),
        expect.objectContaining({ publisher_id: northwind, from: 50, to: null }),
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('rejects a markup out of range', async () => {
    const res = await (
      await as(DEMO.publisher.email)
    ).post(clientMarkupPath(ids.Beta!), {
      markup_percent: -1,
    });
    expect(res.status).toBe(422);
  });
});
