import { randomBytes } from 'node:crypto';
import {
  CSV_EXPORT_BATCH,
  interactionListResponseSchema,
  interactionTypeLabel,
  interactionsExportPath,
  neutraliseCell,
  type InteractionListItem,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBots } from './support/bots';
import { allPages, downloadCsv } from './support/csv';
import { DEMO } from './support/demo';
import type { SqlQuery } from './support/test-app';
import { HOOK_TIMEOUT_MS, signedInClients, useTestApp } from './support/test-app';

/**
 * A customer's interactions as CSV: the Interactions table's columns, then one column per bot
 * with a successful result on an exported interaction, holding its latest result's tags. The
 * customer has more interactions than a batch; every tenth is on the demo technician's job.
 */
const t = useTestApp();
const as = signedInClients(t);

const TAG = `Zi${randomBytes(3).toString('hex')}`;
const MANY = CSV_EXPORT_BATCH + 15;
/** n = 1 is the oldest interaction, so the last row of the default (newest first) order. */
const number = (n: number) =>
  n === 1 ? `=${TAG}-formula` : `${TAG}-${String(n).padStart(5, '0')}`;
const FORMULA_BOT = `=${TAG} Scorer`;
const CLOSER = `${TAG} Closer`;

/** The Interactions table's columns. */
const LIST_HEADER = [
  'Interaction ID',
  'Type',
  'Call type',
  'Status',
  'Field Team',
  'Timestamp (UTC)',
  'Duration (s)',
];
/** The recording's consent record. */
const CONSENT_HEADER = [
  'Consent method',
  'Consent confirmed by',
  'Consent recorded at (UTC)',
  'Consent notice version',
];
const BASE_HEADER = [...LIST_HEADER, ...CONSENT_HEADER];
const CONSENT_AT = '2025-01-01T00:02:05.000Z';

let customerId: string;
/** An Acme customer without a job of the demo technician's. */
let otherCustomerId: string;
const interaction: Record<number, string> = {};

