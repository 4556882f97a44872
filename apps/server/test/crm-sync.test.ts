import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import {
  call,
  companyOf,
  connectCrm,
  customer,
  job,
  syncAndWait,
  technician,
} from './support/crm-sync';
import { insertBots } from './support/bots';
import { DEMO } from './support/demo';
import { FakeCrm } from './support/fake-crm';
import { renderAudio, waitFor } from './support/recordings';
import { SLOW_TEST_TIMEOUT_MS, useTestApp, type SqlQuery } from './support/test-app';

// The CRM sync engine against the real database and pg-boss workers of the test server, with an
// in-memory CRM whose exports, recordings and failures the tests script.

const crm = new FakeCrm();
const t = useTestApp({
  crmProviders: crm.providers(),
  env: {
    PIPELINE_RETRY_LIMIT: '1',
    PIPELINE_RETRY_DELAY_SECONDS: '0',
    CRM_SYNC_INTERVAL_MINUTES: '0',
  },
});

const acmeCrm = crm.tenant('acme');
const globexCrm = crm.tenant('globex');
let acme: string;
let globex: string;
let acmeSync: string;
let globexSync: string;
let admin: ApiClient;

const rowsOf = (q: SqlQuery, sql: string, params: unknown[]) => q(sql, params);

beforeAll(async () => {
  const audio = await renderAudio('sine=frequency=440:duration=2', 'mp3');
  acmeCrm.put(
    'technicians',
    technician('T1'),
    technician('T2', { email: null }),
    // Held by another account already: the technician gets a placeholder address.
    technician('T3', { email: DEMO.globex.email }),
  );
  acmeCrm.put('customers', customer('C1'), customer('C2'), customer('C3'));
  acmeCrm.put('locations', {
    externalId: 'L1',
    customerExternalId: 'C1',
    name: 'Home',
    street: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62701',
    country: 'US',
    active: true,
  });
  acmeCrm.put(
    'jobs',
    job('J1', 'C1', { locationExternalId: 'L1', technicianExternalId: 'T1' }),
    job('J2', 'C2', {
      status: 'completed',
      revenueCents: 25_000,
      completedAt: new Date('2026-11-03T12:00:00Z'),
    }),
    // Its customer is not in the CRM's export: skipped, counted.
    job('J3', 'C-missing'),
  );
  acmeCrm.put(
    'calls',
    call('K1', { customerExternalId: 'C1', jobExternalId: 'J1' }),
    call('K2', { callType: 'Unbooked' }),
    call('K3', { recordingRef: null }),
  );
  acmeCrm.recordings.set('rec-K1', audio);
  acmeCrm.recordings.set('rec-K2', audio);
  acmeCrm.brokenRecordings.add('rec-K2');

  // Globex's CRM uses the same ids for different records.
  globexCrm.put('customers', customer('C1', { name: 'Globex customer one' }));
  globexCrm.put('jobs', job('J1', 'C1', { status: 'completed', revenueCents: 999 }));

  await t.inspect(async (q) => {
    acme = await companyOf(q, DEMO.admin.email);
    globex = await companyOf(q, DEMO.globex.email);
    acmeSync = await connectCrm(t, q, acme, 'demo-crm', { tenant: 'acme', api_key: 'good-key' });
    globexSync = await connectCrm(t, q, globex, 'servicetitan', {
      tenant: 'globex',
      api_key: 'good-key',
    });
    // Automation on synced jobs: every completed job, and jobs above the revenue threshold.
    await insertBots(q, [
      {
        name: 'Sync Job Every',
        trigger: 'job-complete',
        trigger_event: 'every',
        companies: [acme],
      },
      {
        name: 'Sync Big Revenue',
        trigger: 'job-complete',
        trigger_event: 'greater-to-revenue',
        companies: [acme],
      },
    ]);
  });
  admin = t.client();
  await admin.loginAs(DEMO.admin.email);
}, SLOW_TEST_TIMEOUT_MS);

