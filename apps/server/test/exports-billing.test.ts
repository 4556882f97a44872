import { randomBytes } from 'node:crypto';
import {
  CSV_EXPORT_BATCH,
  centsToMoneyText,
  invoiceListResponseSchema,
  invoicesExportPath,
  neutraliseCell,
  transactionListResponseSchema,
  transactionsExportPath,
  type Invoice,
  type Transaction,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { allPages, downloadCsv } from './support/csv';
import { DEMO } from './support/demo';
import { HOOK_TIMEOUT_MS, signedInClients, useTestApp } from './support/test-app';

/**
 * The billing history as CSV: Acme gets more invoices than a batch (totals that repeat, three
 * statuses, January to May 2025), each with a transaction inserted in one statement (so they tie
 * on their creation time); Globex gets one invoice under the same prefix.
 */
const t = useTestApp();
const as = signedInClients(t);

const TAG = `ZB${randomBytes(3).toString('hex')}`;
const MANY = CSV_EXPORT_BATCH + 5;
const FORMULA = `=cmd|' /C calc'!A0`;
const GLOBEX_INVOICE = `${TAG}-G1`;

beforeAll(async () => {
  await t.inspect(async (q) => {
    const [acme] = await q(`SELECT id FROM companies WHERE name = $1`, [DEMO.admin.company]);
    const [globex] = await q(`SELECT id FROM companies WHERE name = $1`, [DEMO.globex.company]);
    await q(
      `INSERT INTO invoices (company_id, period, invoice_number, period_start, period_end,
         issued_at, total_cents, status, view_token)
       SELECT $1, $2 || '-' || n, $2 || '-' || lpad(n::text, 5, '0'), '2025-01-01', '2025-02-01',
         '2025-01-01T00:00:00Z'::timestamptz + n * interval '3 hours', (n % 50) * 2469 + 5,
         (ARRAY['open', 'paid', 'failed'])[n % 3 + 1], 'token-' || n
       FROM generate_series(1, $3::int) n`,
      [acme!.id, TAG, MANY],
    );
    await q(
      `INSERT INTO invoices (company_id, period, invoice_number, period_start, period_end,
         issued_at, total_cents, view_token)
       VALUES ($1, $2, $2, '2025-03-01', '2025-04-01', '2025-03-10T00:00:00Z', 700, 'token-g')`,
      [globex!.id, GLOBEX_INVOICE],
    );
    // One transaction per invoice (Globex's too), every fourth declined, every fifth without a card.
    await q(
      `INSERT INTO payment_transactions (company_id, invoice_id, amount_cents, card_type,
         card_last4, status, provider, failure_message, idempotency_key, payment_date)
       SELECT i.company_id, i.id, i.total_cents, 'visa',
         CASE WHEN i.n % 5 = 0 THEN NULL ELSE '0042' END,
         CASE WHEN i.n % 4 = 0 THEN 'failed' ELSE 'success' END, 'sandbox',
         CASE WHEN i.n % 4 = 0 THEN 'Your card was declined.' END,
         i.invoice_number || '-tx', i.issued_at + interval '1 hour'
       FROM (SELECT *, row_number() OVER (ORDER BY invoice_number) AS n
         FROM invoices WHERE invoice_number LIKE $1 || '-%') i`,
      [TAG],
    );
    await q(`UPDATE payment_transactions SET failure_message = $2 WHERE idempotency_key = $1`, [
      `${TAG}-00004-tx`,
      FORMULA,
    ]);
  });
}, HOOK_TIMEOUT_MS);

const exportOf = async (
  path: string,
  list: string,
  query: string,
  email: string = DEMO.admin.email,
) => (await downloadCsv(await as(email), `${path}?${query}`, list)).slice(1);

async function listed<T>(
  path: string,
  schema: { parse(body: unknown): { data: { items: T[]; total: number } } },
  query: string,
) {
  const client = await as(DEMO.admin.email);
  return allPages(async (page) => {
    const res = await client.get(`${path}?${query}&page=${page}`);
    expect(res.status, res.text).toBe(200);
    const { items, total } = schema.parse(res.body).data;
    return { items, count: total };
  });
}

/** An invoice of the list as the export writes it: the total in dollars, not neutralised. */
const invoiceCells = (i: Invoice) => [
  neutraliseCell(i.invoice_number),
  i.date,
  centsToMoneyText(i.total_amount),
  i.status,
];
const transactionCells = (x: Transaction) => [
  neutraliseCell(x.invoice_number),
  centsToMoneyText(x.amount),
  x.card_number ? `•••• ${x.card_number}` : '',
  x.payment_date,
  x.status,
  neutraliseCell(x.failure_message ?? ''),
];

describe('the invoices export', () => {
  it("holds every invoice of the list, across batches, in the list's search and order", async () => {
    const res = await (await as(DEMO.admin.email)).get(`${invoicesExportPath}?keyword=${TAG}`);
    expect(res.text.startsWith('\uFEFFInvoice Number,Date (UTC),Total (USD),Status\r\n')).toBe(
      true,
    );
    for (const query of [`keyword=${TAG}`, `keyword=${TAG}&sort=total_amount&direction=asc`]) {
      const rows = await exportOf(invoicesExportPath, 'invoices', query);
      expect(rows.length).toBe(MANY);
      expect(rows).toEqual(
        (await listed('/api/company/invoices', invoiceListResponseSchema, query)).map(invoiceCells),
      );
    }
  });

  it("applies the list's month in the company's time zone", async () => {
    const query = `keyword=${TAG}&date=03/01/2025&sort=invoice_number&direction=asc`;
    const rows = await exportOf(invoicesExportPath, 'invoices', query);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.length).toBeLessThan(MANY);
    expect(rows).toEqual(
      (await listed('/api/company/invoices', invoiceListResponseSchema, query)).map(invoiceCells),
    );
  });

  it('writes totals as dollars with two decimals', async () => {
    const rows = await exportOf(invoicesExportPath, 'invoices', `keyword=${TAG}`);
    // n = 50: (0 × 2469 + 5) ¢; n = 51: 2474 ¢; n = 549: 49 × 2469 + 5 ¢.
    const total = (n: number) =>
      rows.find((row) => row[0] === `${TAG}-${String(n).padStart(5, '0')}`)![2];
    expect([total(50), total(51), total(549)]).toEqual(['0.05', '24.74', '1209.86']);
  });
});

