import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  CRM_WRITEBACK_MESSAGES,
  MESSAGES,
  crmWritebackStatusResponseSchema,
  demoCrmNotesResponseSchema,
  updateCrmWritebackResponseSchema,
} from '@fieldbot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_RESULT_COMPLETED_EVENT } from '../src/jobs/result-events';
import { CRM_WRITEBACK_QUEUE } from '../src/jobs/crm-writeback';
import { createServiceTitanProvider } from '../src/providers/crm/servicetitan/servicetitan-provider';
import { insertBots, publishEvent, type InsertedBot } from './support/bots';
import { companyOf, connectCrm } from './support/crm-sync';
import { DEMO } from './support/demo';
import { startFakeServiceTitan } from './support/fake-servicetitan';
import { waitFor } from './support/recordings';
import {
  APP_URL,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
  type SqlQuery,
} from './support/test-app';

// Bot results written back to the CRM (ADR 032): the per-bot switch over HTTP (company admins
// only, each company its own bots), and the write-back worker against a local ServiceTitan (the
// real adapter over HTTP) and the Demo CRM, driven by bot_result.completed events.

const st = await startFakeServiceTitan({
  counts: { technicians: 1, customers: 5, locations: 0, jobs: 5, calls: 0 },
});
const t = useTestApp({
  env: {
    SERVICETITAN_AUTH_URL: st.url,
    SERVICETITAN_API_URL: st.url,
    // Three attempts, no waiting between them.
    PIPELINE_RETRY_LIMIT: '2',
    PIPELINE_RETRY_DELAY_SECONDS: '0',
    CRM_SYNC_INTERVAL_MINUTES: '0',
  },
});
const as = signedInClients(t);

afterAll(() => st.close());

let acme: string;
let globex: string;
let bots: Record<string, InsertedBot>;
/** Globex's CRM records, with ServiceTitan's ids. */
const stCustomer = String(st.controls.idOf('customers', 1));
const stJob = String(st.controls.idOf('jobs', 1));
let globexCustomer: string;
let globexRecording: string;
let globexCall: string;
let globexJobRun: string;
let acmeCustomer: string;
let acmeRecording: string;

async function insertInteraction(
  q: SqlQuery,
  companyId: string,
  customerId: string,
  type: 'field-recording' | 'csr-call',
  jobId: string | null,
) {
  const [row] = await q(
    `INSERT INTO interactions (company_id, customer_id, job_id, number, type, call_type, status,
       started_at, duration_seconds)
     VALUES ($1, $2, $3, 'WB-' || substr(md5(random()::text), 1, 10), $4, $5,
       'completed', now(), 60)
     RETURNING id`,
    [companyId, customerId, jobId, type, type === 'csr-call' ? 'Booked' : null],
  );
  return String(row!.id);
}

/** A finished successful result of `bot` on the target, and its bot_result.completed event. */
async function finishResult(
  q: SqlQuery,
  companyId: string,
  bot: InsertedBot,
  target: { interaction?: string; job?: string; customer?: string },
  evidence: string,
  options: { publish?: boolean } = {},
): Promise<string> {
  const targetType = target.interaction
    ? String(
        (await q(`SELECT type FROM interactions WHERE id = $1`, [target.interaction]))[0]!.type,
      )
    : 'customer';
  const [run] = await q(
    `INSERT INTO bot_runs (company_id, target_type, interaction_id, customer_id, job_id, run_type,
       status) VALUES ($1, $2, $3, $4, $5, 'manual', 'success') RETURNING id`,
    [
      companyId,
      targetType,
      target.interaction ?? null,
      target.customer ?? null,
      target.job ?? null,
    ],
  );
  const tags = [
    { id: 0, label: 'Evidence', data: evidence, description: 'What was said.' },
    { id: 1, label: 'Follow-up', data: null, description: 'Next step.' },
  ];
  const [result] = await q(
    `INSERT INTO bot_results (run_id, company_id, bot_id, version_id, status, output_tags,
       finished_at) VALUES ($1, $2, $3, $4, 'success', $5, now()) RETURNING id`,
    [run!.id, companyId, bot.id, bot.versionId, JSON.stringify(tags)],
  );
  const resultId = String(result!.id);
  if (options.publish !== false) await publish(q, resultId, resultId);
  return resultId;
}