const snapshot = (q: SqlQuery, companyId: string) =>
  Promise.all([
    rowsOf(
      q,
      `SELECT external_id, name, updated_at::text FROM customers
       WHERE company_id = $1 AND external_id IN ('C1','C2','C3','unknown-caller') ORDER BY external_id`,
      [companyId],
    ),
    rowsOf(
      q,
      `SELECT external_id, status, revenue::text, updated_at::text, completion_published_at IS NOT NULL AS published
       FROM jobs WHERE company_id = $1 AND external_id IS NOT NULL ORDER BY external_id`,
      [companyId],
    ),
    rowsOf(
      q,
      `SELECT number, call_type, agent_name, updated_at::text FROM interactions
       WHERE company_id = $1 AND source_integration_id IS NOT NULL ORDER BY number`,
      [companyId],
    ),
  ]);

/** The bots the automation ran on a job's job.completed event (once it ran). */
const automaticBots = (jobId: unknown) =>
  waitFor('the automatic job run', () =>
    t.inspect(async (q) => {
      const rows = await q(
        `SELECT r.run_type, array_agg(v.name ORDER BY v.name) AS bots
         FROM bot_runs r JOIN bot_results b ON b.run_id = r.id
         JOIN bot_versions v ON v.id = b.version_id
         WHERE r.dedupe_key = $1 AND v.name LIKE 'Sync %' GROUP BY r.id`,
        [`job.completed:${String(jobId)}`],
      );
      return rows.length > 0 ? rows : undefined;
    }),
  );

const completionEvents = (q: SqlQuery, jobId: unknown) =>
  q(`SELECT id FROM pgboss.job WHERE name = 'bot-automation-job-completed' AND id = $1`, [jobId]);

