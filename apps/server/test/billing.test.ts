import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  invoiceListResponseSchema,
  transactionListResponseSchema,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { closeBillingNow, type CloseNowOptions } from '../src/jobs/run-now';
import type { CloseOutcome } from '../src/modules/billing/billing.service';
import { DEMO } from './support/demo';
import { FakePaymentProvider } from './support/fake-payment-provider';
import {
  SLOW_TEST_TIMEOUT_MS,
  queryTestDatabase,
  signedInClients,
  useTestApp,
  type SqlQuery,
} from './support/test-app';

const PRICE_PER_MINUTE_CENTS = 7;
const fake = new FakePaymentProvider();
const t = useTestApp({
  env: {
    BILLING_PRICE_PER_MINUTE_CENTS: String(PRICE_PER_MINUTE_CENTS),
    // The hourly scan would bill the demo companies' real last month in the middle of the tests.
    BILLING_CLOSE_CRON: '0 0 1 1 *',
  },
  payments: fake,
});
const as = signedInClients(t);

/**
 * Runs the operator command's close beside the test server: on PGlite the server holds the data
 * folder, so it is stopped, `prepare` (SQL set-up) and the close run on the files, and the server
 * starts again. `prepare` returns the close runs.
 */
async function closeMonths(
  prepare: (q: SqlQuery) => Promise<CloseNowOptions[]>,
): Promise<CloseOutcome[]> {
  const config = loadConfig({ ...t.env });
  if (t.db.kind === 'pglite') await t.stop();
  try {
    const runs = await queryTestDatabase(t.db, prepare);
    return await closeBillingNow(config, runs, { payments: fake });
  } finally {
    if (t.db.kind === 'pglite') await t.restart();
  }
}

/** The first day of the month after `period`, 12:00 UTC (every US zone is in that month). */
const closeInstant = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1, 12));
};

/** 2024-07 … 2025-06. */
const ACME_MONTHS = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2024, 6 + i, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
});

/** Bot runs metered in bot_usage (each needs its run and result). */
async function seedBotRuns(
  q: SqlQuery,
  companyId: string,
  botIndex: number,
  runs: { millicents: number; at: string; billable?: boolean }[],
): Promise<string> {
  const [version] = await q(
    `select v.id, v.bot_id, b.name from bot_versions v join bots b on b.id = v.bot_id
     order by b.name, v.id offset $1 limit 1`,
    [botIndex],
  );
  for (const run of runs) {
    const [botRun] = await q(
      `insert into bot_runs (company_id, target_type, run_type, status, started_at)
       values ($1, 'customer', 'manual', 'success', $2) returning id`,
      [companyId, run.at],
    );
    const [result] = await q(
      `insert into bot_results (run_id, company_id, bot_id, version_id, status)
       values ($1, $2, $3, $4, 'success') returning id`,
      [botRun!.id, companyId, version!.bot_id, version!.id],
    );
    await q(
      `insert into bot_usage (result_id, company_id, bot_id, version_id, publisher_id, engine,
         tokens_in, tokens_out, cost_millicents, billable, markup_percent, client_cost_millicents,
         created_at)
       values ($1, $2, $3, $4, (select publisher_id from bots where id = $3), 'llm', 10, 10, 0, $5,
         20, $6, $7)`,
      [
        result!.id,
        companyId,
        version!.bot_id,
        version!.id,
        run.billable ?? true,
        run.millicents,
        run.at,
      ],
    );
  }
  return String(version!.name);
}

/** Recorded minutes: usage rows of the company's own interactions, moved into the month. */
async function seedMinutes(
  q: SqlQuery,
  companyId: string,
  rows: { seconds: number; at: string }[],
  skip = 0,
) {
  const interactions = await q(
    'select id from interactions where company_id = $1 order by id offset $2 limit $3',
    [companyId, skip, rows.length],
  );
  expect(interactions.length).toBe(rows.length);
  for (const [i, row] of rows.entries()) {
    await q(
      `insert into usage_records (company_id, interaction_id, seconds, recorded_at)
       values ($1, $2, $3, $4)
       on conflict (interaction_id) do update set seconds = excluded.seconds,
         recorded_at = excluded.recorded_at`,
      [companyId, interactions[i]!.id, row.seconds, row.at],
    );
  }
}

