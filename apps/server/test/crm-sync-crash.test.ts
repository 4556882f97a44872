import { beforeAll, expect, it } from 'vitest';
import { requestDueSyncs } from '../src/jobs/crm-sync';
import { createCrmSyncStateRepo } from '../src/modules/crm-sync/crm-sync-state.repo';
import { companyOf, connectCrm, customer, syncAndWait, technician } from './support/crm-sync';
import { withDb } from './support/drizzle-db';
import { DEMO } from './support/demo';
import { FakeCrm } from './support/fake-crm';
import { waitFor } from './support/recordings';
import { SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

// The worker hangs in the middle of a sync and dies (the server stops while a page request
// hangs) and starts again: once the dead job's lease has run out, the sync resumes at the first
// uncommitted page, with no record written twice and none missed. The server is stopped only
// after pg-boss has timed the hung job out (its expiry), because in this one process the dead
// server's timer would otherwise fire later against the closed database.

const crm = new FakeCrm();
const t = useTestApp({
  crmProviders: crm.providers(),
  env: {
    // A sync job still active 6 s after it started belongs to a dead worker; look every second.
    PIPELINE_JOB_TIMEOUT_SECONDS: '6',
    JOB_MAINTENANCE_SECONDS: '1',
    PIPELINE_RETRY_LIMIT: '5',
    PIPELINE_RETRY_DELAY_SECONDS: '0',
    CRM_SYNC_LEASE_SECONDS: '20',
    CRM_SYNC_INTERVAL_MINUTES: '0',
  },
});

const tenant = crm.tenant('acme', 2);
let companyId: string;
let syncId: string;

beforeAll(async () => {
  tenant.put('technicians', technician('T1'));
  tenant.put('customers', ...['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((id) => customer(id)));
  await t.inspect(async (q) => {
    companyId = await companyOf(q, DEMO.admin.email);
    syncId = await connectCrm(t, q, companyId, 'demo-crm', { tenant: 'acme', api_key: 'good-key' });
  });
}, SLOW_TEST_TIMEOUT_MS);

it(
  'resumes from the committed cursor after the worker dies mid-sync',
  async () => {
    // One technicians page and two customer pages are answered; the third customer page hangs.
    tenant.hangAfterPages = 3;
    await t.crmSync.requestSync(syncId, 'manual');
    await waitFor('the sync to hang', async () => (tenant.exports.length === 4 ? true : undefined));
    const committed = await t.inspect((q) =>
      q(
        `SELECT entity, cursor, rows_synced FROM crm_sync_cursors
         WHERE company_integration_id = $1 ORDER BY entity`,
        [syncId],
      ),
    );
    expect(committed).toEqual([
      { entity: 'customers', cursor: '4', rows_synced: 4 },
      { entity: 'technicians', cursor: '1', rows_synced: 1 },
    ]);

    await waitFor('pg-boss to time the hung job out', async () => {
      const active = await t.inspect((q) =>
        q(
          `SELECT 1 FROM pgboss.job WHERE name = 'crm-sync' AND singleton_key = $1 AND state = 'active'`,
          [syncId],
        ),
      );
      return active.length === 0 ? true : undefined;
    });
    // Its lease is still held: nothing ran in the meantime.
    expect(tenant.exports).toHaveLength(4);
    tenant.hangAfterPages = null;
    await t.restart();
    const run = await waitFor(
      'the resumed sync to end',
      async () => {
        const [row] = await t.inspect((q) =>
          q(`SELECT sync_process_status FROM company_integrations WHERE id = $1`, [syncId]),
        );
        return row?.sync_process_status === 'success' ? row : undefined;
      },
      120_000,
    );
    expect(run).toEqual({ sync_process_status: 'success' });

    // The resumed run asked for customers from the committed cursor, not from the start.
    const resumed = tenant.exports.slice(4);
    expect(resumed.find((e) => e.entity === 'customers')).toEqual({
      entity: 'customers',
      cursor: '4',
    });
    const state = await t.inspect(async (q) => ({
      customers: await q(
        `SELECT external_id, count(*)::int AS n FROM customers
         WHERE company_id = $1 AND external_id = ANY($2) GROUP BY external_id ORDER BY external_id`,
        [companyId, ['A', 'B', 'C', 'D', 'E', 'F', 'G']],
      ),
      cursors: await q(
        `SELECT entity, cursor, rows_synced FROM crm_sync_cursors
         WHERE company_integration_id = $1 AND entity IN ('customers', 'technicians') ORDER BY entity`,
        [syncId],
      ),
      runs: await q(`SELECT status FROM crm_sync_runs WHERE company_integration_id = $1`, [syncId]),
      lease: await q(`SELECT sync_lease_until FROM company_integrations WHERE id = $1`, [syncId]),
    }));
    expect(state.customers).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((id) => ({ external_id: id, n: 1 })),
    );
    expect(state.cursors).toEqual([
      { entity: 'customers', cursor: '7', rows_synced: 7 },
      { entity: 'technicians', cursor: '1', rows_synced: 1 },
    ]);
    expect(state.runs).toEqual([{ status: 'success' }]);
    expect(state.lease).toEqual([{ sync_lease_until: null }]);

    // And a sync after that finds nothing new.
    const again = await syncAndWait(t, syncId);
    expect(again.counts.customers).toEqual({ created: 0, updated: 0, skipped: 0 });
  },
  SLOW_TEST_TIMEOUT_MS,
);

it(
  'schedules a sync of each connected company whose last sync started over the interval ago',
  async () => {
    const ids = await t.inspect(async (q) => {
      const globex = await companyOf(q, DEMO.globex.email);
      const stale = await connectCrm(t, q, globex, 'servicetitan', { tenant: 'none' });
      const off = await connectCrm(t, q, globex, 'demo-crm', { tenant: 'none' });
      await q(
        `UPDATE company_integrations SET last_sync_started_at = now() - interval '20 minutes'
         WHERE id = ANY($1)`,
        [[stale, off]],
      );
      await q(`UPDATE company_integrations SET sync_status = 'off' WHERE id = $1`, [off]);
      // Saved, never synced: its first sync is the admin's.
      const other = await companyOf(q, 'due@demo.fieldbot.test');
      await connectCrm(t, q, other, 'servicetitan', { tenant: 'none' });
      return { stale, off };
    });
    const requested: string[] = [];
    const due = await withDb(t, (db) =>
      requestDueSyncs(
        createCrmSyncStateRepo(db),
        {
          requestSync: (id, trigger) => {
            expect(trigger).toBe('scheduled');
            requested.push(id);
            return Promise.resolve();
          },
        },
        15,
      ),
    );
    // Not the one turned off, the never-synced one, nor the crash test's, which synced moments ago.
    expect(due).toEqual([ids.stale]);
    expect(requested).toEqual([ids.stale]);
  },
  SLOW_TEST_TIMEOUT_MS,
);
