import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  CUSTOMER_PRIVACY_MESSAGES,
  companyDashboardPath,
  customerDeletionPath,
  customerExportPath,
  customerPrivacyFlagsResponseSchema,
  customerPrivacyPath,
  privacyRequestPath,
  privacyRequestResponseSchema,
} from '@fieldbot/shared';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runCustomerDeletion } from '../src/modules/customer-privacy/index';
import { createLocalStorage } from '../src/providers/storage/local-storage';
import { deleteCompany, parseDeleteCompanyArgs } from '../scripts/delete-company';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { audioBytes, insertUser } from './support/interaction-fixtures';
import {
  APP_URL,
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
  type SqlQuery,
  type TestApp,
} from './support/test-app';

/**
 * Issue 27 §4 over the real app: the customer page's privacy flags, the streamed ZIP export, the
 * customer deletion job (what remains afterwards, storage included), and the operators' company
 * deletion. Each test company is inserted here, so the demo data other files read is untouched.
 */
const t = useTestApp();
const as = signedInClients(t);

interface CustomerData {
  id: string;
  name: string;
  jobIds: string[];
  interactionIds: string[];
  numbers: string[];
  audioKey: string;
  audio: Buffer;
  chunkKey: string;
}

interface Fixture {
  companyId: string;
  companyName: string;
  accounts: { admin: string; manager: string; tech: string };
  target: CustomerData;
  other: CustomerData;
  invoiceTotal: number;
}

const storageOf = (app: TestApp) =>
  createLocalStorage({ root: join(app.dataDir, 'uploads'), appUrl: APP_URL, maxBytes: 1 << 20 });

async function insertCustomer(
  q: SqlQuery,
  companyId: string,
  name: string,
  techId: string,
  seed: number,
): Promise<Omit<CustomerData, 'audio'> & { audio: Buffer }> {
  const tag = randomUUID().slice(0, 6);
  const [customer] = await q(
    `INSERT INTO customers (company_id, external_id, name, type) VALUES ($1, $2, $3, 'Residential')
     RETURNING id`,
    [companyId, `CUS-${tag}`, name],
  );
  const customerId = customer!.id as string;
  const [location] = await q(
    `INSERT INTO customer_locations (company_id, customer_id, external_id, name, street, city)
     VALUES ($1, $2, $3, $4, '1 Main St', 'Springfield') RETURNING id`,
    [companyId, customerId, `LOC-${tag}`, `${name} home`],
  );
  const jobIds: string[] = [];
  for (const [i, status] of ['completed', 'scheduled'].entries()) {
    const [job] = await q(
      `INSERT INTO jobs (company_id, customer_id, job_number, technician_id, location_id, status,
         revenue, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        companyId,
        customerId,
        `J-${tag}-${i}`,
        techId,
        location!.id,
        status,
        status === 'completed' ? '250.00' : null,
        status === 'completed' ? '2025-03-04T15:00:00Z' : null,
      ],
    );
    jobIds.push(job!.id as string);
  }
  const interactionIds: string[] = [];
  const numbers: string[] = [];
  const chunkKey = `uploads/${companyId}/${tag}-chunk-0.webm`;
  for (const i of [0, 1]) {
    const number = `R-${tag}-${i}`;
    const [row] = await q(
      `INSERT INTO interactions (company_id, customer_id, job_id, number, type, status,
         recorded_by_id, started_at, duration_seconds, source_keys, audio_merge_status,
         transcript_status, transcript_text)
       VALUES ($1, $2, $3, $4, 'field-recording', 'completed', $5, '2025-03-04T14:00:00Z', 60,
         $6, 'completed', 'completed', $7) RETURNING id`,
      [
        companyId,
        customerId,
        jobIds[0],
        number,
        techId,
        i === 0 ? [chunkKey] : [],
        `${name} said the water heater leaks ${tag}`,
      ],
    );
    const id = row!.id as string;
    interactionIds.push(id);
    numbers.push(number);
    await q(
      `INSERT INTO transcript_segments (interaction_id, position, start_seconds, end_seconds,
         speaker, text) VALUES ($1, 0, 0, 5, 'Customer', $2)`,
      [id, `${name} said the water heater leaks ${tag}`],
    );
    await q(
      `INSERT INTO recording_consents (interaction_id, company_id, method, confirmed_by_id,
         confirmed_by_name, confirmed_at) VALUES ($1, $2, 'confirmation', $3, 'Tess Tech', now())`,
      [id, companyId, techId],
    );
    await q(`INSERT INTO usage_records (company_id, interaction_id, seconds) VALUES ($1, $2, 60)`, [
      companyId,
      id,
    ]);
  }
  const audioKey = `audio/${companyId}/${interactionIds[0]}.mp3`;
  const audio = audioBytes(5_000 + seed);
  await q(
    `INSERT INTO audio_assets (interaction_id, storage_key, content_type, format, duration_seconds,
       size_bytes, peaks) VALUES ($1, $2, 'audio/mpeg', 'mp3', 60, $3, '[0.5]')`,
    [interactionIds[0], audioKey, audio.length],
  );
  await q(
    `INSERT INTO uploaded_files (company_id, folder, name, path, file_url, status)
     VALUES ($1, 'recordings', 'chunk-0.webm', $2, $3, 'uploaded')`,
    [companyId, chunkKey, `/api/files/${chunkKey}`],
  );
  // A bot result on the first interaction, and an alert about it.
  const [bot] = await q(
    `SELECT v.bot_id, v.id AS version_id FROM bot_versions v ORDER BY v.id LIMIT 1`,
  );
  const [run] = await q(
    `INSERT INTO bot_runs (company_id, target_type, interaction_id, customer_id, run_type, status)
     VALUES ($1, 'field-recording', $2, $3, 'manual', 'success') RETURNING id`,
    [companyId, interactionIds[0], customerId],
  );
  await q(
    `INSERT INTO bot_results (run_id, company_id, bot_id, version_id, status, transcript_text)
     VALUES ($1, $2, $3, $4, 'success', $5)`,
    [run!.id, companyId, bot!.bot_id, bot!.version_id, `${name} transcript`],
  );
  const [rule] = await q(
    `INSERT INTO alert_rules (company_id, name, condition, recipient_roles, recipient_user_ids,
       channel) VALUES ($1, $2, 'job_without_recording', '{company_admin}', '{}', 'in_app')
     RETURNING id`,
    [companyId, `Rule ${tag}`],
  );
  await q(
    `INSERT INTO alerts (rule_id, company_id, finding_key, summary, interaction_id, link)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      rule!.id,
      companyId,
      `interaction:${interactionIds[0]}`,
      `${name}: no recording`,
      interactionIds[0],
      `/customers/${customerId}`,
    ],
  );
  return {
    id: customerId,
    name,
    jobIds,
    interactionIds,
    numbers,
    audioKey,
    audio,
    chunkKey,
  };
}