async function seedCard(q: SqlQuery, companyId: string, methodId: string, last4: string) {
  await q(
    `insert into payment_customers (company_id, provider, customer_id) values ($1, 'sandbox', $2)`,
    [companyId, `cus_${methodId}`],
  );
  await q(
    `insert into payment_methods (company_id, provider, provider_method_id, card_type, last4,
       exp_month, exp_year, is_default)
     values ($1, 'sandbox', $2, 'visa', $3, 12, 2030, 1)`,
    [companyId, methodId, last4],
  );
}

let acmeId: string;
let globexId: string;
let botNames: [string, string];
let firstClose: CloseOutcome[];

const outcomeOf = (outcomes: CloseOutcome[], companyId: string, period: string) =>
  outcomes.find((o) => o.companyId === companyId && o.period === period);

async function invoices(email: string, query: Record<string, string> = {}) {
  const res = await (await as(email)).get('/api/company/invoices', { query });
  expect(res.status, res.text).toBe(200);
  return invoiceListResponseSchema.parse(res.body).data;
}

async function transactions(email: string, query = '') {
  const res = await (await as(email)).get(`/api/company/payment-transactions${query}`);
  expect(res.status, res.text).toBe(200);
  return transactionListResponseSchema.parse(res.body).data;
}

beforeAll(async () => {
  fake.behaviour.set('pm_globex', 'decline');
  // Acme's May invoice (one minute: 7 cents) is answered 'processing'; the webhook settles it.
  fake.override = (input) =>
    input.amountCents === PRICE_PER_MINUTE_CENTS ? 'processing' : undefined;
  firstClose = await closeMonths(async (q) => {
    const [acme] = await q(`select id from companies where name = $1`, [DEMO.admin.company]);
    const [globex] = await q(`select id from companies where name = $1`, [DEMO.globex.company]);
    acmeId = String(acme!.id);
    globexId = String(globex!.id);
    // This file's own billing history replaces the demo's (seed/demo-billing.ts).
    for (const table of ['invoices', 'payment_methods', 'payment_customers']) {
      await q(`delete from ${table} where company_id in ($1, $2)`, [acmeId, globexId]);
    }
    // Customers since before the billed months.
    await q(`update companies set created_at = '2024-01-01T00:00:00Z' where id in ($1, $2)`, [
      acmeId,
      globexId,
    ]);
    // June 2025: 61 + 120 + 30.5 s = 211.5 s → 4 billed minutes × 7 ¢ = 28 ¢.
    await seedMinutes(q, acmeId, [
      { seconds: 61, at: '2025-06-03T15:00:00Z' },
      { seconds: 120, at: '2025-06-15T15:00:00Z' },
      { seconds: 30.5, at: '2025-06-29T15:00:00Z' },
    ]);
    // May 2025: one minute (7 ¢).
    await seedMinutes(q, acmeId, [{ seconds: 60, at: '2025-05-10T15:00:00Z' }], 3);
    // Bot A: 1234 + 1234 + 1235 = 3703 m¢ → 4 ¢ (rounded once per line, not per run).
    const botA = await seedBotRuns(q, acmeId, 0, [
      { millicents: 1234, at: '2025-06-02T15:00:00Z' },
      { millicents: 1234, at: '2025-06-12T15:00:00Z' },
      { millicents: 1235, at: '2025-06-22T15:00:00Z' },
    ]);
    // Bot B: 50000 + 25001 = 75001 m¢ → 75 ¢; a failed (not billable) run and a July run are not billed.
    const botB = await seedBotRuns(q, acmeId, 1, [
      { millicents: 50_000, at: '2025-06-05T15:00:00Z' },
      { millicents: 25_001, at: '2025-06-06T15:00:00Z' },
      { millicents: 99_999, at: '2025-06-07T15:00:00Z', billable: false },
      { millicents: 88_888, at: '2025-07-01T15:00:00Z' },
    ]);
    botNames = [botA, botB];
    // Globex, June 2025: 10 minutes = 70 ¢ on a card that is declined.
    await seedMinutes(q, globexId, [{ seconds: 600, at: '2025-06-20T15:00:00Z' }]);
    await seedCard(q, acmeId, 'pm_acme', '4242');
    await seedCard(q, globexId, 'pm_globex', '0341');
    return [
      ...ACME_MONTHS.map((period) => ({ companyId: acmeId, period, now: closeInstant(period) })),
      { companyId: globexId, period: '2025-06', now: closeInstant('2025-06') },
    ];
  });
}, SLOW_TEST_TIMEOUT_MS);