/** A run of one bot on one interaction, finished at `finishedAt`. */
async function insertResult(
  q: SqlQuery,
  companyId: string,
  bot: { id: string; versionId: string },
  n: number,
  status: 'success' | 'failed',
  finishedAt: string,
  tags: { label: string; data: string | null }[] | null,
) {
  const [run] = await q(
    `INSERT INTO bot_runs (company_id, target_type, interaction_id, run_type, status, started_at)
     VALUES ($1, 'field-recording', $2, 'manual', 'success', $3) RETURNING id`,
    [companyId, interaction[n], finishedAt],
  );
  await q(
    `INSERT INTO bot_results (run_id, company_id, bot_id, version_id, status, output_tags,
       finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      run!.id,
      companyId,
      bot.id,
      bot.versionId,
      status,
      tags && JSON.stringify(tags.map((tag, id) => ({ id, ...tag, description: '' }))),
      finishedAt,
    ],
  );
}

beforeAll(async () => {
  await t.inspect(async (q) => {
    const [acme] = await q(`SELECT id FROM companies WHERE name = 'Acme Home Services'`);
    const companyId = String(acme!.id);
    const [tech] = await q(`SELECT id FROM users WHERE email = $1`, [DEMO.tech.email]);
    const [tech2] = await q(`SELECT id FROM users WHERE email = $1`, [DEMO.acmeTech2.email]);
    const customer = `INSERT INTO customers (company_id, external_id, name, type, active)
      VALUES ($1, $2, $3, 'Residential', true) RETURNING id`;
    customerId = String((await q(customer, [companyId, TAG, `${TAG} Home`]))[0]!.id);
    otherCustomerId = String(
      (await q(customer, [companyId, `${TAG}-2`, `${TAG} Other Home`]))[0]!.id,
    );
    const [job] = await q(
      `INSERT INTO jobs (company_id, customer_id, job_number, technician_id)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [companyId, customerId, `${TAG}-J1`, tech!.id],
    );
    // Every third a booked or unbooked call; durations repeat (ties the id breaks).
    const rows = await q(
      `INSERT INTO interactions (company_id, customer_id, number, type, call_type, status,
         job_id, recorded_by_id, started_at, duration_seconds)
       SELECT $1, $2,
         CASE WHEN n = 1 THEN '=' || $3 || '-formula' ELSE $3 || '-' || lpad(n::text, 5, '0') END,
         CASE WHEN n % 3 = 0 THEN 'csr-call' ELSE 'field-recording' END,
         CASE WHEN n % 6 = 0 THEN 'Booked' WHEN n % 3 = 0 THEN 'Unbooked' END,
         'completed',
         CASE WHEN n % 10 = 0 THEN $4::uuid END,
         CASE WHEN n % 7 = 0 AND n % 3 <> 0 THEN $5::uuid END,
         '2025-01-01T00:00:00Z'::timestamptz + n * interval '1 minute',
         CASE WHEN n % 11 = 0 THEN NULL ELSE (n % 13) * 10 END
       FROM generate_series(1, $6::int) n
       RETURNING id, number`,
      [companyId, customerId, TAG, job!.id, tech2!.id, MANY],
    );
    for (const row of rows) {
      const n = row.number === number(1) ? 1 : Number(String(row.number).split('-').at(-1));
      interaction[n] = String(row.id);
    }
    await q(
      `INSERT INTO recording_consents (interaction_id, company_id, method, confirmed_by_id,
         confirmed_by_name, confirmed_at, notice_version) VALUES
         ($1, $3, 'both', $4, 'Tess Tech', $5, 'notice-2026-12'),
         ($2, $3, 'notice', NULL, NULL, $5, 'notice-2026-12')`,
      [interaction[2], interaction[4], companyId, tech!.id, CONSENT_AT],
    );

    const bots = await insertBots(q, [
      { name: FORMULA_BOT, trigger: 'call-complete', trigger_event: 'every', companies: [] },
      { name: CLOSER, trigger: 'call-complete', trigger_event: 'every', companies: [] },
      { name: `${TAG} Never`, trigger: 'call-complete', trigger_event: 'every', companies: [] },
    ]);
    // Another publisher's bot of the same name.
    const closer2 = (
      await insertBots(q, [
        { name: CLOSER, trigger: 'call-complete', trigger_event: 'every', companies: [] },
      ])
    )[CLOSER]!;
    const scorer = bots[FORMULA_BOT]!;
    // n = 10 (the technician's job, in the second batch): two successes and a later failure.
    await insertResult(q, companyId, scorer, 10, 'success', '2025-02-01T00:00:00Z', [
      { label: 'Plan', data: 'old answer' },
    ]);
    await insertResult(q, companyId, scorer, 10, 'success', '2025-03-01T00:00:00Z', [
      { label: 'Plan', data: 'Yes, annual' },
      { label: 'Price', data: null },
    ]);
    await insertResult(q, companyId, scorer, 10, 'failed', '2025-04-01T00:00:00Z', null);
    // Not the technician's: n = 5 (second batch) and the newest (first row).
    await insertResult(q, companyId, bots[CLOSER]!, 5, 'success', '2025-02-01T00:00:00Z', [
      { label: 'Outcome', data: '=SUM(A1)' },
    ]);
    await insertResult(q, companyId, closer2, MANY, 'success', '2025-02-01T00:00:00Z', [
      { label: 'Outcome', data: 'Booked' },
    ]);
    await insertResult(
      q,
      companyId,
      bots[`${TAG} Never`]!,
      20,
      'failed',
      '2025-02-01T00:00:00Z',
      null,
    );
  });
}, HOOK_TIMEOUT_MS);

const exportOf = async (email: string, query = '', id = customerId) =>
  downloadCsv(await as(email), `${interactionsExportPath(id)}?${query}`, 'interactions');

async function listed(email: string, query: string) {
  const client = await as(email);
  return allPages(async (page) => {
    const res = await client.get(`/api/company/interactions/${customerId}?${query}&page=${page}`);
    expect(res.status, res.text).toBe(200);
    return interactionListResponseSchema.parse(res.body).data;
  });
}

/** The table's cells of a list row, as the export writes them. */
const baseCells = (item: InteractionListItem) =>
  [
    item.interaction_id,
    interactionTypeLabel(item.type, null),
    item.call_type ?? '',
    item.status,
    item.recording_by ?? '',
    item.created_at,
    item.duration === null ? '' : String(item.duration),
  ].map(neutraliseCell);

