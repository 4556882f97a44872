import { randomBytes } from 'node:crypto';
import {
  CSV_EXPORT_BATCH,
  customerListResponseSchema,
  customersExportPath,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvRows as rowsOf } from './support/csv';
import { DEMO } from './support/demo';
import { HOOK_TIMEOUT_MS, signedInClients, useTestApp } from './support/test-app';

/**
 * CSV exports: a download of the list on screen (its scope, filter and order), streamed in
 * batches, every cell a spreadsheet would run neutralised, and a UTF-8 byte order mark first.
 */
const t = useTestApp();
const as = signedInClients(t);

const TAG = `Zx${randomBytes(3).toString('hex')}`;
/** More customers than two batches, so the stream crosses batch boundaries. */
const MANY = 2 * CSV_EXPORT_BATCH + 7;
const FORMULA = `=HYPERLINK("http://evil.test","${TAG} click")`;

beforeAll(async () => {
  await t.inspect(async (q) => {
    const [acme] = await q(`SELECT id FROM companies WHERE name = 'Acme Home Services'`);
    await q(
      `INSERT INTO customers (company_id, external_id, name, type, active)
       SELECT $1, '+' || n, $2 || ' Bulk ' || lpad(n::text, 5, '0'),
         CASE WHEN n % 2 = 0 THEN 'Residential' ELSE 'Commercial' END, n % 3 <> 0
       FROM generate_series(1, $3::int) n`,
      [acme!.id, TAG, MANY],
    );
    await q(
      `INSERT INTO customers (company_id, external_id, name, type, active)
       VALUES ($1, '@ext', $2, 'Residential', true)`,
      [acme!.id, FORMULA],
    );
  });
}, HOOK_TIMEOUT_MS);

async function download(email: string, query: string) {
  const res = await (await as(email)).get(`${customersExportPath}?${query}`);
  expect(res.status, res.text).toBe(200);
  return res;
}

describe('the customers export', () => {
  it('is a UTF-8 CSV download with a byte order mark, a header and CRLF lines', async () => {
    const res = await download(DEMO.admin.email, `keyword=${TAG} Bulk 0000`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.text.startsWith('\uFEFFCustomer ID,Name,Type,Jobs,Status,Created (UTC)\r\n')).toBe(
      true,
    );
    const rows = rowsOf(res.text);
    expect(rows).toHaveLength(1 + 9);
    expect(rows[1]).toEqual([
      "'+1",
      `${TAG} Bulk 00001`,
      'Commercial',
      '0',
      'Active',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const rows = rowsOf((await download(DEMO.admin.email, `keyword=${TAG} click`)).text);
    expect(rows.slice(1)).toEqual([
      ["'@ext", `'${FORMULA}`, 'Residential', '0', 'Active', expect.any(String)],
    ]);
  });

  it("holds every row of the list, across batches, in the list's filter and order", async () => {
    const query = `keyword=${TAG} Bulk&type=Commercial&sort_by=name&sort_direction=desc`;
    const rows = rowsOf((await download(DEMO.manager.email, query)).text).slice(1);
    const listed = customerListResponseSchema.parse(
      (await (await as(DEMO.manager.email)).get(`/api/company/customers?${query}&page=1`)).body,
    ).data;
    expect(rows).toHaveLength(listed.count);
    expect(rows.length).toBeGreaterThan(CSV_EXPORT_BATCH);
    expect(rows.slice(0, listed.items.length).map((row) => row[1])).toEqual(
      listed.items.map((item) => item.name),
    );
    const names = rows.map((row) => row[1]!);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort().reverse()).toEqual(names);
    expect(rows.every((row) => row[2] === 'Commercial')).toBe(true);
  });

  it("keeps to the caller's scope: a technician's customers, never another company's", async () => {
    const tech = rowsOf((await download(DEMO.tech.email, `keyword=${TAG}`)).text);
    // The bulk customers have no job of the technician's.
    expect(tech).toHaveLength(1);
    const globex = rowsOf((await download(DEMO.globex.email, `keyword=${TAG}`)).text);
    expect(globex).toHaveLength(1);
  });

  it('is refused to publishers and to anonymous callers, and checks its query', async () => {
    expect((await (await as(DEMO.publisher.email)).get(customersExportPath)).status).toBe(403);
    expect((await t.client().get(customersExportPath)).status).toBe(401);
    const bad = await (await as(DEMO.admin.email)).get(`${customersExportPath}?sort_by=password`);
    expect(bad.status).toBe(422);
  });
});
