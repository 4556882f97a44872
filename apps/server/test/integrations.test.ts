import {
  AUTH_MESSAGES,
  CRM_GROUP_TYPE,
  INTEGRATION_MESSAGES,
  MASKED_SECRET,
  MESSAGES,
  TEAM_MESSAGES,
  integrationDetailResponseSchema,
  integrationListResponseSchema,
  saveIntegrationResponseSchema,
  syncIntegrationResponseSchema,
  teamListResponseSchema,
  userResponseSchema,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/lib/secret-box';
import { resealCrmCredentials } from '../src/modules/integrations/crm-reseal';
import type { CrmSyncQueue, SyncTrigger } from '../src/modules/integrations/crm-sync-queue';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { withDb } from './support/drizzle-db';
import { FRESH_PASSWORD } from './support/fresh-account';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
} from './support/test-app';

const SERVICETITAN = 1;
const DEMO_CRM = 2;

/** Everything the server logs (at trace level), to prove no secret reaches it. */
const logLines: string[] = [];
/** What the integrations routes asked of the sync engine. */
const syncRequests: { connectionId: string; trigger: SyncTrigger }[] = [];

/** Records each request and, as the engine's contract says, marks the sync pending. */
const recordingQueue: CrmSyncQueue = {
  async requestSync(connectionId, trigger) {
    syncRequests.push({ connectionId, trigger });
    await t.inspect((q) =>
      q(`UPDATE company_integrations SET sync_process_status = 'pending' WHERE id = $1`, [
        connectionId,
      ]),
    );
  },
};

const t = useTestApp({
  env: { LOG_LEVEL: 'trace' },
  crmSync: recordingQueue,
  logStream: { write: (line) => void logLines.push(line) },
});
const as = signedInClients(t);

const ST_SECRET = 'St-Client-Secret-7f3a9c';
const ST_APP_KEY = 'St-App-Key-b41d22e8';
const ST_SECRET_2 = 'St-Client-Secret-rotated-55aa';

/** A date in the future wherever the company is (UTC+14 is the earliest zone). */
const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const past = '2025-01-15';

function serviceTitanValues(overrides: Record<string, string> = {}) {
  return {
    client_id: 'cid.abc123',
    secret: ST_SECRET,
    tenant_id: '987654',
    app_key: ST_APP_KEY,
    start_date: past,
    ...overrides,
  };
}

async function save(client: ApiClient, integration_id: number, values: Record<string, string>) {
  return client.post('/api/integration', { integration_id, values });
}

async function storedValues(companyEmail: string, integrationId: number) {
  const rows = await t.inspect((q) =>
    q(
      `SELECT ci.id, ci.values_sealed, ci.sync_process_status, c.is_crm_connected
       FROM company_integrations ci
       JOIN companies c ON c.id = ci.company_id
       JOIN users u ON u.company_id = c.id
       WHERE u.email = $1 AND ci.integration_id = $2`,
      [companyEmail, integrationId],
    ),
  );
  return rows[0] as
    | {
        id: string;
        values_sealed: string;
        sync_process_status: string | null;
        is_crm_connected: boolean;
      }
    | undefined;
}

/** Opens a sealed row with the server's configured secret (the test app's SESSION_SECRET). */
function open(sealed: string): Record<string, string> {
  const box = createSecretBox({ secret: t.env.SESSION_SECRET!, purpose: 'crm-credentials' });
  return JSON.parse(box.open(sealed)) as Record<string, string>;
}

