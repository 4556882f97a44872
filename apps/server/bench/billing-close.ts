/**
 * Benchmark (not a test) of the monthly billing close, on PostgreSQL: BENCH_COMPANIES
 * companies (default 10,000) with BENCH_USAGE_ROWS recorded-minute rows (default 1,000,000) in
 * June 2025 are closed at once, as `npm run billing:close -- --month 2025-06` does, with
 * BENCH_CLOSE_CONCURRENCY companies in flight (default 8, the pool has 10 connections). Each
 * company gets its invoice and one charge through an in-memory provider. Prints the total time and
 * usage rows/s, then the p99 of the invoices and transactions lists under 10 connections beside a
 * bare Fastify route measured in the same run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:billing
 *
 * A fresh database fieldbot_bench_billing_<random> is created and dropped at the end (BENCH_KEEP=1
 * keeps it). The rows are inserted with generate_series; the usage rows reference no real
 * interaction (foreign-key triggers are off while they load; the close never reads interactions).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createBilling } from '../src/modules/billing/billing.module';
import { createServer } from '../src/server';
import { FakePaymentProvider } from '../test/support/fake-payment-provider';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv } from './support/bench-env';
import { login } from './support/http-login';
import { runBench } from './support/run-bench';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const USAGE_ROWS = Number(process.env.BENCH_USAGE_ROWS ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_CLOSE_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The list the lists are measured on: the demo admin's company, with this many past months. */
const LIST_INVOICES = 600;
const ACME = { email: 'admin@demo.fieldbot.test', password: 'Demo@12345' };
const PERIOD = '2025-06';

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

