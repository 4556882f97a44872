import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareChildServer, type ChildServer } from './support/child-server';
import { companyOf, connectCrm } from './support/crm-sync';
import { DEMO } from './support/demo';
import { startFakeServiceTitan, type FakeServiceTitan } from './support/fake-servicetitan';
import { waitFor } from './support/recordings';
import { HOOK_TIMEOUT_MS, type SqlQuery } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

// A worker process is killed (SIGKILL) in the middle of a CRM sync, as a probe did. Once the dead
// worker's lease on the company has run out, a Sync press resumes the sync from its cursors at
// once, and another company's sync runs too, both while the dead worker's job is still active in
// the queue (its liveness period has not passed): the state in which a press used to make every
// fetch of the queue fail, so that no company's sync ran for an hour. Every company ends with
// each CRM record once. (A dead worker's job coming back by itself once its heartbeat has stopped
// is crm-sync-crash.test.ts.)
//
// On PostgreSQL the web server stays up while the worker process dies, so the presses reach it
// during the outage, and a new worker process takes over. On PGlite the server and its workers
// are one process (its lock allows no other), so the presses come right after the restart.

const CUSTOMERS = 120; // six pages of 20
/** Long enough that the dead job is still active when both syncs have finished. */
const LIVENESS_SECONDS = 60;
const LEASE_SECONDS = 2;

let db: TestDatabase;
let crm: FakeServiceTitan;
/** Works the queues (and on PGlite serves HTTP too). */
let worker: ChildServer;
/** PostgreSQL only: HTTP without workers. */
let web: ChildServer | undefined;
let acme: { company: string; sync: string };
let globex: { company: string; sync: string };
/** The ServiceTitan entry of the integration catalogue. */
let integrationId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  crm = await startFakeServiceTitan({
    counts: { technicians: 2, customers: CUSTOMERS, locations: 0, jobs: 0, calls: 0 },
    maxPageSize: 20,
  });
  const env = {
    SESSION_SECRET: 'crm-sync-worker-kill-session-secret-0123456789',
    SERVICETITAN_AUTH_URL: crm.url,
    SERVICETITAN_API_URL: crm.url,
    CRM_SYNC_PAGE_SIZE: '20',
    CRM_SYNC_INTERVAL_MINUTES: '0',
    CRM_SYNC_LEASE_SECONDS: String(LEASE_SECONDS),
    JOB_HEARTBEAT_SECONDS: '1',
    JOB_LIVENESS_SECONDS: String(LIVENESS_SECONDS),
    JOB_MAINTENANCE_SECONDS: '1',
    PIPELINE_RETRY_LIMIT: '5',
    PIPELINE_RETRY_DELAY_SECONDS: '0',
  };
  worker = await prepareChildServer(db, env);
  if (db.databaseUrl) web = await prepareChildServer(db, { ...env, RUN_WORKERS: 'false' });
  await worker.query(async (q) => {
    const { credentials } = crm.controls;
    const values = {
      client_id: credentials.clientId,
      secret: credentials.clientSecret,
      tenant_id: credentials.tenantId,
      app_key: credentials.appKey,
    };
    const connect = async (email: string) => {
      const company = await companyOf(q, email);
      return { company, sync: await connectCrm({ env }, q, company, 'servicetitan', values) };
    };
    acme = await connect(DEMO.admin.email);
    globex = await connect(DEMO.globex.email);
    const [row] = await q(`SELECT id FROM integrations WHERE slug = 'servicetitan'`);
    integrationId = Number(row!.id);
  });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  crm?.controls.release();
  await worker?.stop('SIGKILL');
  await web?.stop('SIGKILL');
  await crm?.close();
  await db?.drop();
}, HOOK_TIMEOUT_MS);

/** The admin presses Sync on the ServiceTitan card; the answer's status. */
async function pressSync(server: ChildServer, email: string): Promise<number> {
  const admin = server.client();
  await admin.login(email);
  const res = await admin.request('POST', '/api/integration/sync', {
    integration_id: integrationId,
  });
  return res.status;
}