async function insertFixture(app: TestApp, label: string): Promise<Fixture> {
  const suffix = randomUUID().slice(0, 8);
  const accounts = {
    admin: `privacy.admin.${suffix}@example.test`,
    manager: `privacy.manager.${suffix}@example.test`,
    tech: `privacy.tech.${suffix}@example.test`,
  };
  const companyName = `${label} ${suffix}`;
  const data = await app.inspect(async (q) => {
    const [company] = await q(
      `INSERT INTO companies (name, is_billing_connected, is_crm_connected)
       VALUES ($1, true, true) RETURNING id`,
      [companyName],
    );
    const companyId = company!.id as string;
    await insertUser(q, {
      email: accounts.admin,
      name: 'Pia Admin',
      role: 'company_admin',
      companyId,
    });
    await insertUser(q, {
      email: accounts.manager,
      name: 'Max Manager',
      role: 'manager',
      companyId,
    });
    const techId = await insertUser(q, {
      email: accounts.tech,
      name: 'Tess Tech',
      role: 'field_team',
      companyId,
    });
    const target = await insertCustomer(q, companyId, `Dana Delete ${suffix}`, techId, 1);
    const other = await insertCustomer(q, companyId, `Olive Other ${suffix}`, techId, 2);
    const [invoice] = await q(
      `INSERT INTO invoices (company_id, period, invoice_number, period_start, period_end,
         total_cents, view_token)
       VALUES ($1, '2025-03', $2, '2025-03-01', '2025-04-01', 4321, $3) RETURNING total_cents`,
      [companyId, `INV-${suffix}`, randomUUID()],
    );
    await q(`INSERT INTO audit_log (event, company_id, meta) VALUES ('login', $1, '{}')`, [
      companyId,
    ]);
    return { companyId, target, other, invoiceTotal: Number(invoice!.total_cents) };
  });
  const storage = storageOf(app);
  for (const c of [data.target, data.other]) {
    await storage.put(c.audioKey, c.audio, 'audio/mpeg');
    await storage.put(c.chunkKey, Buffer.from(`chunk of ${c.name}`), 'audio/webm');
  }
  return { ...data, companyName, accounts };
}