describe("a customer's interactions export", () => {
  it("holds every row of the list in its order, across batches, and each bot's latest findings", async () => {
    const [header, ...rows] = await exportOf(DEMO.admin.email);
    // Bots by name (byte order); the two Closers (two publishers) are told apart.
    expect(header).toEqual([...BASE_HEADER, `'${FORMULA_BOT}`, CLOSER, `${CLOSER} (2)`]);
    const items = await listed(DEMO.admin.email, '');
    expect(rows.length).toBe(MANY);
    expect(rows.map((row) => row.slice(0, LIST_HEADER.length))).toEqual(items.map(baseCells));
    expect(rows.at(-1)!.slice(0, 3)).toEqual([`'=${TAG}-formula`, 'Field Recording', '']);

    const bots = new Map(rows.map((row) => [row[0], row.slice(BASE_HEADER.length)]));
    // The latest success; the later failure and the older success do not count.
    expect(bots.get(number(10))).toEqual(['Plan: Yes, annual; Price: –', '', '']);
    expect(bots.get(number(20))).toEqual(['', '', '']);
    // Which Closer is "(2)" follows the ids; each result sits under its own bot's column.
    const [second, first] = [bots.get(number(5))!, bots.get(number(MANY))!];
    expect([second[0], [...second.slice(1)].sort()]).toEqual(['', ['', 'Outcome: =SUM(A1)']]);
    expect([first[0], [...first.slice(1)].sort()]).toEqual(['', ['', 'Outcome: Booked']]);
    expect(second.indexOf('Outcome: =SUM(A1)')).not.toBe(first.indexOf('Outcome: Booked'));
  });

  it("holds each recording's consent record, empty for calls and older recordings", async () => {
    const rows = new Map((await exportOf(DEMO.admin.email)).slice(1).map((row) => [row[0], row]));
    const consent = (n: number) =>
      rows.get(number(n))!.slice(LIST_HEADER.length, BASE_HEADER.length);
    expect(consent(2)).toEqual([
      'Technician confirmation and recorded notice',
      'Tess Tech',
      CONSENT_AT,
      'notice-2026-12',
    ]);
    expect(consent(4)).toEqual(['Recorded notice', '', CONSENT_AT, 'notice-2026-12']);
    expect(consent(3)).toEqual(['', '', '', '']);
    expect(consent(5)).toEqual(['', '', '', '']);
  });

  it("follows the list's filter and sort, ties broken as the list breaks them", async () => {
    for (const query of [
      'sort_by=duration&sort_direction=asc',
      'type=csr-call&sort_by=recording_by',
    ]) {
      const rows = (await exportOf(DEMO.manager.email, query)).slice(1);
      const items = await listed(DEMO.manager.email, query);
      expect(rows.map((row) => row.slice(0, LIST_HEADER.length))).toEqual(items.map(baseCells));
    }
    const calls = (await exportOf(DEMO.manager.email, 'type=csr-call')).slice(1);
    expect(calls.length).toBe(Math.floor(MANY / 3));
    expect(new Set(calls.map((row) => row[1]))).toEqual(new Set(['CSR Call']));
    // No bot has a successful result on a call: no bot columns.
    expect((await exportOf(DEMO.manager.email, 'type=csr-call'))[0]).toEqual(BASE_HEADER);
  });

  it("keeps to the technician's interactions, and their bots only", async () => {
    const [header, ...rows] = await exportOf(DEMO.tech.email);
    expect(header).toEqual([...BASE_HEADER, `'${FORMULA_BOT}`]);
    const items = await listed(DEMO.tech.email, '');
    expect(rows.map((row) => row.slice(0, LIST_HEADER.length))).toEqual(items.map(baseCells));
    expect(rows.length).toBe(Math.floor(MANY / 10));
    expect(rows.find((row) => row[0] === number(10))!.at(-1)).toBe('Plan: Yes, annual; Price: –');
  });

  it('answers 404 for a customer out of scope, as the list does', async () => {
    for (const [email, id] of [
      [DEMO.globex.email, customerId],
      [DEMO.tech.email, otherCustomerId],
    ] as const) {
      const client = await as(email);
      expect((await client.get(`/api/company/interactions/${id}`)).status).toBe(404);
      expect((await client.get(interactionsExportPath(id))).status).toBe(404);
    }
  });

  it('is refused to publishers and to anonymous callers, and checks its path and query', async () => {
    const path = interactionsExportPath(customerId);
    expect((await (await as(DEMO.publisher.email)).get(path)).status).toBe(403);
    expect((await t.client().get(path)).status).toBe(401);
    const admin = await as(DEMO.admin.email);
    expect((await admin.get(`${path}?sort_by=password`)).status).toBe(422);
    expect((await admin.get(interactionsExportPath('not-a-uuid'))).status).toBe(422);
  });
});