/** Queues the event's copies; `jobId` other than the result id delivers the same result again. */
async function publish(q: SqlQuery, jobId: string, resultId: string) {
  await publishEvent(q, BOT_RESULT_COMPLETED_EVENT, jobId, { result_id: resultId });
}

/** Waits until the write-back queue has finished the job (completed, or failed for good). */
function handled(jobId: string) {
  return waitFor(
    `write-back job ${jobId}`,
    () =>
      t.inspect(async (q) => {
        const [job] = await q(`SELECT state FROM pgboss.job WHERE name = $1 AND id = $2`, [
          CRM_WRITEBACK_QUEUE,
          jobId,
        ]);
        return job && ['completed', 'failed'].includes(String(job.state))
          ? String(job.state)
          : undefined;
      }),
    30_000,
  );
}

const liveNotes = (kind: 'job' | 'customer', id: string) =>
  st.controls.notes(kind, id).filter((n) => !n.deleted);

beforeAll(async () => {
  await t.inspect(async (q) => {
    acme = await companyOf(q, DEMO.admin.email);
    globex = await companyOf(q, DEMO.globex.email);
    const { credentials } = st.controls;
    await connectCrm(t, q, globex, 'servicetitan', {
      client_id: credentials.clientId,
      secret: credentials.clientSecret,
      tenant_id: credentials.tenantId,
      app_key: credentials.appKey,
      start_date: '2025-01-01',
    });
    bots = await insertBots(q, [
      {
        name: 'WB Shared',
        trigger: 'recording-complete',
        trigger_event: 'every',
        companies: [acme, globex],
      },
      {
        name: 'WB Acme Only',
        trigger: 'recording-complete',
        trigger_event: 'every',
        companies: [acme],
      },
      { name: 'WB Calls', trigger: 'call-complete', trigger_event: 'every', companies: [globex] },
      { name: 'WB Jobs', trigger: 'job-complete', trigger_event: 'every', companies: [globex] },
    ]);
    const [customer] = await q(
      `INSERT INTO customers (company_id, external_id, name, type)
       VALUES ($1, $2, 'Write-back customer', 'Residential') RETURNING id`,
      [globex, stCustomer],
    );
    globexCustomer = String(customer!.id);
    const [job] = await q(
      `INSERT INTO jobs (company_id, customer_id, job_number, external_id, status)
       VALUES ($1, $2, 'WB-1', $3, 'completed') RETURNING id`,
      [globex, globexCustomer, stJob],
    );
    globexJobRun = String(job!.id);
    globexRecording = await insertInteraction(
      q,
      globex,
      globexCustomer,
      'field-recording',
      globexJobRun,
    );
    globexCall = await insertInteraction(q, globex, globexCustomer, 'csr-call', null);
    const [acmeRow] = await q(
      `INSERT INTO customers (company_id, external_id, name, type)
       VALUES ($1, 'DEMO-WB-1', 'Demo write-back customer', 'Residential') RETURNING id`,
      [acme],
    );
    acmeCustomer = String(acmeRow!.id);
    acmeRecording = await insertInteraction(q, acme, acmeCustomer, 'csr-call', null);
  });
}, SLOW_TEST_TIMEOUT_MS);

