import { randomBytes } from 'node:crypto';
import {
  CSV_EXPORT_BATCH,
  botRunEstimatedMillicents,
  centsToMoneyText,
  clientCostMillicents,
  clientListResponseSchema,
  clientsExportPath,
  clientsPath,
  millicentsToCents,
  neutraliseCell,
  type ClientListItem,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBots } from './support/bots';
import { allPages, downloadCsv } from './support/csv';
import { DEMO } from './support/demo';
import { ENGINE_MILLICENTS, meterRuns } from './support/metered-runs';
import { HOOK_TIMEOUT_MS, signedInClients, useTestApp } from './support/test-app';

/**
 * A publisher's clients as CSV: Northwind gets more clients than a batch, two with March 2025 runs
 * (one at an override markup), one whose name a spreadsheet would run; another publisher has a
 * client of its own under the same prefix.
 */
const t = useTestApp();
const as = signedInClients(t);

const TAG = `Zc${randomBytes(3).toString('hex')}`;
const MANY = CSV_EXPORT_BATCH + 5;
const MARCH = 'month=03/01/2025';
const RUNS = 20;
const PRICE_CENTS = 5;
const EST = botRunEstimatedMillicents(PRICE_CENTS, ENGINE_MILLICENTS);
const FORMULA = `@${TAG} Formula`;

const HEADER = [
  'Client',
  'Since (UTC)',
  'Source',
  'Bots used',
  'Runs',
  'Estimated cost (USD)',
  'Markup %',
  'Client cost (USD)',
];

let defaultMarkup: number;

beforeAll(async () => {
  const ids: Record<string, string> = {};
  const bots = await t.inspect(async (q) => {
    const [nw] = await q(`SELECT id, markup_percent FROM publishers WHERE name = 'Northwind Bots'`);
    const northwind = String(nw!.id);
    defaultMarkup = Number(nw!.markup_percent);
    for (const name of ['Alpha', 'Beta', 'Foreign']) {
      const [row] = await q(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [
        `${TAG} ${name}`,
      ]);
      ids[name] = String(row!.id);
    }
    const [formula] = await q(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [FORMULA]);
    ids.Formula = String(formula!.id);
    const client = `INSERT INTO publisher_clients (publisher_id, company_id, source, created_at,
      markup_percent) VALUES ($1, $2, $3, $4, $5)`;
    await q(client, [northwind, ids.Alpha, 'subscription', '2025-01-02T00:00:00Z', null]);
    await q(client, [northwind, ids.Beta, 'referral', '2025-01-03T00:00:00Z', 35]);
    await q(client, [northwind, ids.Formula, 'referral', '2025-01-04T00:00:00Z', null]);
    await q(
      `WITH bulk AS (
         INSERT INTO companies (name)
         SELECT $2 || ' Bulk ' || lpad(n::text, 5, '0') FROM generate_series(1, $3::int) n
         RETURNING id)
       INSERT INTO publisher_clients (publisher_id, company_id, source, created_at)
       SELECT $1, id, 'referral', '2025-02-01T00:00:00Z' FROM bulk`,
      [northwind, TAG, MANY],
    );
    const own = await insertBots(
      q,
      [
        {
          name: `${TAG} Router`,
          trigger: 'call-complete',
          trigger_event: 'every',
          companies: [ids.Alpha!, ids.Beta!],
        },
      ],
      { publisherId: northwind },
    );
    const other = await insertBots(q, [
      {
        name: `${TAG} Other`,
        trigger: 'call-complete',
        trigger_event: 'every',
        companies: [ids.Foreign!],
      },
    ]);
    const [o] = await q(`SELECT publisher_id FROM bots WHERE id = $1`, [other[`${TAG} Other`]!.id]);
    await q(client, [o!.publisher_id, ids.Foreign, 'subscription', '2025-01-05T00:00:00Z', null]);
    return { router: own[`${TAG} Router`]!, other: other[`${TAG} Other`]! };
  });
  const at = (i: number) => `2025-03-${String(1 + i).padStart(2, '0')}T12:00:00.000Z`;
  await meterRuns(t, [
    ...Array.from({ length: RUNS }, (_, i) => ({
      company: ids.Alpha!,
      bot: bots.router,
      status: 'success' as const,
      at: at(i),
    })),
    { company: ids.Beta!, bot: bots.router, status: 'success', at: at(1) },
    { company: ids.Foreign!, bot: bots.other, status: 'success', at: at(1) },
  ]);
}, HOOK_TIMEOUT_MS);