describe('monthly close', () => {
  it('invoices the month from usage, exact to the cent, and charges the card once', async () => {
    const june = outcomeOf(firstClose, acmeId, '2025-06')!;
    // 28 ¢ minutes + 4 ¢ bot A + 75 ¢ bot B.
    expect(june).toMatchObject({ result: 'invoiced', totalCents: 107, charge: 'success' });
    expect(june.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const charges = fake.chargesOf('pm_acme').filter((c) => c.amountCents === 107);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.customerId).toBe('cus_pm_acme');
    expect(charges[0]!.idempotencyKey).toMatch(/^invoice:[0-9a-f-]{36}:attempt:1$/);

    // A month without usage is invoiced at zero and settled without a charge.
    expect(outcomeOf(firstClose, acmeId, '2025-01')).toMatchObject({
      result: 'invoiced',
      totalCents: 0,
      charge: 'none',
    });
    expect(
      fake
        .chargesOf('pm_acme')
        .map((c) => c.amountCents)
        .sort(),
    ).toEqual([107, 7]);

    const list = await invoices(DEMO.admin.email, { keyword: june.invoiceNumber! });
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      invoice_number: june.invoiceNumber,
      total_amount: 107,
      status: 'paid',
      date: '2025-07-01T12:00:00.000Z',
    });

    // The printable page: lines, total, and nothing without the right token.
    const url = new URL(list.items[0]!.invoice_url);
    const client = t.client();
    const page = await client.get(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'sha256-");
    for (const text of [
      june.invoiceNumber!,
      DEMO.admin.company!,
      'June 2025',
      '$0.28',
      '$0.04',
      '$0.75',
      '$1.07',
      '>4 min<',
      '>3 runs<',
      '>2 runs<',
      'Print',
    ]) {
      expect(page.text).toContain(text);
    }
    for (const name of botNames) expect(page.text).toContain(name.replace(/&/g, '&#38;'));
    expect((await client.get(`${url.pathname}?token=wrong`)).status).toBe(404);
    expect((await client.get(url.pathname)).status).toBe(404);
  });

  it('running the close again creates nothing and charges nothing', async () => {
    const chargesBefore = fake.charges.size;
    const callsBefore = fake.calls.length;
    const again = await closeMonths(async () => [
      { companyId: acmeId, period: '2025-06', now: closeInstant('2025-06') },
      { companyId: globexId, period: '2025-06', now: closeInstant('2025-06') },
      // Without --month: the previous month as of the clock, which is the same one.
      { companyId: acmeId, now: closeInstant('2025-06') },
    ]);
    expect(again.filter((o) => o.companyId === acmeId && o.period === '2025-06')).toHaveLength(2);
    expect(outcomeOf(again, acmeId, '2025-06')).toMatchObject({
      result: 'already_invoiced',
      invoiceNumber: outcomeOf(firstClose, acmeId, '2025-06')!.invoiceNumber,
      charge: 'none',
    });
    expect(outcomeOf(again, globexId, '2025-06')).toMatchObject({
      result: 'already_invoiced',
      charge: 'none',
    });
    expect(fake.charges.size).toBe(chargesBefore);
    expect(fake.calls.length).toBe(callsBefore);
    expect((await invoices(DEMO.admin.email)).total).toBe(ACME_MONTHS.length);
    expect((await invoices(DEMO.globex.email)).total).toBe(1);
  });
});