/** The export's raw bytes, read from the reply as a stream. */
async function download(client: ApiClient, path: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    cookies: Object.fromEntries(client.jar),
    remoteAddress: client.ip,
    payloadAsStream: true,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
  return { res, bytes: Buffer.concat(chunks), chunks: chunks.length };
}

async function exists(key: string) {
  return (await storageOf(t).get(key)) !== null;
}

let fx: Fixture;
beforeAll(async () => {
  fx = await insertFixture(t, 'Privacy Test Co');
}, HOOK_TIMEOUT_MS);

describe('who may use the privacy controls', () => {
  const adminRoutes = (customerId: string) =>
    [
      ['GET', customerExportPath(customerId), undefined],
      ['POST', customerDeletionPath(customerId), { confirm_name: 'x' }],
      ['GET', privacyRequestPath(randomUUID()), undefined],
    ] as const;

  it('refuses anonymous visitors, technicians and publishers everything', async () => {
    const anonymous = t.client();
    const all = [
      ['PATCH', customerPrivacyPath(fx.other.id), { do_not_record: true }] as const,
      ...adminRoutes(fx.other.id),
    ];
    for (const [method, path, body] of all) {
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    for (const email of [fx.accounts.tech, DEMO.publisher.email]) {
      const client = await as(email);
      for (const [method, path, body] of all) {
        expect(
          (await client.request(method, path, body)).status,
          `${email} ${method} ${path}`,
        ).toBe(403);
      }
    }
  });

  it('lets a manager set do-not-record but not legal hold, export or delete', async () => {
    const manager = await as(fx.accounts.manager);
    const on = await manager.request('PATCH', customerPrivacyPath(fx.other.id), {
      do_not_record: true,
    });
    expect(on.status, on.text).toBe(200);
    expect(customerPrivacyFlagsResponseSchema.parse(on.body).data.do_not_record).toBe(true);
    const hold = await manager.request('PATCH', customerPrivacyPath(fx.other.id), {
      legal_hold: true,
    });
    expect(hold.status).toBe(403);
    for (const [method, path, body] of adminRoutes(fx.other.id)) {
      expect((await manager.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    await manager.request('PATCH', customerPrivacyPath(fx.other.id), { do_not_record: false });
  });

  it("answers 404 for another company's customer and changes nothing", async () => {
    const globex = await as(DEMO.globex.email);
    for (const [method, path, body] of [
      ['PATCH', customerPrivacyPath(fx.other.id), { do_not_record: true }],
      ['GET', customerExportPath(fx.other.id), undefined],
      ['POST', customerDeletionPath(fx.other.id), { confirm_name: fx.other.name }],
    ] as const) {
      expect((await globex.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    const [row] = await t.inspect((q) =>
      q(
        `SELECT do_not_record, (SELECT count(*)::int FROM privacy_requests WHERE customer_id = $1) AS n
         FROM customers WHERE id = $1`,
        [fx.other.id],
      ),
    );
    expect(row).toMatchObject({ do_not_record: false, n: 0 });
  });

  it('refuses a body with nothing to change', async () => {
    const admin = await as(fx.accounts.admin);
    const res = await admin.request('PATCH', customerPrivacyPath(fx.other.id), {});
    expect(res.status).toBe(422);
    expect(res.body.errors.do_not_record).toEqual([CUSTOMER_PRIVACY_MESSAGES.nothingToChange]);
  });
});

describe('privacy flags', () => {
  it('saves each flag, shows it on the customer and audits the change with its value', async () => {
    const admin = await as(fx.accounts.admin);
    const res = await admin.request('PATCH', customerPrivacyPath(fx.other.id), {
      do_not_record: true,
      legal_hold: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ do_not_record: true, legal_hold: true });
    const detail = await admin.get(`/api/company/customer/${fx.other.id}`);
    expect(detail.body.data).toMatchObject({ do_not_record: true, legal_hold: true });
    const audit = await t.inspect((q) =>
      q(
        `SELECT event, target_type, target_id, meta, actor_email FROM audit_log
         WHERE company_id = $1 AND target_id = $2 ORDER BY at, event`,
        [fx.companyId, fx.other.id],
      ),
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: 'customer.do_not_record_changed',
          target_type: 'customer',
          meta: { value: true },
          actor_email: fx.accounts.admin,
        }),
        expect.objectContaining({ event: 'customer.legal_hold_changed', meta: { value: true } }),
      ]),
    );
    // Under legal hold the customer cannot be deleted.
    const refused = await admin.post(customerDeletionPath(fx.other.id), {
      confirm_name: fx.other.name,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CUSTOMER_PRIVACY_MESSAGES.deletionUnderLegalHold);
    await admin.request('PATCH', customerPrivacyPath(fx.other.id), {
      do_not_record: false,
      legal_hold: false,
    });
  });
});

describe('customer export', () => {
  it(
    'streams a ZIP of the customer, scoped to them, with their audio bytes',
    async () => {
      const admin = await as(fx.accounts.admin);
      const { res, bytes } = await download(admin, customerExportPath(fx.target.id));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(String(res.headers['content-disposition'])).toMatch(
        /^attachment; filename="customer-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      // Streamed: no length known up front (the archive is written as it is read).
      expect(res.headers['content-length']).toBeUndefined();
      const files = unzipSync(new Uint8Array(bytes));
      const text = (name: string) => new TextDecoder().decode(files[name]);
      expect(Object.keys(files).sort()).toEqual(
        [
          'customer.json',
          'locations.json',
          'jobs.csv',
          'interactions.csv',
          'interactions.json',
          'bot_results.json',
          `audio/${fx.target.numbers[0]}.mp3`,
        ].sort(),
      );
      expect(JSON.parse(text('customer.json'))).toMatchObject({
        id: fx.target.id,
        name: fx.target.name,
      });
      expect(JSON.parse(text('locations.json'))).toHaveLength(1);
      expect(text('jobs.csv').trim().split('\r\n')).toHaveLength(3);
      expect(text('interactions.csv')).toContain(fx.target.numbers[1]);
      const interactions = JSON.parse(text('interactions.json')) as {
        interaction_id: string;
        transcript: string;
        segments: unknown[];
        consent: { method: string; confirmed_by: string } | null;
      }[];
      expect(interactions.map((i) => i.interaction_id).sort()).toEqual(
        [...fx.target.numbers].sort(),
      );
      expect(interactions[0]!.segments).toHaveLength(1);
      expect(interactions[0]!.consent).toMatchObject({
        method: 'confirmation',
        confirmed_by: 'Tess Tech',
      });
      expect(JSON.parse(text('bot_results.json'))).toHaveLength(1);
      expect(Buffer.from(files[`audio/${fx.target.numbers[0]}.mp3`]!).equals(fx.target.audio)).toBe(
        true,
      );
      // Nothing of the other customer.
      const all = Object.keys(files)
        .filter((name) => !name.startsWith('audio/'))
        .map(text)
        .join('\n');
      expect(all).not.toContain(fx.other.name);
      expect(all).not.toContain(fx.other.numbers[0]);

      // The request row and audit entry hold counts only.
      await expect
        .poll(
          async () =>
            (
              await t.inspect((q) =>
                q(
                  `SELECT status, counts FROM privacy_requests WHERE customer_id = $1
                   AND kind = 'customer_export'`,
                  [fx.target.id],
                ),
              )
            )[0],
          { timeout: 10_000, interval: 100 },
        )
        .toMatchObject({
          status: 'completed',
          counts: { interactions: 2, jobs: 2, audio_files: 1 },
        });
      const [audit] = await t.inspect((q) =>
        q(`SELECT meta FROM audit_log WHERE event = 'customer.exported' AND target_id = $1`, [
          fx.target.id,
        ]),
      );
      expect(JSON.stringify(audit!.meta)).not.toContain(fx.target.name);
      expect(audit!.meta).toMatchObject({ counts: { interactions: 2, audio_files: 1 } });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

/** Every row anywhere that still refers to the customer, by table. */
async function remnants(c: CustomerData, companyId: string) {
  return t.inspect(async (q) => {
    const one = async (sql: string, params: unknown[]) => Number((await q(sql, params))[0]!.n);
    const ids = c.interactionIds;
    return {
      customers: await one(`SELECT count(*) n FROM customers WHERE id = $1`, [c.id]),
      locations: await one(`SELECT count(*) n FROM customer_locations WHERE customer_id = $1`, [
        c.id,
      ]),
      jobs: await one(`SELECT count(*) n FROM jobs WHERE id = any($1::uuid[])`, [c.jobIds]),
      interactions: await one(`SELECT count(*) n FROM interactions WHERE id = any($1::uuid[])`, [
        ids,
      ]),
      segments: await one(
        `SELECT count(*) n FROM transcript_segments WHERE interaction_id = any($1::uuid[])`,
        [ids],
      ),
      consents: await one(
        `SELECT count(*) n FROM recording_consents WHERE interaction_id = any($1::uuid[])`,
        [ids],
      ),
      audio: await one(
        `SELECT count(*) n FROM audio_assets WHERE interaction_id = any($1::uuid[])`,
        [ids],
      ),
      usage: await one(
        `SELECT count(*) n FROM usage_records WHERE interaction_id = any($1::uuid[])`,
        [ids],
      ),
      botRuns: await one(
        `SELECT count(*) n FROM bot_runs WHERE customer_id = $1 OR interaction_id = any($2::uuid[])`,
        [c.id, ids],
      ),
      botResults: await one(
        `SELECT count(*) n FROM bot_results WHERE company_id = $1 AND transcript_text LIKE $2`,
        [companyId, `${c.name}%`],
      ),
      alerts: await one(`SELECT count(*) n FROM alerts WHERE company_id = $1 AND summary LIKE $2`, [
        companyId,
        `${c.name}%`,
      ]),
      uploadedFiles: await one(`SELECT count(*) n FROM uploaded_files WHERE path = $1`, [
        c.chunkKey,
      ]),
      rollups: await one(
        `SELECT (SELECT count(*) FROM dashboard_customer_days WHERE customer_id = $1)
              + (SELECT count(*) FROM dashboard_customer_months WHERE customer_id = $1) AS n`,
        [c.id],
      ),
      transcriptText: await one(
        `SELECT count(*) n FROM interactions WHERE company_id = $1 AND transcript_text LIKE $2`,
        [companyId, `%${c.name}%`],
      ),
    };
  });
}

const nothingLeft = {
  customers: 0,
  locations: 0,
  jobs: 0,
  interactions: 0,
  segments: 0,
  consents: 0,
  audio: 0,
  usage: 0,
  botRuns: 0,
  botResults: 0,
  alerts: 0,
  uploadedFiles: 0,
  rollups: 0,
  transcriptText: 0,
};

describe('customer deletion', () => {
  it('refuses a name that is not exactly the customer’s and changes nothing', async () => {
    const admin = await as(fx.accounts.admin);
    for (const typed of [fx.target.name.toUpperCase(), `${fx.target.name} `, 'Dana']) {
      const res = await admin.post(customerDeletionPath(fx.target.id), { confirm_name: typed });
      expect(res.status).toBe(422);
      expect(res.body.errors.confirm_name).toEqual([CUSTOMER_PRIVACY_MESSAGES.confirmNameMismatch]);
    }
    const left = await remnants(fx.target, fx.companyId);
    expect(left.customers).toBe(1);
    expect(left.interactions).toBe(2);
    const [row] = await t.inspect((q) =>
      q(
        `SELECT count(*)::int AS n FROM privacy_requests WHERE customer_id = $1
         AND kind = 'customer_deletion'`,
        [fx.target.id],
      ),
    );
    expect(row!.n).toBe(0);
  });

  it(
    'deletes everything about the customer with one job, keeps invoices, audits without the name',
    async () => {
      const admin = await as(fx.accounts.admin);
      // The rollups hold the customer before the deletion (their completed job's revenue).
      expect(
        (await admin.get(companyDashboardPath, { query: { month: '03/01/2025' } })).status,
      ).toBe(200);
      expect((await remnants(fx.target, fx.companyId)).rollups).toBeGreaterThan(0);
      const meteredMinutes = () =>
        t.inspect((q) =>
          q(`SELECT count(*)::int n, sum(seconds) s FROM usage_records WHERE company_id = $1`, [
            fx.companyId,
          ]),
        );
      const meteredBefore = await meteredMinutes();
      const res = await admin.post(customerDeletionPath(fx.target.id), {
        confirm_name: fx.target.name,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.message).toBe(CUSTOMER_PRIVACY_MESSAGES.deletionQueued);
      const request = privacyRequestResponseSchema.parse(res.body).data;
      expect(request).toMatchObject({ kind: 'customer_deletion', status: 'queued' });

      // A second click while it runs answers with the same request.
      const again = await admin.post(customerDeletionPath(fx.target.id), {
        confirm_name: fx.target.name,
      });
      if (again.status === 200) expect(again.body.data.id).toBe(request.id);
      else expect(again.status).toBe(404);

      await expect
        .poll(async () => (await admin.get(privacyRequestPath(request.id))).body.data?.status, {
          timeout: 60_000,
          interval: 200,
        })
        .toBe('completed');
      const done = privacyRequestResponseSchema.parse(
        (await admin.get(privacyRequestPath(request.id))).body,
      ).data;
      expect(done.counts).toMatchObject({ interactions: 2, jobs: 2, locations: 1, customers: 1 });

      expect(await remnants(fx.target, fx.companyId)).toEqual(nothingLeft);
      expect(await exists(fx.target.audioKey)).toBe(false);
      expect(await exists(fx.target.chunkKey)).toBe(false);
      expect((await admin.get(`/api/company/customer/${fx.target.id}`)).status).toBe(404);
      const search = await admin.get('/api/company/customers', {
        query: { keyword: fx.target.name },
      });
      expect(search.body.data.items).toHaveLength(0);

      // The other customer is whole.
      const kept = await remnants(fx.other, fx.companyId);
      expect(kept).toMatchObject({ customers: 1, interactions: 2, jobs: 2, segments: 2, usage: 2 });
      expect(await exists(fx.other.audioKey)).toBe(true);
      const [counts] = await t.inspect((q) =>
        q(`SELECT interactions_count, jobs_count FROM customers WHERE id = $1`, [fx.other.id]),
      );
      expect(counts).toEqual({ interactions_count: 2, jobs_count: 2 });

      const [invoice] = await t.inspect((q) =>
        q(`SELECT total_cents FROM invoices WHERE company_id = $1`, [fx.companyId]),
      );
      expect(invoice!.total_cents).toBe(fx.invoiceTotal);
      // The month's metered minutes stay billable, with nothing pointing at the customer.
      expect(await meteredMinutes()).toEqual(meteredBefore);

      const audit = await t.inspect((q) =>
        q(`SELECT * FROM audit_log WHERE event = 'customer.deleted' AND target_id = $1`, [
          fx.target.id,
        ]),
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ company_id: fx.companyId, actor_email: fx.accounts.admin });
      expect(JSON.stringify(audit[0])).not.toContain(fx.target.name);
      const [request_] = await t.inspect((q) =>
        q(`SELECT * FROM privacy_requests WHERE id = $1`, [request.id]),
      );
      expect(JSON.stringify(request_)).not.toContain(fx.target.name);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'a duplicated job finds the request done and deletes nothing more',
    async () => {
      const [request] = await t.inspect((q) =>
        q(
          `SELECT id, counts FROM privacy_requests WHERE customer_id = $1
           AND kind = 'customer_deletion'`,
          [fx.target.id],
        ),
      );
      const before = await remnants(fx.other, fx.companyId);
      await t.stop();
      try {
        const config = loadConfig(t.env);
        const database = await openDatabase(config);
        try {
          const outcome = await runCustomerDeletion(
            { db: database.db, storage: storageOf(t) },
            request!.id as string,
          );
          expect(outcome).toBe('already_completed');
        } finally {
          await database.close();
        }
      } finally {
        await t.restart();
      }
      expect(await remnants(fx.other, fx.companyId)).toEqual(before);
      const [after] = await t.inspect((q) =>
        q(`SELECT counts FROM privacy_requests WHERE id = $1`, [request!.id]),
      );
      expect(after!.counts).toEqual(request!.counts);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('a deletion cut short', () => {
  it(
    'continues where it stopped and counts nothing twice',
    async () => {
      const resume = await insertFixture(t, 'Resume Co');
      const [request] = await t.inspect((q) =>
        q(
          `INSERT INTO privacy_requests (company_id, kind, customer_id)
           VALUES ($1, 'customer_deletion', $2) RETURNING id`,
          [resume.companyId, resume.target.id],
        ),
      );
      const requestId = request!.id as string;
      await t.stop();
      try {
        const database = await openDatabase(loadConfig(t.env));
        try {
          const storage = storageOf(t);
          let deletes = 0;
          // The worker dies on the second object: the first batch's rows stay, its counts unsaved.
          const failing = {
            ...storage,
            delete: async (key: string) => {
              deletes += 1;
              if (deletes === 2) throw new Error('worker killed');
              await storage.delete(key);
            },
          };
          await expect(
            runCustomerDeletion({ db: database.db, storage: failing, batchSize: 1 }, requestId),
          ).rejects.toThrow('worker killed');
          expect(
            await runCustomerDeletion({ db: database.db, storage, batchSize: 1 }, requestId),
          ).toBe('completed');
        } finally {
          await database.close();
        }
      } finally {
        await t.restart();
      }
      const [row] = await t.inspect((q) =>
        q(`SELECT status, attempts, counts FROM privacy_requests WHERE id = $1`, [requestId]),
      );
      expect(row).toMatchObject({
        status: 'completed',
        attempts: 2,
        counts: { interactions: 2, jobs: 2, locations: 1, customers: 1, storage_objects: 2 },
      });
      expect(await remnants(resume.target, resume.companyId)).toEqual(nothingLeft);
      expect(await exists(resume.target.audioKey)).toBe(false);
      expect((await remnants(resume.other, resume.companyId)).interactions).toBe(2);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('company deletion (npm run company:delete)', () => {
  it('parses its arguments', () => {
    expect(parseDeleteCompanyArgs(['--company', 'nope', '--confirm', 'X'])).toMatch(/uuid/);
    const id = randomUUID();
    expect(parseDeleteCompanyArgs([`--company=${id}`, '--confirm', 'Acme Co'])).toEqual({
      companyId: id,
      confirmName: 'Acme Co',
    });
  });

  it(
    'refuses a wrong name, then deletes the company, its users, files and log but one entry',
    async () => {
      const doomed = await insertFixture(t, 'Doomed Co');
      const cachedTranscript = `transcript-cache/${doomed.companyId}/cached.json`;
      await storageOf(t).put(cachedTranscript, Buffer.from('{}'), 'application/json');
      const demoBefore = await t.inspect((q) =>
        q(`SELECT count(*)::int AS n FROM interactions WHERE company_id <> $1`, [doomed.companyId]),
      );
      await t.stop();
      let result: Awaited<ReturnType<typeof deleteCompany>>;
      try {
        const config = loadConfig(t.env);
        const wrong = await deleteCompany(config, {
          companyId: doomed.companyId,
          confirmName: doomed.companyName.toLowerCase(),
        });
        expect(wrong.ok).toBe(false);
        result = await deleteCompany(config, {
          companyId: doomed.companyId,
          confirmName: doomed.companyName,
        });
      } finally {
        await t.restart();
      }
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.counts).toMatchObject({ interactions: 4, users: 3 });
      const left = await t.inspect(async (q) => ({
        company: (
          await q(`SELECT count(*)::int n FROM companies WHERE id = $1`, [doomed.companyId])
        )[0]!.n,
        users: (
          await q(`SELECT count(*)::int n FROM users WHERE email = any($1::text[])`, [
            Object.values(doomed.accounts),
          ])
        )[0]!.n,
        customers: (
          await q(`SELECT count(*)::int n FROM customers WHERE company_id = $1`, [doomed.companyId])
        )[0]!.n,
        audit: await q(
          `SELECT event, company_id, meta FROM audit_log
          WHERE company_id = $1::uuid OR meta->>'company_id' = $1::text`,
          [doomed.companyId],
        ),
        request: (
          await q(`SELECT status, company_id FROM privacy_requests WHERE id = $1`, [
            result.requestId,
          ])
        )[0],
        others: (
          await q(`SELECT count(*)::int AS n FROM interactions WHERE company_id <> $1`, [
            doomed.companyId,
          ])
        )[0]!.n,
      }));
      expect(left).toMatchObject({ company: 0, users: 0, customers: 0, others: demoBefore[0]!.n });
      expect(left.audit).toHaveLength(1);
      expect(left.audit[0]).toMatchObject({ event: 'company.deleted', company_id: null });
      expect(left.request).toMatchObject({ status: 'completed', company_id: null });
      for (const c of [doomed.target, doomed.other]) {
        expect(await exists(c.audioKey)).toBe(false);
        expect(await exists(c.chunkKey)).toBe(false);
      }
      expect(await exists(cachedTranscript)).toBe(false);
      // The first fixture's company (another tenant) still has its files.
      expect(await exists(fx.other.audioKey)).toBe(true);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