describe('the transactions export', () => {
  const list = '/api/company/payment-transactions';

  it('holds every transaction of the list, across batches, in its order (ties by id)', async () => {
    const res = await (await as(DEMO.admin.email)).get(`${transactionsExportPath}?keyword=${TAG}`);
    expect(
      res.text.startsWith(
        '\uFEFFInvoice Number,Amount (USD),Card,Date (UTC),Status,Failure Message\r\n',
      ),
    ).toBe(true);
    for (const query of [
      `keyword=${TAG}&sort=status&direction=desc`,
      `keyword=${TAG}&sort=amount`,
    ]) {
      const rows = await exportOf(transactionsExportPath, 'transactions', query);
      expect(rows.length).toBe(MANY);
      expect(rows).toEqual(
        (await listed(list, transactionListResponseSchema, query)).map(transactionCells),
      );
    }
  });

  it("applies the list's status filter, under either name", async () => {
    for (const status of ['status=failed', 'status[]=failed']) {
      const rows = await exportOf(
        transactionsExportPath,
        'transactions',
        `keyword=${TAG}&${status}`,
      );
      expect(rows.length).toBe(Math.floor(MANY / 4));
      expect(new Set(rows.map((row) => row[4]))).toEqual(new Set(['failed']));
      expect(rows).toEqual(
        (await listed(list, transactionListResponseSchema, `keyword=${TAG}&${status}`)).map(
          transactionCells,
        ),
      );
    }
  });

  it('neutralises a failure message a spreadsheet would run', async () => {
    const rows = await exportOf(transactionsExportPath, 'transactions', `keyword=${TAG}-00004`);
    expect(rows).toEqual([
      [`${TAG}-00004`, '98.81', '•••• 0042', '2025-01-01T13:00:00.000Z', 'failed', `'${FORMULA}`],
    ]);
  });
});

describe('who gets the billing exports', () => {
  const paths = [invoicesExportPath, transactionsExportPath];

  it('gives each company its own rows only', async () => {
    const acme = await exportOf(invoicesExportPath, 'invoices', `keyword=${TAG}`);
    expect(acme.map((row) => row[0])).not.toContain(GLOBEX_INVOICE);
    const globex = await exportOf(
      invoicesExportPath,
      'invoices',
      `keyword=${TAG}`,
      DEMO.globex.email,
    );
    expect(globex.map((row) => row[0])).toEqual([GLOBEX_INVOICE]);
    const acmePaid = await exportOf(transactionsExportPath, 'transactions', `keyword=${TAG}`);
    expect(acmePaid.map((row) => row[0])).not.toContain(GLOBEX_INVOICE);
    const globexPaid = await exportOf(
      transactionsExportPath,
      'transactions',
      `keyword=${TAG}`,
      DEMO.globex.email,
    );
    expect(globexPaid.map((row) => row[0])).toEqual([GLOBEX_INVOICE]);
  });

  it('is the company admin only, as the lists; an admin without a company gets no rows', async () => {
    for (const email of [DEMO.manager.email, DEMO.tech.email, DEMO.publisher.email]) {
      const client = await as(email);
      for (const path of paths)
        expect((await client.get(path)).status, `${email} ${path}`).toBe(403);
    }
    for (const path of paths) expect((await t.client().get(path)).status).toBe(401);
    for (const [path, list] of [
      [invoicesExportPath, 'invoices'],
      [transactionsExportPath, 'transactions'],
    ] as const) {
      expect(await exportOf(path, list, '', DEMO.newadmin.email)).toEqual([]);
    }
  });

  it('checks the query as the lists do', async () => {
    const admin = await as(DEMO.admin.email);
    for (const path of paths) {
      expect((await admin.get(`${path}?sort=secret`)).status).toBe(422);
      expect((await admin.get(`${path}?date=2025-03`)).status).toBe(422);
    }
    expect((await admin.get(`${transactionsExportPath}?status=processing`)).status).toBe(422);
  });
});