describe('payment due', () => {
  it('a declined charge locks the company, mails its admins, and Pay Now with a good card releases it', async () => {
    const globex = await as(DEMO.globex.email);
    const locked = await globex.get('/api/company/customers');
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ message: AUTH_MESSAGES.paymentDue, is_payment_due: 1 });
    const mail = await t.outbox.waitFor(DEMO.globex.email);
    expect(mail.content).toContain('Payment failed for invoice');
    expect(mail.content).toContain('$0.70');

    const failed = await transactions(DEMO.globex.email, '?status[]=failed');
    const june = failed.items.find((x) => x.amount === 70)!;
    expect(june).toMatchObject({ status: 'failed', card_number: '0341' });

    // Still declined: 402 with the message, a second failed attempt.
    const declined = await globex.get(`/api/company/pay-now/${june.id}`);
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ message: BILLING_MESSAGES.paymentFailed });
    expect((await globex.get('/api/company/customers')).status).toBe(401);

    // The card works now; a double click charges once.
    fake.behaviour.set('pm_globex', 'succeed');
    const [a, b] = await Promise.all([
      globex.get(`/api/company/pay-now/${june.id}`),
      globex.get(`/api/company/pay-now/${june.id}`),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    expect([a, b].find((r) => r.status === 200)!.body).toEqual({
      message: BILLING_MESSAGES.paymentSucceeded,
    });
    const succeeded = [...fake.charges.values()].filter(
      (c) => c.providerMethodId === 'pm_globex' && c.result.status === 'succeeded',
    );
    expect(succeeded).toHaveLength(1);
    expect(fake.chargesOf('pm_globex').map((c) => c.idempotencyKey.split(':').at(-1))).toEqual([
      '1',
      '2',
      '3',
    ]);

    expect((await globex.get('/api/company/customers')).status).toBe(200);
    const paid = await globex.get(`/api/company/pay-now/${june.id}`);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(BILLING_MESSAGES.alreadyPaid);
    const all = await transactions(DEMO.globex.email, '?sort=payment_date&direction=asc');
    expect(all.items.map((x) => x.status)).toEqual(['failed', 'failed', 'success']);
    expect(
      (await invoices(DEMO.globex.email)).items.find((i) => i.total_amount === 70)?.status,
    ).toBe('paid');
  });
});

describe('lists', () => {
  it('pages, searches, filters by month and sorts invoices', async () => {
    const page1 = await invoices(DEMO.admin.email);
    expect(page1.total).toBe(ACME_MONTHS.length);
    expect(page1.items).toHaveLength(10);
    // Newest first by default.
    expect(page1.items[0]!.date).toBe('2025-07-01T12:00:00.000Z');
    const page2 = await invoices(DEMO.admin.email, { page: '2' });
    expect(page2.items).toHaveLength(2);
    expect(page2.items.at(-1)!.date).toBe('2024-08-01T12:00:00.000Z');

    const feb = await invoices(DEMO.admin.email, { date: '02/01/2025' });
    expect(feb.total).toBe(1);
    expect(feb.items[0]!.date).toBe('2025-02-01T12:00:00.000Z');

    const byTotal = await invoices(DEMO.admin.email, { sort: 'total_amount', direction: 'desc' });
    expect(byTotal.items.slice(0, 2).map((i) => i.total_amount)).toEqual([107, 7]);
    const byNumber = await invoices(DEMO.admin.email, { sort: 'invoice_number', direction: 'asc' });
    const numbers = byNumber.items.map((i) => i.invoice_number);
    expect(numbers).toEqual([...numbers].sort());

    const bad = await (
      await as(DEMO.admin.email)
    ).get('/api/company/invoices', {
      query: { date: '2025-02', sort: 'nope' },
    });
    expect(bad.status).toBe(422);
  });

  it('filters transactions by status, month and keyword (invoice number or card)', async () => {
    const all = await transactions(DEMO.admin.email);
    // June charged (success), May processing; zero months have no transaction.
    expect(all.total).toBe(2);
    expect((await transactions(DEMO.admin.email, '?status=success')).total).toBe(1);
    expect((await transactions(DEMO.admin.email, '?status[]=failed')).total).toBe(0);
    expect((await transactions(DEMO.admin.email, '?date=07/01/2025')).total).toBe(1);
    expect((await transactions(DEMO.admin.email, '?keyword=4242')).total).toBe(2);
    const june = outcomeOf(firstClose, acmeId, '2025-06')!.invoiceNumber!;
    const byNumber = await transactions(DEMO.admin.email, `?keyword=${june}`);
    expect(byNumber.items.map((x) => x.invoice_number)).toEqual([june]);
    const byAmount = await transactions(DEMO.admin.email, '?sort=amount&direction=asc');
    expect(byAmount.items.map((x) => x.amount)).toEqual([7, 107]);
  });
});