const exportOf = async (query: string, email: string = DEMO.publisher.email) =>
  downloadCsv(await as(email), `${clientsExportPath}?keyword=${TAG}&${query}`, 'clients');

async function listed(query: string) {
  const client = await as(DEMO.publisher.email);
  return allPages(async (page) => {
    const res = await client.get(`${clientsPath}?keyword=${TAG}&${query}&page=${page}`);
    expect(res.status, res.text).toBe(200);
    return clientListResponseSchema.parse(res.body).data;
  });
}

/** A list row's cells as the export writes them: amounts in dollars, never neutralised. */
const cells = (c: ClientListItem) => [
  ...[c.name, c.since, c.source, String(c.bots_used), String(c.runs)].map(neutraliseCell),
  centsToMoneyText(c.estimated_cost_cents),
  String(c.markup_percent),
  centsToMoneyText(c.client_cost_cents),
];

describe('the clients export', () => {
  it("holds every client of the list, across batches, in the list's order", async () => {
    for (const query of [MARCH, `${MARCH}&sort_by=client_cost&sort_direction=desc`]) {
      const [header, ...rows] = await exportOf(query);
      expect(header).toEqual(HEADER);
      expect(rows.length).toBe(MANY + 3);
      expect(rows).toEqual((await listed(query)).map(cells));
    }
  });

  it("writes the month's amounts as dollars with two decimals", async () => {
    const rows = (await exportOf(`${MARCH}&sort_by=runs&sort_direction=desc`)).slice(1);
    expect(rows.slice(0, 2)).toEqual([
      [
        `${TAG} Alpha`,
        '2025-01-02T00:00:00.000Z',
        'subscription',
        '1',
        String(RUNS),
        centsToMoneyText(millicentsToCents(RUNS * EST)),
        String(defaultMarkup),
        centsToMoneyText(millicentsToCents(RUNS * clientCostMillicents(EST, defaultMarkup))),
      ],
      [
        `${TAG} Beta`,
        '2025-01-03T00:00:00.000Z',
        'referral',
        '1',
        '1',
        centsToMoneyText(millicentsToCents(EST)),
        '35',
        centsToMoneyText(millicentsToCents(clientCostMillicents(EST, 35))),
      ],
    ]);
    expect(rows[0]![5]).toMatch(/^[1-9]\d*\.\d{2}$/);
    // Another month: no runs, no cost.
    const april = (await exportOf('month=04/01/2025')).slice(1);
    expect(april.find((row) => row[0] === `${TAG} Alpha`)!.slice(4)).toEqual([
      '0',
      '0.00',
      String(defaultMarkup),
      '0.00',
    ]);
  });

  it('neutralises a client name a spreadsheet would run', async () => {
    const rows = (await exportOf(MARCH)).slice(1);
    expect(rows.filter((row) => row[0]!.includes('Formula'))).toEqual([
      [
        `'${FORMULA}`,
        '2025-01-04T00:00:00.000Z',
        'referral',
        '0',
        '0',
        '0.00',
        String(defaultMarkup),
        '0.00',
      ],
    ]);
  });

  it("never holds another publisher's client, and reads the same for the publisher's user", async () => {
    const admin = (await exportOf(MARCH)).slice(1);
    expect(admin.map((row) => row[0])).not.toContain(`${TAG} Foreign`);
    const user = (await exportOf(MARCH, DEMO.publisherUser.email)).slice(1);
    expect(user).toEqual(admin);
  });

  it('is refused to company roles and anonymous callers, and checks its query', async () => {
    for (const email of [DEMO.admin.email, DEMO.manager.email, DEMO.tech.email]) {
      expect((await (await as(email)).get(clientsExportPath)).status).toBe(403);
    }
    expect((await t.client().get(clientsExportPath)).status).toBe(401);
    const publisher = await as(DEMO.publisher.email);
    expect((await publisher.get(`${clientsExportPath}?month=2025-03`)).status).toBe(422);
    expect((await publisher.get(`${clientsExportPath}?sort_by=secret`)).status).toBe(422);
  });
});