/** What the admin's ServiceTitan card says (over HTTP: PGlite allows no second reader). */
async function cardStatus(server: ChildServer, email: string): Promise<string | null> {
  const admin = server.client();
  await admin.login(email);
  const res = await admin.request('GET', '/api/integration');
  const list = JSON.parse(res.text) as {
    data: { slug: string; sync_process_status: string | null }[];
  };
  return list.data.find((i) => i.slug === 'servicetitan')?.sync_process_status ?? null;
}

/** The company's ServiceTitan customers (ids of the fake's feed), all and distinct. */
const syncState = (q: SqlQuery, id: string) =>
  q(
    `SELECT count(*)::int AS customers, count(DISTINCT c.external_id)::int AS distinct_customers
       FROM company_integrations ci JOIN customers c ON c.company_id = ci.company_id
      WHERE ci.id = $1 AND c.external_id BETWEEN $2 AND $3`,
    [
      id,
      String(crm.controls.idOf('customers', 0)),
      String(crm.controls.idOf('customers', CUSTOMERS - 1)),
    ],
  );

it(
  'resumes a killed worker’s sync, takes a Sync press and syncs every other company',
  async () => {
    const front = web ?? worker;
    await web?.start();
    await worker.start();

    // Two pages are answered, then the CRM hangs: the worker is killed mid-sync.
    crm.controls.holdExportsAfter(2);
    expect(await pressSync(front, DEMO.admin.email)).toBe(200);
    await waitFor('the sync to hang mid-way', async () =>
      crm.controls.held() > 0 ? true : undefined,
    );
    await worker.stop('SIGKILL');
    crm.controls.release();
    const killedAt = Date.now();
    if (!web) await worker.clearCrashLock();
    const deadJobs = await front.query((q) =>
      q(`SELECT id FROM pgboss.job WHERE name = 'crm-sync' AND state = 'active'`),
    );
    expect(deadJobs).toHaveLength(1);

    // PostgreSQL: the outage; the web server takes the presses, no worker runs them yet.
    if (!web) await worker.start();
    // "Already running" (409) until the dead worker's lease has run out, then the press is taken.
    await waitFor('the Sync press to be taken', async () =>
      (await pressSync(front, DEMO.admin.email)) === 200 ? true : undefined,
    );
    expect(await pressSync(front, DEMO.globex.email)).toBe(200);
    if (web) await worker.start();

    await waitFor(
      'both syncs to finish',
      async () => {
        const a = await cardStatus(front, DEMO.admin.email);
        const g = await cardStatus(front, DEMO.globex.email);
        return a === 'success' && g === 'success' ? true : undefined;
      },
      120_000,
    );
    const seconds = (Date.now() - killedAt) / 1000;
    console.info(`CRM syncs finished ${seconds.toFixed(1)} s after their worker was killed`);
    // PGlite: the database is read with the server stopped.
    if (!web) await worker.stop('SIGTERM');
    const done = await front.query(async (q) => ({
      a: (await syncState(q, acme.sync))[0],
      g: (await syncState(q, globex.sync))[0],
    }));

    // Each company has every CRM customer exactly once.
    for (const state of [done.a, done.g]) {
      expect(state).toMatchObject({ customers: CUSTOMERS, distinct_customers: CUSTOMERS });
    }
    const runs = await front.query((q) =>
      q(
        `SELECT status, error FROM crm_sync_runs WHERE company_integration_id = $1
         ORDER BY created_at`,
        [acme.sync],
      ),
    );
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((r) => r.status === 'success')).toBe(true);
    // All of that happened while the dead worker's job was still active: nothing waited for it.
    const dead = await front.query((q) =>
      q(`SELECT state FROM pgboss.job WHERE id = $1`, [deadJobs[0]!.id]),
    );
    expect(dead).toEqual([{ state: 'active' }]);
  },
  HOOK_TIMEOUT_MS * 3,
);