describe('access', () => {
  it('is for company admins of the company only', async () => {
    for (const email of [DEMO.manager.email, DEMO.tech.email, DEMO.publisher.email]) {
      const client = await as(email);
      expect((await client.get('/api/company/invoices')).status).toBe(403);
      expect((await client.get('/api/company/payment-transactions')).status).toBe(403);
    }
    expect((await t.client().get('/api/company/invoices')).status).toBe(401);
    // An admin before creating the company: nothing billed yet.
    expect(await invoices(DEMO.newadmin.email)).toEqual({ items: [], total: 0 });
    expect(await transactions(DEMO.newadmin.email)).toEqual({ items: [], total: 0 });
    // Another company's transaction does not exist for this admin.
    const globexTx = (await transactions(DEMO.globex.email)).items[0]!;
    const foreign = await (await as(DEMO.admin.email)).get(`/api/company/pay-now/${globexTx.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(BILLING_MESSAGES.transactionNotFound);
    const acmeNumbers = (await invoices(DEMO.admin.email)).items.map((i) => i.invoice_number);
    const globexNumbers = (await invoices(DEMO.globex.email)).items.map((i) => i.invoice_number);
    expect(acmeNumbers.some((n) => globexNumbers.includes(n))).toBe(false);
    // Pay Now is never started from another site.
    const acmeTx = (await transactions(DEMO.admin.email)).items[0]!;
    const cross = await (
      await as(DEMO.admin.email)
    ).get(`/api/company/pay-now/${acmeTx.id}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
  });
});

describe('payment webhook', () => {
  const post = (body: string, signature: string) =>
    t.client().post('/api/payments/webhook', undefined, {
      raw: body,
      contentType: 'application/json',
      headers: { 'stripe-signature': signature },
      csrf: 'omit',
    });

  it('refuses a bad signature and applies a replayed event once', async () => {
    const processing = (await transactions(DEMO.admin.email)).items.find(
      (x) => x.status === 'processing',
    )!;
    expect(processing.amount).toBe(7);
    const intent = [...fake.charges.values()].find((c) => c.amountCents === 7)!.result
      .providerPaymentId!;
    const succeeded = JSON.stringify({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      data: { id: intent },
    });
    const forged = await post(
      succeeded,
      fake.sign(succeeded).replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    expect(forged.status).toBe(400);
    expect((await transactions(DEMO.admin.email, '?status=success')).total).toBe(1);

    const ok = await post(succeeded, fake.sign(succeeded));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ received: true });
    expect((await transactions(DEMO.admin.email, '?status=success')).total).toBe(2);
    const may = (await invoices(DEMO.admin.email, { sort: 'total_amount', direction: 'desc' }))
      .items[1]!;
    expect(may).toMatchObject({ total_amount: 7, status: 'paid' });

    // The same event again, and a failure reusing its id: acknowledged, nothing changes.
    expect((await post(succeeded, fake.sign(succeeded))).status).toBe(200);
    const failedSameId = JSON.stringify({
      id: 'evt_1',
      type: 'payment_intent.payment_failed',
      data: { id: intent, failure_message: 'late' },
    });
    expect((await post(failedSameId, fake.sign(failedSameId))).status).toBe(200);
    const after = await transactions(DEMO.admin.email);
    expect(after.items.map((x) => x.status).sort()).toEqual(['success', 'success']);
    const acme = await as(DEMO.admin.email);
    expect((await acme.get('/api/company/customers')).status).toBe(200);
  });
});