describe('the per-bot switch', () => {
  it('lists the company’s subscribed bots, its CRM and no failure, to company admins', async () => {
    const admin = await as(DEMO.admin.email);
    const res = await admin.get('/api/crm-writeback');
    expect(res.status).toBe(200);
    const { data } = crmWritebackStatusResponseSchema.parse(res.body);
    expect(data.integration).toMatchObject({ slug: 'demo-crm' });
    expect(data.failure).toBeNull();
    const names = data.bots.map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['WB Shared', 'WB Acme Only']));
    expect(names).not.toContain('WB Calls');
    expect(data.bots.find((b) => b.name === 'WB Shared')?.enabled).toBe(false);
  });

  it('is changed by company admins only: managers, technicians and publishers get 403', async () => {
    // A publisher, and a company admin still onboarding, are no set-up company admins either.
    for (const email of [
      DEMO.manager.email,
      DEMO.tech.email,
      DEMO.publisher.email,
      DEMO.newadmin.email,
    ]) {
      const client = await as(email);
      const put = await client.put(`/api/crm-writeback/bots/${bots['WB Shared']!.id}`, {
        enabled: true,
      });
      expect(put.status).toBe(403);
      expect(put.body.message).toBe(AUTH_MESSAGES.forbidden);
      expect((await client.get('/api/crm-writeback')).status).toBe(403);
      expect((await client.get('/api/crm-writeback/demo-notes')).status).toBe(403);
    }
    expect((await t.client().get('/api/crm-writeback')).status).toBe(401);
    const admin = await as(DEMO.admin.email);
    const { data } = crmWritebackStatusResponseSchema.parse(
      (await admin.get('/api/crm-writeback')).body,
    );
    expect(data.bots.find((b) => b.name === 'WB Shared')?.enabled).toBe(false);
  });

  it('answers 422 with a field message for a bad body, and changes nothing', async () => {
    const admin = await as(DEMO.admin.email);
    const res = await admin.put(`/api/crm-writeback/bots/${bots['WB Shared']!.id}`, {
      enabled: 'yes',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ enabled: [MESSAGES.invalidValue] });
    const bad = await admin.put('/api/crm-writeback/bots/not-a-uuid', { enabled: true });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ bot_id: [CRM_WRITEBACK_MESSAGES.botNotFound] });
  });

  it('does not let Globex change a bot only Acme subscribes to', async () => {
    const globexAdmin = await as(DEMO.globex.email);
    const res = await globexAdmin.put(`/api/crm-writeback/bots/${bots['WB Acme Only']!.id}`, {
      enabled: true,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(CRM_WRITEBACK_MESSAGES.botNotFound);
    const rows = await t.inspect((q) =>
      q(`SELECT 1 FROM crm_writeback_settings WHERE bot_id = $1`, [bots['WB Acme Only']!.id]),
    );
    expect(rows).toHaveLength(0);
  });

  it('keeps each company’s switch of a shared bot its own', async () => {
    const globexAdmin = await as(DEMO.globex.email);
    const res = await globexAdmin.put(`/api/crm-writeback/bots/${bots['WB Shared']!.id}`, {
      enabled: true,
    });
    expect(res.status).toBe(200);
    expect(updateCrmWritebackResponseSchema.parse(res.body)).toEqual({
      message: CRM_WRITEBACK_MESSAGES.saved,
      data: { bot_id: bots['WB Shared']!.id, name: 'WB Shared', enabled: true },
    });
    const acmeAdmin = await as(DEMO.admin.email);
    const { data } = crmWritebackStatusResponseSchema.parse(
      (await acmeAdmin.get('/api/crm-writeback')).body,
    );
    expect(data.bots.find((b) => b.name === 'WB Shared')?.enabled).toBe(false);
  });
});

