import {
  V1_PATHS,
  WEBHOOKS_API_PATH,
  auditLogResponseSchema,
  companyAuditLogExportPath,
  companyAuditLogPath,
  customersExportPath,
  interactionAudioPath,
  interactionTranscriptPath,
  publisherAuditLogExportPath,
  publisherAuditLogPath,
  sandboxConfirmSetupResponseSchema,
  setupIntentResponseSchema,
  teamListResponseSchema,
  webhookApiPath,
  webhookEndpointResponseSchema,
  type AuditLogEntry,
} from '@fieldbot/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeAuditLog } from '../src/modules/audit-log/index';
import type { ApiClient } from './support/api-client';
import { callWithKey, createApiKey } from './support/api-keys';
import { csvRows as parseCsv } from './support/csv';
import { DEMO } from './support/demo';
import { withDb } from './support/drizzle-db';
import { useInteractionFixtures } from './support/interaction-fixtures';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
} from './support/test-app';

/**
 * Issue 27 §5: what each audited action writes (read back through the log's own route, as the
 * admin sees it), who may read which tenant's log, filters, paging, CSV, the log's retention and
 * its append-only trigger.
 */
const t = useTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
const fx = useInteractionFixtures(t);
const as = signedInClients(t);
const AGENT = 'AuditTest/1.0 (=cmd|calc)';

/** Every entry of the caller's company log (all pages), newest first. */
async function companyLog(client: ApiClient, query: Record<string, string> = {}) {
  const entries: AuditLogEntry[] = [];
  let cursor: string | null = null;
  do {
    const res = await client.get(companyAuditLogPath, {
      query: { ...query, limit: '100', ...(cursor ? { cursor } : {}) },
    });
    expect(res.status, res.text).toBe(200);
    const page = auditLogResponseSchema.parse(res.body);
    entries.push(...page.data);
    cursor = page.meta.next_cursor;
  } while (cursor);
  return entries;
}

const ofEvent = (entries: AuditLogEntry[], event: string) =>
  entries.filter((e) => e.event === event);

let admin: ApiClient;
let adminId: string;

beforeAll(async () => {
  admin = t.client();
  const res = await admin.post(
    '/api/user/login',
    { email: fx.accounts.admin, password: 'Demo@12345' },
    { headers: { 'user-agent': AGENT } },
  );
  expect(res.status, res.text).toBe(200);
  adminId = res.body.data.id as string;
}, HOOK_TIMEOUT_MS);