describe('first sync', () => {
  it(
    'creates the rows, moves the cursors and counts what it did',
    async () => {
      const run = await syncAndWait(t, acmeSync);
      expect(run).toMatchObject({ status: 'success', error: null });
      expect(run.counts).toEqual({
        technicians: { created: 3, updated: 0, skipped: 0 },
        customers: { created: 3, updated: 0, skipped: 0 },
        locations: { created: 1, updated: 0, skipped: 0 },
        jobs: { created: 2, updated: 0, skipped: 1 },
        calls: { created: 2, updated: 0, skipped: 1 },
      });
      const state = await t.inspect(async (q) => ({
        integration: (
          await q(
            `SELECT sync_process_status, sync_lease_until, last_synced_at IS NOT NULL AS synced,
                    last_sync_error FROM company_integrations WHERE id = $1`,
            [acmeSync],
          )
        )[0],
        cursors: await q(
          `SELECT entity, cursor, rows_synced FROM crm_sync_cursors
           WHERE company_integration_id = $1 ORDER BY entity`,
          [acmeSync],
        ),
        jobs: await q(
          `SELECT j.external_id, j.job_number, j.status, j.revenue::text, c.external_id AS customer,
                  l.external_id AS location, u.crm_user_id AS technician
           FROM jobs j JOIN customers c ON c.id = j.customer_id
           LEFT JOIN customer_locations l ON l.id = j.location_id
           LEFT JOIN users u ON u.id = j.technician_id
           WHERE j.company_id = $1 AND j.external_id IS NOT NULL ORDER BY j.external_id`,
          [acme],
        ),
        calls: await q(
          `SELECT i.number, i.type, i.call_type, i.agent_name, i.source_url, c.external_id AS customer,
                  c.name AS customer_name, j.external_id AS job
           FROM interactions i JOIN customers c ON c.id = i.customer_id
           LEFT JOIN jobs j ON j.id = i.job_id
           WHERE i.source_integration_id = $1 ORDER BY i.number`,
          [acmeSync],
        ),
      }));
      expect(state.integration).toEqual({
        sync_process_status: 'success',
        sync_lease_until: null,
        synced: true,
        last_sync_error: null,
      });
      expect(state.cursors).toEqual([
        { entity: 'calls', cursor: '3', rows_synced: 2 },
        { entity: 'customers', cursor: '3', rows_synced: 3 },
        { entity: 'jobs', cursor: '3', rows_synced: 2 },
        { entity: 'locations', cursor: '1', rows_synced: 1 },
        { entity: 'technicians', cursor: '3', rows_synced: 3 },
      ]);
      expect(state.jobs).toEqual([
        {
          external_id: 'J1',
          job_number: 'N-J1',
          status: 'scheduled',
          revenue: null,
          customer: 'C1',
          location: 'L1',
          technician: 'T1',
        },
        {
          external_id: 'J2',
          job_number: 'N-J2',
          status: 'completed',
          revenue: '250.00',
          customer: 'C2',
          location: null,
          technician: null,
        },
      ]);
      expect(state.calls).toEqual([
        {
          number: 'K1',
          type: 'csr-call',
          call_type: 'Booked',
          agent_name: 'Casey CSR',
          source_url: 'rec-K1',
          customer: 'C1',
          customer_name: 'Customer C1',
          job: 'J1',
        },
        {
          number: 'K2',
          type: 'csr-call',
          call_type: 'Unbooked',
          agent_name: 'Casey CSR',
          source_url: 'rec-K2',
          customer: 'unknown-caller',
          customer_name: 'Unknown caller',
          job: null,
        },
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'makes technicians Not Invited field technicians with their CRM id, mailing nobody',
    async () => {
      const users = await t.inspect((q) =>
        q(
          `SELECT u.crm_user_id, u.name, u.email, u.phone, u.password_hash, r.alias
           FROM users u JOIN roles r ON r.id = u.role_id
           WHERE u.company_id = $1 AND u.crm_user_id IN ('T1', 'T2', 'T3') ORDER BY u.crm_user_id`,
          [acme],
        ),
      );
      const prefix = acmeSync.slice(0, 8);
      expect(users).toEqual([
        {
          crm_user_id: 'T1',
          name: 'Tech T1',
          email: 't1@crm.example.test',
          phone: '5550100000',
          password_hash: '',
          alias: 'field_team',
        },
        {
          crm_user_id: 'T2',
          name: 'Tech T2',
          email: `crm-${prefix}-t2@no-email.invalid`,
          phone: '5550100000',
          password_hash: '',
          alias: 'field_team',
        },
        {
          crm_user_id: 'T3',
          name: 'Tech T3',
          email: `crm-${prefix}-t3@no-email.invalid`,
          phone: '5550100000',
          password_hash: '',
          alias: 'field_team',
        },
      ]);
      expect(await t.outbox.mailsTo('t1@crm.example.test')).toEqual([]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'publishes job.completed for a completed job, once',
    async () => {
      const rows = await t.inspect(async (q) => {
        const [j2] = await q(
          `SELECT id, completion_published_at FROM jobs WHERE company_id = $1 AND external_id = 'J2'`,
          [acme],
        );
        return { j2, events: await completionEvents(q, j2!.id) };
      });
      expect(rows.j2!.completion_published_at).not.toBeNull();
      expect(rows.events).toHaveLength(1);
      // $250.00 is under the revenue threshold: only the every-job bot runs.
      expect(await automaticBots(rows.j2!.id)).toEqual([
        { run_type: 'automatic', bots: ['Sync Job Every'] },
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('synced calls', () => {
  const callState = (number: string) =>
    t.inspect(async (q) => {
      const [row] = await q(
        `SELECT id, download_status, audio_merge_status, source_keys FROM interactions
         WHERE company_id = $1 AND number = $2`,
        [acme, number],
      );
      return row!;
    });

  it(
    'downloads a recording through the provider and merges it',
    async () => {
      const merged = await waitFor('K1 to be merged', async () => {
        const row = await callState('K1');
        return row.audio_merge_status === 'completed' ? row : undefined;
      });
      expect(merged.download_status).toBe('completed');
      expect(merged.source_keys).toEqual([`calls/${acme}/${String(merged.id)}.mp3`]);
      expect(acmeCrm.downloads.filter((ref) => ref === 'rec-K1')).toHaveLength(1);
      // Its transcription waits in the background queue, apart from the ones people are looking
      // at (recorded visits), and takes its turn in Acme's own line of synced calls (the n-th waiting gets 1 − n,
      // so another company's first call is not held behind Acme's whole backlog). The merge
      // queues it just after saving the merged audio, so it may not be there yet.
      const job = await waitFor('K1 to be queued for transcription', async () => {
        const [row] = await t.inspect((q) =>
          q(
            `SELECT priority FROM pgboss.job WHERE name = 'transcribe-background' AND data->>'interactionId' = $1`,
            [String(merged.id)],
          ),
        );
        return row;
      });
      const [synced] = await t.inspect((q) =>
        q(
          `SELECT count(*)::int AS n FROM interactions
           WHERE company_id = $1 AND source_integration_id IS NOT NULL`,
          [acme],
        ),
      );
      expect(job.priority).toBeLessThanOrEqual(0);
      expect(job.priority).toBeGreaterThan(-Number(synced!.n));
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'marks a recording the CRM fails to send as a download error, which Re Download retries',
    async () => {
      const failed = await waitFor('K2 to fail', async () => {
        const row = await callState('K2');
        return row.download_status === 'error' ? row : undefined;
      });
      acmeCrm.brokenRecordings.delete('rec-K2');
      const res = await admin.post('/api/company/call/download', {
        call_ids: [failed.id],
        company_id: acme,
      });
      expect(res.status, res.text).toBe(200);
      const merged = await waitFor('K2 to be merged', async () => {
        const row = await callState('K2');
        return row.audio_merge_status === 'completed' ? row : undefined;
      });
      expect(merged.download_status).toBe('completed');
      expect(acmeCrm.downloads.filter((ref) => ref === 'rec-K2').length).toBeGreaterThanOrEqual(2);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('later syncs', () => {
  it(
    'change nothing when the CRM has nothing new, and start from the stored cursors',
    async () => {
      // The pipeline's own writes on the calls are over first.
      await waitFor('the calls to settle', async () => {
        const busy = await t.inspect((q) =>
          q(
            `SELECT 1 FROM interactions WHERE source_integration_id = $1 AND status = 'in-progress'`,
            [acmeSync],
          ),
        );
        return busy.length === 0 ? true : undefined;
      });
      const before = await t.inspect((q) => snapshot(q, acme));
      const exportsBefore = acmeCrm.exports.length;
      const run = await syncAndWait(t, acmeSync);
      expect(run.status).toBe('success');
      for (const entity of Object.values(run.counts)) {
        expect(entity).toEqual({ created: 0, updated: 0, skipped: 0 });
      }
      expect(acmeCrm.exports.slice(exportsBefore)).toEqual([
        { entity: 'technicians', cursor: '3' },
        { entity: 'customers', cursor: '3' },
        { entity: 'locations', cursor: '1' },
        { entity: 'jobs', cursor: '3' },
        { entity: 'calls', cursor: '3' },
      ]);
      expect(await t.inspect((q) => snapshot(q, acme))).toEqual(before);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'update a changed record in place, and publish a job reaching Completed once',
    async () => {
      // The CRM exports the same records again (unchanged ones too, as a real export may).
      acmeCrm.put('customers', customer('C1', { name: 'Renamed C1' }), customer('C2'));
      acmeCrm.put(
        'jobs',
        job('J1', 'C1', {
          locationExternalId: 'L1',
          technicianExternalId: 'T1',
          status: 'completed',
          revenueCents: 1_500_000,
          completedAt: new Date('2026-11-05T12:00:00Z'),
        }),
      );
      acmeCrm.put(
        'calls',
        call('K1', { customerExternalId: 'C1', jobExternalId: 'J1', agentName: 'Robin CSR' }),
      );
      const downloadsBefore = acmeCrm.downloads.length;
      const run = await syncAndWait(t, acmeSync);
      expect(run.counts).toMatchObject({
        customers: { created: 0, updated: 1 },
        jobs: { created: 0, updated: 1 },
        calls: { created: 0, updated: 1 },
      });
      // A second sync of the same state publishes nothing again.
      await syncAndWait(t, acmeSync);
      const state = await t.inspect(async (q) => {
        const customers = await q(
          `SELECT external_id, name FROM customers WHERE company_id = $1 AND external_id LIKE 'C_'`,
          [acme],
        );
        const [j1] = await q(
          `SELECT id, status, revenue::text, completion_published_at IS NOT NULL AS published
           FROM jobs WHERE company_id = $1 AND external_id = 'J1'`,
          [acme],
        );
        const [k1] = await q(
          `SELECT agent_name, download_status FROM interactions WHERE company_id = $1 AND number = 'K1'`,
          [acme],
        );
        return { customers, j1, k1, events: await completionEvents(q, j1!.id) };
      });
      expect(state.customers).toHaveLength(3);
      expect(state.customers).toContainEqual({ external_id: 'C1', name: 'Renamed C1' });
      expect(state.j1).toMatchObject({ status: 'completed', revenue: '15000.00', published: true });
      expect(state.events).toHaveLength(1);
      expect(await automaticBots(state.j1!.id)).toEqual([
        { run_type: 'automatic', bots: ['Sync Big Revenue', 'Sync Job Every'] },
      ]);
      // Metadata only: the recording is not fetched again.
      expect(state.k1).toEqual({ agent_name: 'Robin CSR', download_status: 'completed' });
      expect(acmeCrm.downloads.length).toBe(downloadsBefore);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    "keep each company's records apart, whatever ids the CRMs use",
    async () => {
      const acmeBefore = await t.inspect((q) => snapshot(q, acme));
      const run = await syncAndWait(t, globexSync);
      expect(run.counts).toMatchObject({
        customers: { created: 1, updated: 0 },
        jobs: { created: 1, updated: 0 },
      });
      const state = await t.inspect(async (q) => ({
        globex: await q(
          `SELECT c.name, j.revenue::text FROM customers c JOIN jobs j ON j.customer_id = c.id
           WHERE c.company_id = $1 AND c.external_id = 'C1' AND j.company_id = $1`,
          [globex],
        ),
        acme: await snapshot(q, acme),
      }));
      expect(state.globex).toEqual([{ name: 'Globex customer one', revenue: '9.99' }]);
      expect(state.acme).toEqual(acmeBefore);
      expect(globexCrm.downloads).toEqual([]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'never overlap: asking again while one runs adds nothing',
    async () => {
      acmeCrm.put('customers', customer('C4'));
      const release = acmeCrm.pause();
      await t.crmSync.requestSync(acmeSync, 'manual');
      await waitFor('the sync to hold a page', async () =>
        acmeCrm.inFlight > 0 &&
        (
          await t.inspect((q) =>
            q(
              `SELECT 1 FROM company_integrations WHERE id = $1 AND sync_process_status = 'in-progress'`,
              [acmeSync],
            ),
          )
        ).length === 1
          ? true
          : undefined,
      );
      await t.crmSync.requestSync(acmeSync, 'manual');
      await t.crmSync.requestSync(acmeSync, 'scheduled');
      const held = await t.inspect(async (q) => ({
        runs: await q(
          `SELECT status FROM crm_sync_runs WHERE company_integration_id = $1 AND status IN ('queued','running')`,
          [acmeSync],
        ),
        status: (
          await q(`SELECT sync_process_status FROM company_integrations WHERE id = $1`, [acmeSync])
        )[0],
        jobs: await q(
          `SELECT state FROM pgboss.job WHERE name = 'crm-sync' AND singleton_key = $1 AND state IN ('created','retry','active')`,
          [acmeSync],
        ),
      }));
      expect(held.runs).toEqual([{ status: 'running' }]);
      expect(held.status).toEqual({ sync_process_status: 'in-progress' });
      expect(held.jobs.length).toBeLessThanOrEqual(2);
      release();
      await waitFor('the syncs to end', async () => {
        const open = await t.inspect((q) =>
          q(
            `SELECT 1 FROM pgboss.job WHERE name = 'crm-sync' AND singleton_key = $1 AND state IN ('created','retry','active')`,
            [acmeSync],
          ),
        );
        return open.length === 0 ? true : undefined;
      });
      expect(acmeCrm.maxInFlight).toBe(1);
      const customers = await t.inspect((q) =>
        q(`SELECT 1 FROM customers WHERE company_id = $1 AND external_id = 'C4'`, [acme]),
      );
      expect(customers).toHaveLength(1);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    "fail with the CRM's sentence when the credentials are refused",
    async () => {
      acmeCrm.apiKey = 'rotated-key';
      try {
        const run = await syncAndWait(t, acmeSync);
        expect(run).toMatchObject({ status: 'fail', error: 'The CRM rejected the API key.' });
        const [row] = await t.inspect((q) =>
          q(
            `SELECT sync_process_status, last_sync_error, sync_lease_until FROM company_integrations WHERE id = $1`,
            [acmeSync],
          ),
        );
        expect(row).toEqual({
          sync_process_status: 'fail',
          last_sync_error: 'The CRM rejected the API key.',
          sync_lease_until: null,
        });
      } finally {
        acmeCrm.apiKey = 'good-key';
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