async function loadData(q: Query): Promise<void> {
  const perCompany = Math.max(1, Math.round(USAGE_ROWS / COMPANIES));
  await q(
    `INSERT INTO companies (name, created_at)
     SELECT 'Bench Co ' || g, '2024-01-01T00:00:00Z' FROM generate_series(1, ${COMPANIES}) g`,
  );
  // The close reads usage_records only: the rows point at interactions that are not created
  // (foreign-key triggers off for this session), which keeps loading a million rows to seconds.
  await q(`SET session_replication_role = replica`);
  await q(
    `INSERT INTO usage_records (company_id, interaction_id, seconds, recorded_at)
     SELECT c.id, gen_random_uuid(), 20 + (abs(hashtext(c.id::text || g)) % 600),
       timestamp with time zone '2025-06-01T12:00:00Z' + (g % 28) * interval '1 day'
     FROM companies c, generate_series(1, ${perCompany}) g WHERE c.name LIKE 'Bench Co %'`,
  );
  await q(`SET session_replication_role = DEFAULT`);
  await q(
    `INSERT INTO payment_customers (company_id, provider, customer_id)
     SELECT id, 'sandbox', 'cus_' || id FROM companies WHERE name LIKE 'Bench Co %'`,
  );
  await q(
    `INSERT INTO payment_methods (company_id, provider, provider_method_id, card_type, last4, exp_month, exp_year)
     SELECT id, 'sandbox', 'pm_' || id, 'visa', '4242', 12, 2030 FROM companies WHERE name LIKE 'Bench Co %'`,
  );
  // The measured lists: LIST_INVOICES months of invoices and one charge each for the demo admin.
  const { rows } = await q(`SELECT company_id FROM users WHERE email = $1`, [ACME.email]);
  const acmeId = String(rows[0].company_id);
  await q(
    `INSERT INTO invoices (company_id, period, invoice_number, period_start, period_end, issued_at,
       total_cents, status, view_token)
     SELECT $1, to_char(date '1960-01-01' + g * interval '1 month', 'YYYY-MM'),
       'INV-B' || lpad(g::text, 6, '0'), date '1960-01-01' + g * interval '1 month',
       date '1960-01-01' + (g + 1) * interval '1 month', date '1960-01-01' + (g + 1) * interval '1 month',
       100 + g, CASE WHEN g % 5 = 0 THEN 'failed' ELSE 'paid' END, md5(g::text)
     FROM generate_series(1, ${LIST_INVOICES}) g`,
    [acmeId],
  );
  await q(
    `INSERT INTO payment_transactions (company_id, invoice_id, amount_cents, card_type, card_last4,
       status, provider, idempotency_key, payment_date)
     SELECT company_id, id, total_cents, 'visa', '4242',
       CASE WHEN status = 'failed' THEN 'failed' ELSE 'success' END, 'sandbox',
       'invoice:' || id || ':attempt:1', issued_at
     FROM invoices WHERE company_id = $1 AND invoice_number LIKE 'INV-B%'`,
    [acmeId],
  );
  await q('ANALYZE');
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (see the header).');
  const databaseUrl = await createPostgresDatabase(adminUrl, 'fieldbot_bench_billing_');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-billing-'));
  const env = benchServerEnv(dataDir, databaseUrl);
  const config = loadConfig({ ...env });
  const payments = new FakePaymentProvider();
  const client = new pg.Client({ connectionString: databaseUrl });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  let server: Awaited<ReturnType<typeof createServer>> | undefined;
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    server = await createServer(config, { payments });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    await client.connect();
    const q: Query = (text, values) => client.query(text, values);
    let t0 = Date.now();
    await loadData(q);
    console.log(
      `Loaded ${COMPANIES} companies, ${USAGE_ROWS} usage rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    database = await openDatabase(config);
    const billing = createBilling({
      db: database.db,
      config,
      payments,
      sendMail: async () => undefined,
      now: () => new Date('2025-07-01T12:00:00Z'),
    });
    t0 = Date.now();
    const outcomes = await billing.closeAll({ period: PERIOD, concurrency: CONCURRENCY });
    const seconds = (Date.now() - t0) / 1000;
    const invoiced = outcomes.filter((o) => o.result === 'invoiced').length;
    const charged = outcomes.filter((o) => o.charge === 'success').length;
    const { rows: usage } = await q(
      `SELECT count(*)::int AS n FROM usage_records WHERE recorded_at >= '2025-06-01' AND recorded_at < '2025-07-02'`,
    );
    console.log(
      `Close ${PERIOD}: ${outcomes.length} companies, ${invoiced} invoiced, ${charged} charged, ` +
        `${usage[0].n} usage rows in ${seconds.toFixed(1)} s → ${Math.round(usage[0].n / seconds)} rows/s, ` +
        `${Math.round(outcomes.length / seconds)} companies/s (concurrency ${CONCURRENCY})`,
    );
    t0 = Date.now();
    const again = await billing.closeAll({ period: PERIOD, concurrency: CONCURRENCY });
    console.log(
      `Second close: ${again.filter((o) => o.result === 'invoiced').length} new invoices, ` +
        `${payments.charges.size} charges in all, ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    const cookie = await login(address, ACME);
    const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
    const targets = [
      { name: 'GET /bare (bare Fastify)', url: bareUrl },
      { name: 'GET /api/company/invoices', url: `${address}/api/company/invoices` },
      {
        name: 'GET /api/company/invoices page 30, by total',
        url: `${address}/api/company/invoices?page=30&sort=total_amount&direction=asc`,
      },
      {
        name: 'GET /api/company/invoices keyword',
        url: `${address}/api/company/invoices?keyword=B0004`,
      },
      {
        name: 'GET /api/company/payment-transactions',
        url: `${address}/api/company/payment-transactions`,
      },
      {
        name: 'GET /api/company/payment-transactions failed, month',
        url: `${address}/api/company/payment-transactions?status[]=failed&date=06/01/1985`,
      },
    ];
    const rows: { name: string; p99: number; rps: number }[] = [];
    for (const target of targets) {
      await autocannon({ url: target.url, connections: 10, duration: 2, headers: { cookie } });
      const result = await autocannon({
        url: target.url,
        connections: 10,
        duration: SECONDS,
        headers: { cookie },
      });
      if (result.non2xx > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx answers`);
      rows.push({ name: target.name, p99: result.latency.p99, rps: result.requests.average });
    }
    const bareRow = rows[0]!;
    console.log(`\n10 connections, ${SECONDS} s each (${LIST_INVOICES} invoices in the list):`);
    for (const row of rows) {
      console.log(
        `${row.name.padEnd(52)} p99 ${String(row.p99).padStart(4)} ms  ${String(Math.round(row.rps)).padStart(6)} req/s  ` +
          `req/s ÷ bare ${(row.rps / bareRow.rps).toFixed(3)}`,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
    await bare.close();
    await database?.close();
    await server?.close();
    if (!process.env.BENCH_KEEP) await dropPostgresDatabase(adminUrl, databaseUrl);
    else console.log(`Kept ${databaseUrl}`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