describe('entries written for each audited action', () => {
  it('records logins, failed logins (for the account’s company) and logouts', async () => {
    const stranger = t.client();
    const failed = await stranger.post('/api/user/login', {
      email: fx.accounts.tech1,
      password: 'Wrong@12345',
    });
    expect(failed.status).toBe(422);
    await t.client().post('/api/user/login', {
      email: 'nobody-here@example.test',
      password: 'Wrong@12345',
    });
    const leaving = t.client();
    await leaving.loginAs(fx.accounts.manager);
    expect((await leaving.post('/api/user/logout', {})).status).toBe(200);

    const log = await companyLog(admin);
    const login = ofEvent(log, 'login').find((e) => e.actor.id === adminId)!;
    expect(login).toMatchObject({
      label: 'Signed in',
      group: 'sign_in',
      actor: { email: fx.accounts.admin, name: 'Ina Admin' },
      target: { type: 'user', id: adminId },
      ip: admin.ip,
      user_agent: AGENT,
    });
    const miss = ofEvent(log, 'login_failed');
    expect(miss).toHaveLength(1);
    expect(miss[0]).toMatchObject({ actor: { email: fx.accounts.tech1 }, ip: stranger.ip });
    expect(JSON.stringify(miss[0]!.meta)).not.toContain('Wrong@12345');
    // An unknown address belongs to no company.
    expect(log.some((e) => e.actor.email === 'nobody-here@example.test')).toBe(false);
    expect(ofEvent(log, 'logout')[0]).toMatchObject({
      actor: { email: fx.accounts.manager },
      ip: leaving.ip,
    });
  });

  it('records a role change with the admin as actor and the member as target, and invitations', async () => {
    const team = teamListResponseSchema.parse(
      (await admin.get('/api/company/team', { query: { keyword: 'initech.tech2' } })).body,
    );
    const tech2 = team.data.items.find((m) => m.email === fx.accounts.tech2)!;
    const changed = await admin.post('/api/company/team/update', {
      id: tech2.id,
      role_alias: 'manager',
    });
    expect(changed.status, changed.text).toBe(200);
    const invited = await admin.post('/api/company/team/invite', {
      email: 'New.Hire@example.test',
      role_alias: 'field_team',
    });
    expect(invited.status, invited.text).toBe(200);

    const log = await companyLog(admin, { group: 'team' });
    expect(ofEvent(log, 'team.role_changed')[0]).toMatchObject({
      actor: { id: adminId, email: fx.accounts.admin },
      target: { type: 'user', id: tech2.id, label: tech2.name },
      ip: admin.ip,
      meta: expect.objectContaining({ from: 'field_team', to: 'manager', by: adminId }),
    });
    expect(ofEvent(log, 'invitation.sent')[0]).toMatchObject({
      actor: { id: adminId },
      target: { type: 'invitation', id: 'new.hire@example.test' },
      meta: { email: 'new.hire@example.test', role: 'field_team' },
    });
  });

  it('records company settings, card and integration credential changes without secrets', async () => {
    expect(
      (await admin.post('/api/company/update', { description: 'We fix boilers.' })).status,
    ).toBe(200);

    const addCard = async () => {
      const intent = setupIntentResponseSchema.parse(
        (await admin.get('/api/company/create-setup-intent')).body,
      ).data;
      const confirmed = await admin.post('/api/payments/sandbox/confirm-setup', {
        client_secret: intent.client_secret,
        number: '4242 4242 4242 4242',
        exp_month: 7,
        exp_year: new Date().getUTCFullYear() + 2,
        cvc: '123',
        name: 'Ina Admin',
      });
      expect(confirmed.status, confirmed.text).toBe(200);
      const card = sandboxConfirmSetupResponseSchema.parse(confirmed.body).data;
      const saved = await admin.post('/api/company/payment-method', {
        card_type: card.card_type,
        card_number: card.card_number,
        expiry_date: card.expiry_date,
        source_id: card.payment_method,
        customer_name: 'Ina Admin',
      });
      expect(saved.status, saved.text).toBe(200);
      return card.payment_method;
    };
    const first = await addCard();
    const second = await addCard();

    const secret = 'Audit-Secret-9f8e7d';
    const integration = await admin.post('/api/integration', {
      integration_id: 1,
      values: {
        client_id: 'cid.audit',
        secret,
        tenant_id: '4242',
        app_key: 'App-Key-audit-1',
        start_date: '2025-01-15',
      },
    });
    expect(integration.status, integration.text).toBe(200);

    const log = await companyLog(admin);
    expect(ofEvent(log, 'company.settings_changed')[0]).toMatchObject({
      actor: { id: adminId },
      target: { type: 'company', id: fx.companyId },
      meta: { fields: ['description'] },
    });
    expect(ofEvent(log, 'payment_method.added')[0]).toMatchObject({
      target: { type: 'payment_method', id: first },
      meta: expect.objectContaining({ last4: '4242' }),
    });
    expect(ofEvent(log, 'payment_method.changed')[0]).toMatchObject({
      target: { type: 'payment_method', id: second },
    });
    expect(ofEvent(log, 'integration.saved')[0]).toMatchObject({
      actor: { id: adminId },
      target: { type: 'integration', id: '1' },
      ip: admin.ip,
    });
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it(
    'records CSV exports with their filters, audio once per listen, downloads and transcripts',
    async () => {
      const manager = await as(fx.accounts.manager);
      const csv = await manager.get(customersExportPath, { query: { keyword: 'Delta' } });
      expect(csv.status).toBe(200);

      const withAudio = fx.interactions.find((i) => i.audio)!;
      const audio = interactionAudioPath(withAudio.id, withAudio.type);
      const fetchAudio = (range?: string) =>
        t.app.inject({
          method: 'GET',
          url: audio,
          cookies: Object.fromEntries(manager.jar),
          headers: range ? { range } : {},
          remoteAddress: manager.ip,
        });
      // A player seeks: many Range requests, one listen.
      for (const range of ['bytes=0-', 'bytes=0-99', 'bytes=5000-']) {
        expect((await fetchAudio(range)).statusCode).toBe(206);
      }
      expect((await fetchAudio()).statusCode).toBe(200);
      const transcript = await manager.get(interactionTranscriptPath(withAudio.id, withAudio.type));
      expect(transcript.status).toBe(200);

      const log = await companyLog(admin, { actor: fx.accounts.manager });
      expect(ofEvent(log, 'export.downloaded')[0]).toMatchObject({
        target: { type: 'export', id: 'customers' },
        meta: { list: 'customers', filters: expect.objectContaining({ keyword: 'Delta' }) },
        ip: manager.ip,
      });
      const target = { type: 'interaction', id: withAudio.id };
      expect(ofEvent(log, 'audio.played')).toEqual([
        expect.objectContaining({ target: expect.objectContaining(target), ip: manager.ip }),
      ]);
      expect(ofEvent(log, 'audio.downloaded')).toHaveLength(1);
      expect(ofEvent(log, 'transcript.downloaded')[0]).toMatchObject({
        target: expect.objectContaining(target),
        meta: { interaction_type: withAudio.type },
      });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('records API key creation and use (at most once a minute), with the caller’s address', async () => {
    const { key, apiKey } = await createApiKey(admin);
    const caller = t.client();
    for (let i = 0; i < 3; i++) {
      const res = await caller.get(V1_PATHS.interactions, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.status, res.text).toBe(200);
    }
    expect((await callWithKey(t, key, V1_PATHS.interactions)).status).toBe(200);

    const log = await companyLog(admin, { target: apiKey.id });
    expect(ofEvent(log, 'api_key.created')[0]).toMatchObject({
      actor: { id: adminId },
      target: { type: 'api_key', id: apiKey.id },
    });
    const used = ofEvent(log, 'api_key.used');
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({
      actor: { id: null },
      ip: caller.ip,
      meta: expect.objectContaining({ api_key_id: apiKey.id, route: 'GET /api/v1/interactions' }),
    });
    expect(JSON.stringify(log)).not.toContain(key);
  });

  it('records webhook creation, secret rotation and deletion against the endpoint', async () => {
    const created = await admin.post(WEBHOOKS_API_PATH, {
      url: 'http://127.0.0.1:9/hooks',
      event_types: ['alert.fired'],
    });
    expect(created.status, created.text).toBe(200);
    const id = webhookEndpointResponseSchema.parse(created.body).data.id;
    const rotated = await admin.post(webhookApiPath(id, 'rotate-secret'));
    expect(rotated.status).toBe(200);
    const secret = rotated.body.data.secret as string;
    expect((await admin.request('DELETE', webhookApiPath(id))).status).toBe(200);

    const log = await companyLog(admin, { target: id });
    expect(log.map((e) => e.event)).toEqual([
      'webhook.deleted',
      'webhook.secret_rotated',
      'webhook.created',
    ]);
    for (const entry of log) {
      expect(entry).toMatchObject({
        actor: { id: adminId },
        target: { type: 'webhook', id, label: 'Webhook' },
        ip: admin.ip,
        group: 'api_webhooks',
      });
    }
    expect(JSON.stringify(log)).not.toContain(secret);
  });
});

describe('who reads which log', () => {
  it('answers 401 anonymously and 403 to every role but the tenant’s admin', async () => {
    const anonymous = t.client();
    for (const path of [companyAuditLogPath, companyAuditLogExportPath]) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
    const refused: [string, string[]][] = [
      [
        fx.accounts.manager,
        [companyAuditLogPath, companyAuditLogExportPath, publisherAuditLogPath],
      ],
      [fx.accounts.tech1, [companyAuditLogPath, companyAuditLogExportPath]],
      [DEMO.publisherUser.email, [publisherAuditLogPath, publisherAuditLogExportPath]],
      [DEMO.publisher.email, [companyAuditLogPath]],
      [DEMO.admin.email, [publisherAuditLogPath, publisherAuditLogExportPath]],
    ];
    for (const [email, paths] of refused) {
      const client = await as(email);
      for (const path of paths)
        expect((await client.get(path)).status, `${email} ${path}`).toBe(403);
    }
  });

  it('shows a company admin their company’s entries only, never another company’s', async () => {
    const globex = await as(DEMO.globex.email);
    const theirs = await companyLog(globex);
    expect(theirs.some((e) => e.actor.email?.startsWith('initech.'))).toBe(false);
    expect(theirs.some((e) => e.actor.id === adminId)).toBe(false);
    const ours = await companyLog(admin);
    expect(ours.length).toBeGreaterThan(10);
    expect(ours.every((e) => e.actor.email !== DEMO.globex.email)).toBe(true);
  });

  it('shows a publisher admin their publisher’s entries only', async () => {
    const publisher = await as(DEMO.publisher.email);
    const invite = await publisher.post('/api/publisher/users/invite', {
      email: 'bot.writer@example.test',
      role_alias: 'publisher_user',
    });
    expect(invite.status, invite.text).toBe(200);
    const read = async () => {
      const res = await publisher.get(publisherAuditLogPath, { query: { limit: '100' } });
      expect(res.status, res.text).toBe(200);
      return auditLogResponseSchema.parse(res.body).data;
    };
    // Route entries are written once the response has gone (an onResponse hook): on PostgreSQL the
    // next request can arrive first.
    await expect
      .poll(async () => ofEvent(await read(), 'invitation.sent').length)
      .toBeGreaterThan(0);
    const log = await read();
    expect(ofEvent(log, 'invitation.sent')[0]).toMatchObject({
      actor: { email: DEMO.publisher.email },
      target: { type: 'invitation', id: 'bot.writer@example.test' },
    });
    expect(log.some((e) => e.actor.email?.startsWith('initech.'))).toBe(false);
    // …and the publisher's entries are in no company's log.
    expect((await companyLog(admin)).some((e) => e.actor.email === DEMO.publisher.email)).toBe(
      false,
    );
  });
});

describe('filters, paging and CSV', () => {
  it('filters by group, event, actor, target and dates, and answers 422 for bad input', async () => {
    const signIn = await companyLog(admin, { group: 'sign_in' });
    expect(signIn.length).toBeGreaterThan(0);
    expect(signIn.every((e) => e.group === 'sign_in')).toBe(true);
    const byEvent = await companyLog(admin, { event: 'login_failed' });
    expect(byEvent.every((e) => e.event === 'login_failed')).toBe(true);
    // An event outside the group asked: nothing.
    expect(await companyLog(admin, { group: 'team', event: 'login' })).toEqual([]);
    const byId = await companyLog(admin, { actor: adminId });
    expect(byId.length).toBeGreaterThan(0);
    expect(byId.every((e) => e.actor.id === adminId)).toBe(true);
    const byText = await companyLog(admin, { actor: 'INITECH.MANAGER' });
    expect(byText.every((e) => e.actor.email === fx.accounts.manager)).toBe(true);
    const webhooks = await companyLog(admin, { target: 'webhook' });
    expect(webhooks.length).toBe(3);
    expect(await companyLog(admin, { from: '2000-01-01', to: '2000-01-02' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await companyLog(admin, { from: today })).length).toBe(
      (await companyLog(admin)).length,
    );

    const bad: Record<string, string>[] = [
      { group: 'nope' },
      { from: '2026-12-06', to: '2026-12-01' },
      { limit: '0' },
      { cursor: 'not a cursor' },
      { cursor: Buffer.from('2026|x').toString('base64url') },
    ];
    for (const query of bad) {
      const res = await admin.get(companyAuditLogPath, { query });
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
  });

  it('pages newest first by cursor without gaps or repeats', async () => {
    const all = await companyLog(admin);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await admin.get(companyAuditLogPath, {
        query: { limit: '3', ...(cursor ? { cursor } : {}) },
      });
      const page = auditLogResponseSchema.parse(res.body);
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((e) => e.id));
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    const times = all.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it(
    'exports the filtered log as CSV with neutralised cells, and records the export',
    async () => {
      const res = await admin.get(companyAuditLogExportPath, { query: { group: 'sign_in' } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(String(res.headers['content-disposition'])).toMatch(
        /audit-log-\d{4}-\d{2}-\d{2}\.csv/,
      );
      const rows = parseCsv(res.text);
      expect(rows[0]).toEqual([
        'When (UTC)',
        'Action',
        'Event',
        'Who',
        'E-mail',
        'User id',
        'Target type',
        'Target',
        'Target id',
        'IP address',
        'User agent',
        'Details',
      ]);
      const body = rows.slice(1);
      expect(body.length).toBe((await companyLog(admin, { group: 'sign_in' })).length);
      expect(body.every((r) => ['Signed in', 'Failed sign-in', 'Signed out'].includes(r[1]!))).toBe(
        true,
      );
      expect(body.some((r) => r[10] === AGENT && r[4] === fx.accounts.admin)).toBe(true);
      const exported = ofEvent(await companyLog(admin), 'audit_log.exported');
      expect(exported).toHaveLength(1);
      expect(exported[0]).toMatchObject({
        actor: { id: adminId },
        meta: { filters: { group: 'sign_in' } },
      });
      // The log's own export is not also an export.downloaded.
      expect(
        ofEvent(await companyLog(admin), 'export.downloaded').some(
          (e) => e.meta.list === 'audit-log',
        ),
      ).toBe(false);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('neutralises a formula-like user agent in the CSV', async () => {
    const sly = t.client();
    await sly.post(
      '/api/user/login',
      { email: fx.accounts.tech1, password: 'Demo@12345' },
      { headers: { 'user-agent': '=HYPERLINK("http://evil.test")' } },
    );
    const res = await admin.get(companyAuditLogExportPath, { query: { event: 'login' } });
    const rows = parseCsv(res.text).slice(1);
    expect(rows.some((r) => r[10] === `'=HYPERLINK("http://evil.test")`)).toBe(true);
    expect(rows.some((r) => r[10]?.startsWith('='))).toBe(false);
  });
});

/** The database's own message (drizzle wraps it in "Failed query: …" with the cause). */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    const { message, cause } = error as { message: string; cause?: { message?: string } };
    return `${message} ${cause?.message ?? ''}`;
  }
  return 'not refused';
}

describe('append-only, with a retention of its own', () => {
  it(
    'refuses updates and deletes, and the purge deletes only entries past the retention',
    async () => {
      const DAY = 86_400_000;
      const now = Date.now();
      await withDb(t, async (db) => {
        await db.execute(sql`
          insert into audit_log (event, company_id, meta, at) values
            ('login', ${fx.companyId}, '{"case":"old"}', ${new Date(now - 731 * DAY).toISOString()}),
            ('login', ${fx.companyId}, '{"case":"edge"}', ${new Date(now - 729 * DAY).toISOString()})`);
        const count = async (which: string) => {
          const rows = (await db.execute(
            sql`select count(*)::int as n from audit_log where meta->>'case' = ${which}`,
          )) as unknown as { rows?: { n: number }[] } | { n: number }[];
          const list = Array.isArray(rows) ? rows : rows.rows!;
          return list[0]!.n;
        };
        expect(
          await refusal(
            db.execute(sql`update audit_log set event = 'logout' where meta->>'case' = 'old'`),
          ),
        ).toMatch(/append-only/);
        expect(
          await refusal(db.execute(sql`delete from audit_log where meta->>'case' = 'old'`)),
        ).toMatch(/append-only/);
        expect(await count('old')).toBe(1);

        // Nothing is due a day before: the old row is 730 days old.
        expect(await purgeAuditLog(db, { retentionDays: 730, now: now - DAY, batchSize: 1 })).toBe(
          0,
        );
        // At `now`: only the row older than 730 days goes; run again, nothing more.
        expect(await purgeAuditLog(db, { retentionDays: 730, now, batchSize: 1 })).toBe(1);
        expect(await purgeAuditLog(db, { retentionDays: 730, now, batchSize: 1 })).toBe(0);
        expect(await count('old')).toBe(0);
        expect(await count('edge')).toBe(1);
        // The purge's opening of the trigger ended with its transaction.
        expect(
          await refusal(db.execute(sql`delete from audit_log where meta->>'case' = 'edge'`)),
        ).toMatch(/append-only/);
      });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