describe('integrations catalogue', () => {
  it('lists the catalogue with the company’s connection; the demo company is connected to the Demo CRM', async () => {
    const res = await (await as(DEMO.admin.email)).get('/api/integration');
    expect(res.status, res.text).toBe(200);
    const { data } = integrationListResponseSchema.parse(res.body);
    expect(data.map((i) => i.slug)).toEqual(['servicetitan', 'demo-crm']);
    expect(data[0]).toMatchObject({
      id: SERVICETITAN,
      integration_id: SERVICETITAN,
      name: 'ServiceTitan',
      group_type: CRM_GROUP_TYPE,
      logo: '/images/integrations/servicetitan.svg',
      dark_logo: '/images/integrations/servicetitan-dark.svg',
      connected_status: 0,
      sync_status: null,
      sync_process_status: null,
    });
    expect(data[1]).toMatchObject({
      id: DEMO_CRM,
      name: 'Demo CRM',
      connected_status: 1,
      sync_status: 'on',
      sync_process_status: 'success',
      last_sync_error: null,
    });
    expect(Date.now() - Date.parse(data[1]!.last_synced_at!)).toBeLessThan(24 * 3600_000);
  });

  it('filters by group_type', async () => {
    const admin = await as(DEMO.admin.email);
    const crm = await admin.get('/api/integration', { query: { group_type: CRM_GROUP_TYPE } });
    expect(integrationListResponseSchema.parse(crm.body).data).toHaveLength(2);
    const none = await admin.get('/api/integration', { query: { group_type: 'Accounting' } });
    expect(integrationListResponseSchema.parse(none.body).data).toEqual([]);
  });

  it('shows details with the fields and the saved values; unknown ids are not found', async () => {
    const admin = await as(DEMO.admin.email);
    const demo = await admin.get(`/api/integration/${DEMO_CRM}`);
    expect(demo.status, demo.text).toBe(200);
    const detail = integrationDetailResponseSchema.parse(demo.body).data;
    expect(detail.required_fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['tenant_id', 'text', true],
      ['start_date', 'date', true],
    ]);
    expect(detail.values?.tenant_id).toBe('1001');
    expect(detail.values?.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const st = integrationDetailResponseSchema.parse(
      (await admin.get(`/api/integration/${SERVICETITAN}`)).body,
    ).data;
    expect(st.values).toBeNull();
    expect(st.connected_status).toBe(0);
    expect(st.required_fields.filter((f) => f.type === 'password').map((f) => f.name)).toEqual([
      'secret',
      'app_key',
    ]);

    const missing = await admin.get('/api/integration/999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(INTEGRATION_MESSAGES.idNotFound);
  });
});

describe('saving credentials', () => {
  it('answers 422 with spec §5 messages for each field rule', async () => {
    const globex = await as(DEMO.globex.email);
    const expect422 = async (
      integrationId: number,
      values: Record<string, string>,
      errors: Record<string, string[]>,
    ) => {
      const res = await save(globex, integrationId, values);
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors).toEqual(errors);
    };
    await expect422(
      DEMO_CRM,
      { tenant_id: '12a4', start_date: past },
      { tenant_id: [INTEGRATION_MESSAGES.numericOnly] },
    );
    await expect422(
      DEMO_CRM,
      { tenant_id: '12 4', start_date: past },
      { tenant_id: [INTEGRATION_MESSAGES.numericOnly] },
    );
    await expect422(
      DEMO_CRM,
      { tenant_id: '1001', start_date: future },
      { start_date: [INTEGRATION_MESSAGES.dateNotAfterToday] },
    );
    await expect422(DEMO_CRM, { tenant_id: '1001' }, { start_date: [MESSAGES.required] });
    await expect422(SERVICETITAN, serviceTitanValues({ client_id: 'cid abc' }), {
      client_id: [INTEGRATION_MESSAGES.noWhitespace],
    });
    await expect422(SERVICETITAN, serviceTitanValues({ app_key: '' }), {
      app_key: [MESSAGES.required],
    });
    // All empty: nothing to save.
    await expect422(
      DEMO_CRM,
      { tenant_id: '', start_date: ' ' },
      { tenant_id: [MESSAGES.required], start_date: [MESSAGES.required] },
    );
    // A mask with no stored secret behind it is no secret.
    await expect422(SERVICETITAN, serviceTitanValues({ secret: MASKED_SECRET }), {
      secret: [MESSAGES.required],
    });
    expect(await storedValues(DEMO.globex.email, SERVICETITAN)).toBeUndefined();
  });

  it(
    'stores only declared fields, sealed; never returns a secret; a mask keeps it, a new value replaces it',
    async () => {
      const globex = await as(DEMO.globex.email);
      const res = await save(globex, SERVICETITAN, {
        ...serviceTitanValues(),
        unexpected: 'dropped',
      });
      expect(res.status, res.text).toBe(200);
      const saved = saveIntegrationResponseSchema.parse(res.body);
      expect(saved.message).toBe(INTEGRATION_MESSAGES.saved);
      expect(saved.data.values).toEqual({
        ...serviceTitanValues(),
        secret: MASKED_SECRET,
        app_key: MASKED_SECRET,
      });
      expect(saved.data.connected_status).toBe(1);
      expect(res.text).not.toContain(ST_SECRET);
      expect(res.text).not.toContain(ST_APP_KEY);

      const detail = await globex.get(`/api/integration/${SERVICETITAN}`);
      expect(detail.text).not.toContain(ST_SECRET);
      expect(detail.body.data.values.secret).toBe(MASKED_SECRET);

      const row = (await storedValues(DEMO.globex.email, SERVICETITAN))!;
      expect(row.values_sealed).not.toContain(ST_SECRET);
      expect(row.values_sealed).not.toContain('cid.abc123');
      expect(open(row.values_sealed)).toEqual(serviceTitanValues());

      // The dialog sends the masks back with a changed client id: the secrets stay.
      const modified = await save(
        globex,
        SERVICETITAN,
        serviceTitanValues({
          client_id: 'cid.changed',
          secret: MASKED_SECRET,
          app_key: MASKED_SECRET,
        }),
      );
      expect(modified.status, modified.text).toBe(200);
      const afterMask = (await storedValues(DEMO.globex.email, SERVICETITAN))!;
      expect(afterMask.id).toBe(row.id);
      expect(open(afterMask.values_sealed)).toEqual(
        serviceTitanValues({ client_id: 'cid.changed' }),
      );

      const replaced = await save(
        globex,
        SERVICETITAN,
        serviceTitanValues({
          client_id: 'cid.changed',
          secret: ST_SECRET_2,
          app_key: MASKED_SECRET,
        }),
      );
      expect(replaced.status, replaced.text).toBe(200);
      expect(replaced.text).not.toContain(ST_SECRET_2);
      const afterNew = (await storedValues(DEMO.globex.email, SERVICETITAN))!;
      expect(open(afterNew.values_sealed)).toEqual(
        serviceTitanValues({ client_id: 'cid.changed', secret: ST_SECRET_2 }),
      );
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('syncing', () => {
  it('needs an integration id, and a saved connection', async () => {
    const globex = await as(DEMO.globex.email);
    for (const body of [{}, { integration_id: 'x' }, { integration_id: 999 }]) {
      const res = await globex.post('/api/integration/sync', body);
      expect(res.status, res.text).toBe(422);
      expect(res.body.message).toBe(INTEGRATION_MESSAGES.idNotFound);
    }
    const notConnected = await globex.post('/api/integration/sync', { integration_id: DEMO_CRM });
    expect(notConnected.status).toBe(422);
    expect(notConnected.body.message).toBe(INTEGRATION_MESSAGES.notConnected);
  });

  it(
    'queues a manual sync of a saved integration, once at a time',
    async () => {
      const globex = await as(DEMO.globex.email);
      const saved = await save(globex, SERVICETITAN, serviceTitanValues());
      expect(saved.status, saved.text).toBe(200);
      const row = (await storedValues(DEMO.globex.email, SERVICETITAN))!;
      const before = syncRequests.length;
      // As before its first sync: not CRM-connected yet (onboarding step 3).
      await t.inspect((q) =>
        q(`UPDATE companies SET is_crm_connected = false WHERE name = 'Globex Plumbing'`),
      );
      expect((await globex.get('/api/user/me')).body.data.company.is_crm_connected).toBeFalsy();

      const res = await globex.post('/api/integration/sync', { integration_id: SERVICETITAN });
      expect(res.status, res.text).toBe(200);
      const body = syncIntegrationResponseSchema.parse(res.body);
      expect(body.message).toBe(INTEGRATION_MESSAGES.syncStarted);
      expect(body.data).toMatchObject({
        id: SERVICETITAN,
        connected_status: 1,
        sync_status: 'on',
        sync_process_status: 'pending',
      });
      expect(syncRequests.slice(before)).toEqual([{ connectionId: row.id, trigger: 'manual' }]);
      expect((await storedValues(DEMO.globex.email, SERVICETITAN))!.is_crm_connected).toBe(true);
      expect((await globex.get('/api/user/me')).body.data.company.is_crm_connected).toBeTruthy();

      // Pending already: nothing more is queued.
      const again = await globex.post('/api/integration/sync', { integration_id: SERVICETITAN });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(INTEGRATION_MESSAGES.syncAlreadyRunning);
      expect(syncRequests.length).toBe(before + 1);

      // Running and its worker holds the lease: still one at a time.
      await t.inspect((q) =>
        q(
          `UPDATE company_integrations SET sync_process_status = 'in-progress',
             sync_lease_until = now() + interval '5 minutes' WHERE id = $1`,
          [row.id],
        ),
      );
      const running = await globex.post('/api/integration/sync', { integration_id: SERVICETITAN });
      expect(running.status).toBe(409);
      // Its worker died and the lease ran out: Sync starts it again (the engine resumes it).
      await t.inspect((q) =>
        q(
          `UPDATE company_integrations SET sync_lease_until = now() - interval '1 second' WHERE id = $1`,
          [row.id],
        ),
      );
      const resumed = await globex.post('/api/integration/sync', { integration_id: SERVICETITAN });
      expect(resumed.status, resumed.text).toBe(200);
      expect(syncRequests.slice(before)).toHaveLength(2);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('access', () => {
  it('is for company admins only', async () => {
    for (const email of [DEMO.manager.email, DEMO.tech.email, DEMO.publisher.email]) {
      const client = await as(email);
      expect((await client.get('/api/integration')).status, email).toBe(403);
      expect((await client.get(`/api/integration/${DEMO_CRM}`)).status, email).toBe(403);
      const posted = await save(client, DEMO_CRM, { tenant_id: '1', start_date: past });
      expect(posted.status, email).toBe(403);
      const synced = await client.post('/api/integration/sync', { integration_id: DEMO_CRM });
      expect(synced.status, email).toBe(403);
    }
  });

  it('lets an admin whose payment is due look, but not save or sync', async () => {
    const due = await as('due@demo.fieldbot.test');
    expect((await due.get('/api/integration')).status).toBe(200);
    const res = await save(due, DEMO_CRM, { tenant_id: '1', start_date: past });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(AUTH_MESSAGES.forbidden);
    expect((await due.post('/api/integration/sync', { integration_id: DEMO_CRM })).status).toBe(
      403,
    );
  });

  it('keeps each company to its own connection', async () => {
    // Acme's Demo CRM connection is invisible to Globex, which sees its own (none).
    const globex = await as(DEMO.globex.email);
    const detail = integrationDetailResponseSchema.parse(
      (await globex.get(`/api/integration/${DEMO_CRM}`)).body,
    ).data;
    expect(detail).toMatchObject({ connected_status: 0, values: null, sync_status: null });
    const list = integrationListResponseSchema.parse((await globex.get('/api/integration')).body);
    expect(list.data.find((i) => i.id === DEMO_CRM)?.connected_status).toBe(0);
    const sync = await globex.post('/api/integration/sync', { integration_id: DEMO_CRM });
    expect(sync.body.message).toBe(INTEGRATION_MESSAGES.notConnected);
    // And Globex's saved ServiceTitan credentials are not Acme's.
    const acme = await as(DEMO.admin.email);
    const st = (await acme.get(`/api/integration/${SERVICETITAN}`)).body.data;
    expect(st).toMatchObject({ connected_status: 0, values: null });
  });
});

describe('team: inviting a technician the CRM created', () => {
  const CRM_TECH = { email: 'crm.invitee@demo.fieldbot.test', name: 'Corey Crm' };
  const NO_EMAIL = { email: 'st-4411@no-email.invalid', name: 'Nia Noemail' };

  beforeAll(async () => {
    await t.inspect(async (q) => {
      for (const [user, crmId] of [
        [CRM_TECH, 'crm-3003'],
        [NO_EMAIL, 'crm-4411'],
      ] as const) {
        await q(
          `INSERT INTO users (name, email, password_hash, role_id, company_id, crm_user_id)
           VALUES ($1, $2, '', (SELECT id FROM roles WHERE alias = 'field_team'),
             (SELECT id FROM companies WHERE name = 'Acme Home Services'), $3)`,
          [user.name, user.email, crmId],
        );
      }
    });
  }, HOOK_TIMEOUT_MS);

  async function memberRow(email: string) {
    const res = await (
      await as(DEMO.admin.email)
    ).get('/api/company/team', {
      query: { keyword: email },
    });
    return teamListResponseSchema.parse(res.body).data.items.find((i) => i.email === email)!;
  }

  it(
    'invites by e-mail; accepting sets the password and keeps the role and crm_user_id',
    async () => {
      const admin = await as(DEMO.admin.email);
      const row = await memberRow(CRM_TECH.email);
      expect(row.status).toBe('not-invited');

      expect(
        (await (await as(DEMO.manager.email)).post(`/api/company/team/${row.id}/invite`)).status,
      ).toBe(403);

      const mark = await t.outbox.mark();
      const res = await admin.post(`/api/company/team/${row.id}/invite`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ message: TEAM_MESSAGES.invited });
      expect((await memberRow(CRM_TECH.email)).status).toBe('invited');

      const token = await t.outbox.waitForToken(CRM_TECH.email, 'accept-invite', { after: mark });
      const accepted = await t.client().post('/api/user/accept-invite', {
        invitation_token: token,
        name: CRM_TECH.name,
        password: FRESH_PASSWORD,
        password_confirmation: FRESH_PASSWORD,
      });
      expect(accepted.status, accepted.text).toBe(200);
      const user = userResponseSchema.parse(accepted.body).data;
      expect(user.id).toBe(row.id);
      expect(user.role.alias).toBe('field_team');

      const after = await memberRow(CRM_TECH.email);
      expect(after).toMatchObject({ id: row.id, status: 'active', crm_user_id: 'crm-3003' });
      await t.client().loginAs(CRM_TECH.email, FRESH_PASSWORD);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('refuses a technician without an e-mail address, and members that have a password', async () => {
    const admin = await as(DEMO.admin.email);
    const noEmail = await memberRow(NO_EMAIL.email);
    const res = await admin.post(`/api/company/team/${noEmail.id}/invite`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(INTEGRATION_MESSAGES.technicianNoEmail);

    const active = await memberRow(DEMO.manager.email);
    expect((await admin.post(`/api/company/team/${active.id}/invite`)).status).toBe(422);
    // Another company's member is not found.
    const globex = await as(DEMO.globex.email);
    expect((await globex.post(`/api/company/team/${noEmail.id}/invite`)).status).toBe(404);
  });
});

describe('secret rotation', () => {
  it(
    're-seals saved credentials under the new secret, keeping the values; again is a no-op',
    async () => {
      const oldSecret = t.env.SESSION_SECRET!;
      const newSecret = 'rotated-crm-secret-0123456789abcdef';
      const rotated = createSecretBox({
        secret: newSecret,
        previousSecrets: [oldSecret],
        purpose: 'crm-credentials',
      });
      const before = (await storedValues(DEMO.globex.email, SERVICETITAN))!;
      const first = await withDb(t, (db) => resealCrmCredentials(db, rotated));
      // Acme's Demo CRM and Globex's ServiceTitan.
      expect(first).toEqual({ checked: 2, resealed: 2 });
      expect(await withDb(t, (db) => resealCrmCredentials(db, rotated))).toEqual({
        checked: 2,
        resealed: 0,
      });
      const after = (await storedValues(DEMO.globex.email, SERVICETITAN))!;
      expect(after.values_sealed).not.toBe(before.values_sealed);
      const newOnly = createSecretBox({ secret: newSecret, purpose: 'crm-credentials' });
      expect(JSON.parse(newOnly.open(after.values_sealed))).toEqual(open(before.values_sealed));
      expect(() => open(after.values_sealed)).toThrow();
      // The server does not know the new secret yet: the values no longer open, so the dialog
      // asks for them again instead of failing.
      const unreadable = await (
        await as(DEMO.globex.email)
      ).get(`/api/integration/${SERVICETITAN}`);
      expect(unreadable.status, unreadable.text).toBe(200);
      expect(unreadable.body.data).toMatchObject({ connected_status: 1, values: null });

      // Back to the server's secret, so it can open them again.
      const back = createSecretBox({
        secret: oldSecret,
        previousSecrets: [newSecret],
        purpose: 'crm-credentials',
      });
      expect((await withDb(t, (db) => resealCrmCredentials(db, back))).resealed).toBe(2);
      const detail = await (await as(DEMO.globex.email)).get(`/api/integration/${SERVICETITAN}`);
      expect(detail.body.data.values).toMatchObject({ secret: MASKED_SECRET, tenant_id: '987654' });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('logs', () => {
  it('never hold a saved secret', () => {
    const log = logLines.join('');
    expect(log).toContain('/api/integration');
    for (const secret of [ST_SECRET, ST_APP_KEY, ST_SECRET_2, FRESH_PASSWORD]) {
      expect(log).not.toContain(secret);
    }
  });
});