describe('writing results to ServiceTitan', () => {
  it(
    'writes nothing for a bot whose switch is off',
    async () => {
      const resultId = await t.inspect((q) =>
        finishResult(q, globex, bots['WB Calls']!, { interaction: globexCall }, 'Off switch'),
      );
      await handled(resultId);
      expect(st.controls.requests('notes/create')).toBe(0);
      const rows = await t.inspect((q) =>
        q(`SELECT 1 FROM crm_writebacks WHERE bot_id = $1`, [bots['WB Calls']!.id]),
      );
      expect(rows).toHaveLength(0);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'writes a recording’s result once as a note on its job, with the tags and a link',
    async () => {
      const resultId = await t.inspect((q) =>
        finishResult(
          q,
          globex,
          bots['WB Shared']!,
          { interaction: globexRecording },
          'Offered a plan',
        ),
      );
      await handled(resultId);
      const notes = liveNotes('job', stJob);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.text).toContain(
        'Fieldbot: WB Shared\nEvidence: Offered a plan\nFollow-up: —\n',
      );
      expect(notes[0]!.text).toContain(
        `${APP_URL}/customers/${globexCustomer}/interaction/${globexRecording}/field-recording`,
      );

      // The same result delivered again (another job id): no second note, no CRM write.
      const creates = st.controls.requests('notes/create');
      const again = randomUUID();
      await t.inspect((q) => publish(q, again, resultId));
      await handled(again);
      expect(liveNotes('job', stJob)).toHaveLength(1);
      expect(st.controls.requests('notes/create')).toBe(creates);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'replaces a call’s customer note when the bot is run again with a new answer',
    async () => {
      const globexAdmin = await as(DEMO.globex.email);
      await globexAdmin.put(`/api/crm-writeback/bots/${bots['WB Calls']!.id}`, { enabled: true });
      const first = await t.inspect((q) =>
        finishResult(q, globex, bots['WB Calls']!, { interaction: globexCall }, 'Booked a visit'),
      );
      await handled(first);
      const [note] = liveNotes('customer', stCustomer);
      expect(note?.text).toContain('Fieldbot: WB Calls\nEvidence: Booked a visit');

      const rerun = await t.inspect((q) =>
        finishResult(
          q,
          globex,
          bots['WB Calls']!,
          { interaction: globexCall },
          'Booked two visits',
        ),
      );
      await handled(rerun);
      const live = liveNotes('customer', stCustomer);
      expect(live).toHaveLength(1);
      expect(live[0]!.text).toContain('Fieldbot: WB Calls (updated)\nEvidence: Booked two visits');
      const [row] = await t.inspect((q) =>
        q(`SELECT note_id, result_id, status FROM crm_writebacks WHERE bot_id = $1`, [
          bots['WB Calls']!.id,
        ]),
      );
      expect(row).toEqual({ note_id: String(live[0]!.id), result_id: rerun, status: 'written' });

      // The first result delivered late, after the re-run's note: it must not bring back its text.
      const creates = st.controls.requests('notes/create');
      const late = randomUUID();
      await t.inspect((q) => publish(q, late, first));
      await handled(late);
      expect(st.controls.requests('notes/create')).toBe(creates);
      expect(liveNotes('customer', stCustomer)[0]!.text).toContain('Booked two visits');

      // A re-run that says the same: nothing to change in the CRM.
      const same = await t.inspect((q) =>
        finishResult(
          q,
          globex,
          bots['WB Calls']!,
          { interaction: globexCall },
          'Booked two visits',
        ),
      );
      await handled(same);
      expect(st.controls.requests('notes/create')).toBe(creates);
      expect(liveNotes('customer', stCustomer)).toHaveLength(1);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'adds a superseding job note on a re-run, since ServiceTitan can neither edit nor delete one',
    async () => {
      const globexAdmin = await as(DEMO.globex.email);
      await globexAdmin.put(`/api/crm-writeback/bots/${bots['WB Jobs']!.id}`, { enabled: true });
      const first = await t.inspect((q) =>
        finishResult(
          q,
          globex,
          bots['WB Jobs']!,
          { job: globexJobRun, customer: globexCustomer },
          'Paid',
        ),
      );
      await handled(first);
      const rerun = await t.inspect((q) =>
        finishResult(
          q,
          globex,
          bots['WB Jobs']!,
          { job: globexJobRun, customer: globexCustomer },
          'Paid in full',
        ),
      );
      await handled(rerun);
      const texts = liveNotes('job', stJob)
        .map((n) => n.text)
        .filter((text) => text.startsWith('Fieldbot: WB Jobs'));
      expect(texts).toHaveLength(2);
      expect(texts[1]).toContain('Fieldbot: WB Jobs (updated)\nEvidence: Paid in full');
      expect(texts[1]).toContain(`${APP_URL}/customers/${globexCustomer}`);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('finds its note on a retry after a crash between ServiceTitan’s answer and our commit', async () => {
    let state: unknown = null;
    const { credentials } = st.controls;
    const connection = createServiceTitanProvider({
      authUrl: st.url,
      apiUrl: st.url,
      pageSize: 50,
    }).connect({
      companyId: globex,
      companyIntegrationId: randomUUID(),
      values: {
        client_id: credentials.clientId,
        secret: credentials.clientSecret,
        tenant_id: credentials.tenantId,
        app_key: credentials.appKey,
      },
      state: { get: async () => state, set: async (next) => void (state = next) },
    });
    const job = String(st.controls.idOf('jobs', 3));
    const note = {
      target: { kind: 'job' as const, externalId: job },
      text: 'Fieldbot: Crash test\nRef: fieldbot-crash-1',
      reference: 'Ref: fieldbot-crash-1',
      previous: null,
    };
    const creates = st.controls.requests('notes/create');
    await connection.writeNote(note);
    // The worker died before storing the outcome: the job's retry writes the same note again.
    expect(await connection.writeNote(note)).toEqual({
      target: note.target,
      noteId: null,
      outcome: 'created',
    });
    expect(liveNotes('job', job)).toHaveLength(1);
    expect(st.controls.requests('notes/create') - creates).toBe(1);
  });

  it(
    'retries a failing write, shows the failure on the card, and clears it on a success',
    async () => {
      // Every request of all three attempts is throttled (each attempt tries six times).
      st.controls.inject429(18, '0');
      const lists = st.controls.requests('notes/list');
      const failing = await t.inspect((q) =>
        finishResult(q, globex, bots['WB Calls']!, { interaction: globexCall }, 'Will fail'),
      );
      expect(await handled(failing)).toBe('completed');
      expect(st.controls.requests('notes/list') - lists).toBe(18);

      const globexAdmin = await as(DEMO.globex.email);
      const { data } = crmWritebackStatusResponseSchema.parse(
        (await globexAdmin.get('/api/crm-writeback')).body,
      );
      expect(data.integration).toMatchObject({ slug: 'servicetitan' });
      expect(data.failure).toMatchObject({ count: 1 });
      expect(data.failure?.last_error).toMatch(
        /ServiceTitan is not answering right now \(HTTP 429\)/,
      );
      // The customer's note still says what the last successful write said.
      expect(liveNotes('customer', stCustomer)[0]!.text).toContain('Booked two visits');

      const fixed = await t.inspect((q) =>
        finishResult(q, globex, bots['WB Calls']!, { interaction: globexCall }, 'Works again'),
      );
      await handled(fixed);
      const after = crmWritebackStatusResponseSchema.parse(
        (await globexAdmin.get('/api/crm-writeback')).body,
      );
      expect(after.data.failure).toBeNull();
      const live = liveNotes('customer', stCustomer);
      expect(live).toHaveLength(1);
      expect(live[0]!.text).toContain('Evidence: Works again');
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('the Demo CRM', () => {
  it(
    'keeps the notes written to it, edits one in place on a re-run and shows them',
    async () => {
      const admin = await as(DEMO.admin.email);
      await admin.put(`/api/crm-writeback/bots/${bots['WB Acme Only']!.id}`, { enabled: true });
      const first = await t.inspect((q) =>
        finishResult(
          q,
          acme,
          bots['WB Acme Only']!,
          { interaction: acmeRecording },
          'Asked for a quote',
        ),
      );
      await handled(first);
      const listed = demoCrmNotesResponseSchema.parse(
        (await admin.get('/api/crm-writeback/demo-notes')).body,
      ).data;
      const note = listed.find((n) => n.text.startsWith('Fieldbot: WB Acme Only'));
      expect(note).toMatchObject({ target_kind: 'customer', target_external_id: 'DEMO-WB-1' });
      expect(note?.text).toContain('Evidence: Asked for a quote');
      expect(note?.text).toContain(
        `/customers/${acmeCustomer}/interaction/${acmeRecording}/csr-call`,
      );

      const rerun = await t.inspect((q) =>
        finishResult(
          q,
          acme,
          bots['WB Acme Only']!,
          { interaction: acmeRecording },
          'Accepted the quote',
        ),
      );
      await handled(rerun);
      const after = demoCrmNotesResponseSchema
        .parse((await admin.get('/api/crm-writeback/demo-notes')).body)
        .data.filter((n) => n.text.startsWith('Fieldbot: WB Acme Only'));
      expect(after).toHaveLength(1);
      expect(after[0]!.id).toBe(note!.id);
      expect(after[0]!.text).toContain('Evidence: Accepted the quote');

      // Globex is on ServiceTitan: it sees no Demo CRM notes, Acme's least of all.
      const globexAdmin = await as(DEMO.globex.email);
      const theirs = demoCrmNotesResponseSchema.parse(
        (await globexAdmin.get('/api/crm-writeback/demo-notes')).body,
      );
      expect(theirs.data).toEqual([]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
