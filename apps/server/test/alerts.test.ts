import { randomUUID } from 'node:crypto';
import {
  ALERT_MESSAGES,
  alertPreferencesPath,
  alertPreferencesResponseSchema,
  alertRuleOptionsPath,
  alertRuleOptionsResponseSchema,
  alertRulePath,
  alertRuleResponseSchema,
  alertRulesPath,
  alertRulesResponseSchema,
  alertUnsubscribePath,
  botRunPath,
  notificationReadPath,
  notificationsPath,
  notificationsReadAllPath,
  notificationsResponseSchema,
  notificationsStreamPath,
  notificationsUnreadPath,
  type AlertRuleFormValues,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAlertEngine, createAlertsRepo, type AlertEngine } from '../src/modules/alerts';
import type { MailMessage } from '../src/providers/mail';
import { DEMO } from './support/demo';
import { withDb } from './support/drizzle-db';
import {
  APP_URL,
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
  type SqlQuery,
} from './support/test-app';

/**
 * Alerts (issue 26 §1): rules per route × role × tenant, the engine driven directly (a duplicated
 * job, a re-run bot, an injected clock for the 7:00 digest across a DST change), and the signed
 * one-click unsubscribe link.
 */
const t = useTestApp();
const as = signedInClients(t);

type Key =
  | 'acme'
  | 'globex'
  | 'admin'
  | 'manager'
  | 'tech'
  | 'tech2'
  | 'globexTech'
  | 'booking'
  | 'plan'
  | 'rerun';
const ids = {} as Record<Key, string>;

/** What the engine sent while a test drove it. */
const mails: { message: MailMessage; dedupeKey: string }[] = [];
/** alert.fired ids as pg-boss keeps them: one job per id, a repeat adds nothing. */
const published = new Set<string>();

/** Runs the engine on the test database (on PGlite the server is stopped meanwhile). */
async function withEngine<T>(run: (engine: AlertEngine) => Promise<T>): Promise<T> {
  return withDb(t, async (db) => {
    const seen = new Set<string>();
    const engine = createAlertEngine({
      db,
      repo: createAlertsRepo(db),
      // pg-boss collapses a repeated dedupe key (two workers racing on one finding); so does this.
      sendMail: async (message, options) => {
        if (seen.has(options.dedupeKey)) return;
        seen.add(options.dedupeKey);
        mails.push({ message, dedupeKey: options.dedupeKey });
      },
      publish: async (alert) => {
        published.add(alert.id);
      },
      links: { appUrl: APP_URL, secret: t.env.SESSION_SECRET! },
      pricePerMinuteCents: 5,
    });
    return run(engine);
  });
}

async function userId(q: SqlQuery, email: string) {
  const [row] = await q(`SELECT id FROM users WHERE email = $1`, [email]);
  return String(row!.id);
}

/** An interaction with transcript lines at 0.5, 10.5, 20.5 … seconds. */
async function insertInteraction(
  q: SqlQuery,
  spec: { type: 'field-recording' | 'csr-call'; recordedBy?: string; lines: string[] },
) {
  const [customer] = await q(`SELECT id FROM customers WHERE company_id = $1 ORDER BY id LIMIT 1`, [
    ids.acme,
  ]);
  const [row] = await q(
    `INSERT INTO interactions (company_id, customer_id, number, type, call_type, status,
       recorded_by_id, started_at, duration_seconds, transcript_status, transcript_text)
     VALUES ($1, $2, $3, $4, $5, 'completed', $6, now(), 60, 'completed', $7) RETURNING id`,
    [
      ids.acme,
      customer!.id,
      `A-${randomUUID().slice(0, 8)}`,
      spec.type,
      spec.type === 'csr-call' ? 'Unbooked' : null,
      spec.recordedBy ?? null,
      spec.lines.join(' '),
    ],
  );
  for (const [position, text] of spec.lines.entries()) {
    await q(
      `INSERT INTO transcript_segments (interaction_id, position, start_seconds, end_seconds,
         speaker, text) VALUES ($1, $2, $3, $4, 'A', $5)`,
      [row!.id, position, position * 10 + 0.5, position * 10 + 9, text],
    );
  }
  return { id: String(row!.id), customerId: String(customer!.id) };
}

/** A successful result of a bot on an interaction; `found` is the tag's data (null: not found). */
async function insertResult(
  q: SqlQuery,
  spec: {
    botId: string;
    interactionId: string;
    tags: { id: number; label: string; data: string | null }[];
    quotes?: { tag_id: number; index_start: number; text: string }[];
  },
) {
  const [version] = await q(
    `SELECT version_id FROM company_bots WHERE company_id = $1 AND bot_id = $2`,
    [ids.acme, spec.botId],
  );
  const [run] = await q(
    `INSERT INTO bot_runs (company_id, target_type, interaction_id, run_type, status)
     VALUES ($1, 'csr-call', $2, 'automatic', 'success') RETURNING id`,
    [ids.acme, spec.interactionId],
  );
  const [result] = await q(
    `INSERT INTO bot_results (run_id, company_id, bot_id, version_id, status, output_tags,
       response_tags, finished_at) VALUES ($1, $2, $3, $4, 'success', $5, $6, now()) RETURNING id`,
    [
      run!.id,
      ids.acme,
      spec.botId,
      version!.version_id,
      JSON.stringify(spec.tags.map((tag) => ({ ...tag, description: '' }))),
      JSON.stringify(
        (spec.quotes ?? []).map((q) => ({
          ...q,
          label: spec.tags.find((tag) => tag.id === q.tag_id)!.label,
          index_end: q.index_start + q.text.length,
          match: 'exact',
          score: 1,
        })),
      ),
    ],
  );
  return String(result!.id);
}

const CALL_LINES = ['Thanks for calling.', 'I will think about it, maybe later.', 'Bye now.'];

beforeAll(async () => {
  await t.inspect(async (q) => {
    const [acme] = await q(`SELECT id FROM companies WHERE name = 'Acme Home Services'`);
    const [globex] = await q(`SELECT id FROM companies WHERE name = 'Globex Plumbing'`);
    ids.acme = String(acme!.id);
    ids.globex = String(globex!.id);
    for (const [key, email] of Object.entries({
      admin: DEMO.admin.email,
      manager: DEMO.manager.email,
      tech: DEMO.tech.email,
      tech2: DEMO.acmeTech2.email,
      globexTech: DEMO.globexTech.email,
    })) {
      ids[key as Key] = await userId(q, email);
    }
    const bot = async (name: string) => {
      const [row] = await q(`SELECT id FROM bots WHERE name = $1`, [name]);
      return String(row!.id);
    };
    ids.booking = await bot('Booking outcome');
    ids.plan = await bot('Maintenance plan offered');
    // Digest days are Acme's: New York time, which changes to daylight time on 8 March 2026.
    await q(
      `UPDATE companies SET timezone_id = (SELECT id FROM timezones
         WHERE iana = 'America/New_York' ORDER BY id LIMIT 1) WHERE id = $1`,
      [ids.acme],
    );
  });
}, HOOK_TIMEOUT_MS);

const unbookedRule: AlertRuleFormValues = {
  name: 'Unbooked calls',
  condition: 'tag_found',
  bot_id: '',
  tag_label: 'Not booked',
  interaction_type: 'csr-call',
  spend_cents: null,
  recipient_roles: ['company_admin', 'manager'],
  recipient_user_ids: [],
  channel: 'email',
  enabled: true,
};

async function createRule(email: string, body: Partial<AlertRuleFormValues>) {
  const res = await (await as(email)).post(alertRulesPath, { ...unbookedRule, ...body });
  expect(res.status, res.text).toBe(200);
  return alertRuleResponseSchema.parse(res.body).data;
}

async function ruleCount(companyId: string) {
  return t.inspect(async (q) => {
    const [row] = await q(`SELECT count(*)::int AS n FROM alert_rules WHERE company_id = $1`, [
      companyId,
    ]);
    return Number(row!.n);
  });
}

describe('alert rules: who may keep them', () => {
  it('lets company admins and managers create, list, edit and delete them', async () => {
    const rule = await createRule(DEMO.admin.email, { bot_id: ids.booking });
    expect(rule).toMatchObject({
      name: 'Unbooked calls',
      bot_name: 'Booking outcome',
      tag_label: 'Not booked',
      channel: 'email',
      spend_cents: null,
    });
    const listed = await (await as(DEMO.manager.email)).get(alertRulesPath);
    expect(alertRulesResponseSchema.parse(listed.body).data.map((r) => r.id)).toContain(rule.id);

    const edited = await (
      await as(DEMO.manager.email)
    ).put(alertRulePath(rule.id), {
      ...unbookedRule,
      bot_id: ids.booking,
      name: 'Calls not booked',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.name).toBe('Calls not booked');

    const removed = await (await as(DEMO.manager.email)).request('DELETE', alertRulePath(rule.id));
    expect(removed.body).toEqual({ message: ALERT_MESSAGES.ruleDeleted });
    expect((await (await as(DEMO.admin.email)).get(alertRulePath(rule.id))).status).toBe(404);
  });

  it('refuses technicians and publishers, and asks anonymous callers to log in', async () => {
    for (const email of [DEMO.tech.email, DEMO.publisher.email]) {
      const client = await as(email);
      expect((await client.get(alertRulesPath)).status, email).toBe(403);
      expect((await client.get(alertRuleOptionsPath)).status, email).toBe(403);
      const res = await client.post(alertRulesPath, { ...unbookedRule, bot_id: ids.booking });
      expect(res.status, email).toBe(403);
    }
    for (const path of [notificationsPath, notificationsUnreadPath, alertPreferencesPath]) {
      expect((await (await as(DEMO.publisher.email)).get(path)).status, path).toBe(403);
      expect((await t.client().get(path)).status, path).toBe(401);
    }
    expect((await t.client().get(alertRulesPath)).status).toBe(401);
  });

  it('answers an admin still setting up with an empty bell, not a 403 ("No Access")', async () => {
    const onboarding = await as(DEMO.newadmin.email);
    const unread = await onboarding.get(notificationsUnreadPath);
    expect(unread.status).toBe(200);
    expect(unread.body.data.unread).toBe(0);
    const list = await onboarding.get(notificationsPath);
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([]);
  });

  it("never shows or changes another company's rules", async () => {
    const rule = await createRule(DEMO.admin.email, { bot_id: ids.booking, name: 'Acme only' });
    const globex = await as(DEMO.globex.email);
    const list = alertRulesResponseSchema.parse((await globex.get(alertRulesPath)).body).data;
    expect(list.map((r) => r.id)).not.toContain(rule.id);
    const put = await globex.put(alertRulePath(rule.id), { ...unbookedRule, bot_id: ids.booking });
    expect(put.status).toBe(404);
    expect((await globex.request('DELETE', alertRulePath(rule.id))).status).toBe(404);
    const still = await (await as(DEMO.admin.email)).get(alertRulesPath);
    expect(still.body.data.find((r: { id: string }) => r.id === rule.id).name).toBe('Acme only');
    await (await as(DEMO.admin.email)).request('DELETE', alertRulePath(rule.id));
  });

  it('offers the company bots with their tags and its people', async () => {
    const res = await (await as(DEMO.manager.email)).get(alertRuleOptionsPath);
    const options = alertRuleOptionsResponseSchema.parse(res.body).data;
    expect(options.bots.find((b) => b.id === ids.booking)?.tags).toContain('Not booked');
    expect(options.users.map((u) => u.id)).toEqual(expect.arrayContaining([ids.tech, ids.admin]));
    expect(options.users.map((u) => u.id)).not.toContain(ids.globexTech);
  });

  it('answers bad input with field messages and stores nothing', async () => {
    const before = await ruleCount(ids.acme);
    const admin = await as(DEMO.admin.email);
    const cases: [Partial<AlertRuleFormValues>, string, string][] = [
      [{ bot_id: null }, 'bot_id', ALERT_MESSAGES.botRequired],
      [{ bot_id: ids.booking, tag_label: '' }, 'tag_label', ALERT_MESSAGES.tagRequired],
      [{ bot_id: ids.booking, tag_label: 'Nope' }, 'tag_label', ALERT_MESSAGES.unknownTag],
      [{ bot_id: randomUUID() }, 'bot_id', ALERT_MESSAGES.unknownBot],
      [
        { bot_id: ids.booking, recipient_roles: [], recipient_user_ids: [ids.globexTech] },
        'recipient_user_ids',
        ALERT_MESSAGES.unknownUser,
      ],
      [
        { condition: 'spend_threshold', spend_cents: null },
        'spend_cents',
        ALERT_MESSAGES.spendRequired,
      ],
      [
        { bot_id: ids.booking, recipient_roles: [] },
        'recipient_roles',
        ALERT_MESSAGES.recipientsRequired,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post(alertRulesPath, { ...unbookedRule, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    expect(await ruleCount(ids.acme)).toBe(before);
  });
});

describe('an unbooked call alerts once', () => {
  let ruleId: string;
  let call: { id: string; customerId: string };
  let firstResult: string;

  beforeAll(async () => {
    ruleId = (await createRule(DEMO.admin.email, { bot_id: ids.booking, name: 'Unbooked' })).id;
    await t.inspect(async (q) => {
      call = await insertInteraction(q, { type: 'csr-call', lines: CALL_LINES });
      const tags = [
        { id: 0, label: 'Booked', data: null },
        { id: 1, label: 'Not booked', data: 'maybe later' },
      ];
      // "maybe later" is in the second line, which starts at 10.5 s.
      const quotes = [{ tag_id: 1, index_start: CALL_LINES[0]!.length + 27, text: 'maybe later' }];
      firstResult = await insertResult(q, {
        botId: ids.booking,
        interactionId: call.id,
        tags,
        quotes,
      });
      ids.rerun = await insertResult(q, {
        botId: ids.booking,
        interactionId: call.id,
        tags,
        quotes,
      });
    });
    mails.length = 0;
    published.clear();
    await withEngine(async (engine) => {
      // The same event delivered to two workers at once, then retried, then the bot re-run.
      await Promise.all([engine.onResult(firstResult), engine.onResult(firstResult)]);
      await engine.onResult(firstResult);
      await engine.onResult(ids.rerun);
    });
  }, SLOW_TEST_TIMEOUT_MS);

  it('makes one alert, one notification per recipient, one e-mail each and one event', async () => {
    const rows = await t.inspect((q) =>
      q(
        `SELECT n.user_id, n.email_mode, n.emailed_at IS NOT NULL AS emailed FROM alerts a
           JOIN alert_notifications n ON n.alert_id = a.id WHERE a.rule_id = $1 ORDER BY n.user_id`,
        [ruleId],
      ),
    );
    expect(rows.map((r) => r.user_id).sort()).toEqual([ids.admin, ids.manager].sort());
    expect(rows.every((r) => r.email_mode === 'immediate' && r.emailed)).toBe(true);
    expect(published.size).toBe(1);
    expect(mails.map((m) => m.message.to).sort()).toEqual(
      [DEMO.admin.email, DEMO.manager.email].sort(),
    );
    expect(mails[0]!.message.subject).toBe('Alert: Booking outcome: Not booked');
  });

  it('links the notification to the call at the moment of the evidence', async () => {
    const res = await (await as(DEMO.manager.email)).get(notificationsPath);
    const page = notificationsResponseSchema.parse(res.body).data;
    const item = page.items.find((n) => n.rule_name === 'Unbooked')!;
    expect(item.summary).toBe('Booking outcome: Not booked');
    expect(item.link).toBe(`/customers/${call.customerId}/interaction/${call.id}/csr-call?t=10.5`);
    expect(item.read_at).toBeNull();
    expect(mails[0]!.message.text).toContain(`${APP_URL}${item.link}`);
  });

  it('marks one read, or all at once, for the reader only', async () => {
    const manager = await as(DEMO.manager.email);
    const page = notificationsResponseSchema.parse((await manager.get(notificationsPath)).body);
    const item = page.data.items[0]!;
    const unreadBefore = (await manager.get(notificationsUnreadPath)).body.data.unread;
    expect(unreadBefore).toBeGreaterThan(0);

    // Another company's user, or another reader, cannot mark it.
    expect((await (await as(DEMO.globex.email)).post(notificationReadPath(item.id))).status).toBe(
      404,
    );
    expect((await (await as(DEMO.admin.email)).post(notificationReadPath(item.id))).status).toBe(
      404,
    );

    const read = await manager.post(notificationReadPath(item.id));
    expect(read.body.data.unread).toBe(unreadBefore - 1);
    const all = await manager.post(notificationsReadAllPath);
    expect(all.body.data.unread).toBe(0);
    expect((await manager.get(notificationsUnreadPath)).body.data.unread).toBe(0);
    // The admin's copy is still unread.
    expect((await (await as(DEMO.admin.email)).get(notificationsUnreadPath)).body.data.unread).toBe(
      1,
    );
  });

  it('unsubscribes in one click with the signed link, and refuses a tampered one', async () => {
    const mail = mails.find((m) => m.message.to === DEMO.admin.email)!.message;
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    expect(url.startsWith(`${APP_URL}/api/alerts/unsubscribe/`)).toBe(true);
    const token = decodeURIComponent(url.slice(`${APP_URL}/api/alerts/unsubscribe/`.length));
    expect(mail.text).toContain(`/public/alerts/unsubscribe?token=`);

    const tampered = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    const stranger = t.client();
    expect((await stranger.get(alertUnsubscribePath(tampered))).status).toBe(404);
    const refused = await stranger.post(alertUnsubscribePath(tampered), undefined, {
      raw: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
      csrf: 'omit',
    });
    expect(refused.status).toBe(404);
    const prefsBefore = await (await as(DEMO.admin.email)).get(alertPreferencesPath);
    expect(prefsBefore.body.data.find((p: { rule_id: string }) => p.rule_id === ruleId).email).toBe(
      true,
    );

    const info = await stranger.get(alertUnsubscribePath(token));
    expect(info.body.data).toEqual({ rule_name: 'Unbooked', email: DEMO.admin.email });
    // A mail client's one-click POST: no session, no CSRF header, a form body.
    const done = await stranger.post(alertUnsubscribePath(token), undefined, {
      raw: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
      csrf: 'omit',
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ message: ALERT_MESSAGES.unsubscribed });
    const prefs = alertPreferencesResponseSchema.parse(
      (await (await as(DEMO.admin.email)).get(alertPreferencesPath)).body,
    ).data;
    expect(prefs.find((p) => p.rule_id === ruleId)).toMatchObject({ email: false, in_app: true });
  });
});

describe('technicians hear only of their own work', () => {
  it(
    "alerts the technician who recorded the visit, not a colleague or another company's",
    async () => {
      const rule = await createRule(DEMO.manager.email, {
        name: 'No plan offered',
        condition: 'tag_not_found',
        bot_id: ids.plan,
        tag_label: 'Plan offered',
        interaction_type: 'field-recording',
        recipient_roles: ['field_team'],
        recipient_user_ids: [ids.tech2],
        channel: 'in_app',
      });
      let visit = '';
      const result = await t.inspect(async (q) => {
        visit = (
          await insertInteraction(q, {
            type: 'field-recording',
            recordedBy: ids.tech,
            lines: ['Your furnace is fine.'],
          })
        ).id;
        return insertResult(q, {
          botId: ids.plan,
          interactionId: visit,
          tags: [{ id: 0, label: 'Plan offered', data: null }],
        });
      });
      await withEngine((engine) => engine.onResult(result));
      const recipients = await t.inspect((q) =>
        q(
          `SELECT n.user_id FROM alerts a JOIN alert_notifications n ON n.alert_id = a.id
           WHERE a.rule_id = $1`,
          [rule.id],
        ),
      );
      expect(recipients.map((r) => r.user_id)).toEqual([ids.tech]);
      const mine = notificationsResponseSchema.parse(
        (await (await as(DEMO.tech.email)).get(notificationsPath)).body,
      ).data;
      expect(mine.items.map((n) => n.summary)).toEqual([
        'Maintenance plan offered: "Plan offered" not found',
      ]);
      const colleague = notificationsResponseSchema.parse(
        (await (await as(DEMO.acmeTech2.email)).get(notificationsPath)).body,
      ).data;
      expect(colleague.count).toBe(0);
      const prefs = await (await as(DEMO.tech.email)).get(alertPreferencesPath);
      expect(prefs.body.data.map((p: { rule_id: string }) => p.rule_id)).toEqual([rule.id]);

      // A rule that does not reach the technician (or another company's) is refused, nothing saved.
      const tech = await as(DEMO.tech.email);
      const refused = await tech.put(alertPreferencesPath, {
        preferences: [{ rule_id: randomUUID(), email: false, in_app: false }],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.preferences).toEqual([ALERT_MESSAGES.unknownRule]);
      // Muting the bell: the next visit of theirs adds nothing under it.
      const muted = await tech.put(alertPreferencesPath, {
        preferences: [{ rule_id: rule.id, email: true, in_app: false }],
      });
      expect(muted.body.data).toEqual([
        expect.objectContaining({ rule_id: rule.id, in_app: false }),
      ]);
      const second = await t.inspect(async (q) => {
        const id = (
          await insertInteraction(q, {
            type: 'field-recording',
            recordedBy: ids.tech,
            lines: ['All good here.'],
          })
        ).id;
        return insertResult(q, {
          botId: ids.plan,
          interactionId: id,
          tags: [{ id: 0, label: 'Plan offered', data: null }],
        });
      });
      await withEngine((engine) => engine.onResult(second));
      const after = notificationsResponseSchema.parse(
        (await tech.get(notificationsPath)).body,
      ).data;
      expect(after.count).toBe(1);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('the 7:00 digest', () => {
  it(
    'goes out once per local day at 7:00 New York time, across the change to daylight time',
    async () => {
      // Only this rule watches the calls below.
      await t.inspect((q) =>
        q(`UPDATE alert_rules SET enabled = false WHERE company_id = $1`, [ids.acme]),
      );
      const rule = await createRule(DEMO.admin.email, {
        name: 'Digest of calls',
        bot_id: ids.booking,
        recipient_roles: ['manager'],
        channel: 'digest',
      });
      const results = await t.inspect(async (q) => {
        const out: string[] = [];
        for (let i = 0; i < 2; i++) {
          const call = await insertInteraction(q, { type: 'csr-call', lines: CALL_LINES });
          out.push(
            await insertResult(q, {
              botId: ids.booking,
              interactionId: call.id,
              tags: [{ id: 1, label: 'Not booked', data: 'no' }],
            }),
          );
        }
        return out;
      });
      mails.length = 0;
      await withEngine(async (engine) => {
        for (const result of results) await engine.onResult(result);
      });
      // A digest rule sends nothing at once.
      expect(mails).toHaveLength(0);
      // One alert arrived on Saturday 7 March at 20:00 EST, one on Sunday 8 March at 9:00 EDT.
      await t.inspect(async (q) => {
        const rows = await q(
          `SELECT n.id FROM alert_notifications n JOIN alerts a ON a.id = n.alert_id
           WHERE a.rule_id = $1 ORDER BY a.finding_key`,
          [rule.id],
        );
        expect(rows).toHaveLength(2);
        await q(`UPDATE alert_notifications SET created_at = $2 WHERE id = $1`, [
          rows[0]!.id,
          '2026-03-08T01:00:00Z',
        ]);
        await q(`UPDATE alert_notifications SET created_at = $2 WHERE id = $1`, [
          rows[1]!.id,
          '2026-03-08T13:00:00Z',
        ]);
      });
      const queued = await withEngine(async (engine) => {
        /** The digest e-mails a tick at `iso` adds (pg-boss collapses a repeated dedupe key). */
        const at = async (...isos: string[]) => {
          const before = mails.length;
          await Promise.all(isos.map((iso) => engine.sendDigests(new Date(iso))));
          return mails.length - before;
        };
        return {
          // 6:59 EDT on Sunday: Saturday's digest (7:00 EST, 12:00 UTC) held nothing yet.
          beforeSeven: await at('2026-03-08T10:59:00Z'),
          // 7:00 EDT is 11:00 UTC, an hour earlier than the day before; two workers at once.
          atSeven: await at('2026-03-08T11:00:00Z', '2026-03-08T11:00:00Z'),
          laterThatMorning: await at('2026-03-08T14:15:00Z'),
          nextMorning: await at('2026-03-09T11:05:00Z'),
          again: await at('2026-03-09T11:20:00Z'),
        };
      });
      expect(queued).toEqual({
        beforeSeven: 0,
        atSeven: 1,
        laterThatMorning: 0,
        nextMorning: 1,
        again: 0,
      });
      expect(mails.map((m) => m.message.to)).toEqual([DEMO.manager.email, DEMO.manager.email]);
      expect(mails[0]!.message.subject).toBe('Your alerts digest: 1 alert');
      expect(mails[0]!.message.headers?.['List-Unsubscribe']).toContain('/api/alerts/unsubscribe/');
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('jobs and spend', () => {
  it(
    'alerts once for a job completed without a recording, and once per month of spend',
    async () => {
      const jobRule = await createRule(DEMO.manager.email, {
        name: 'No recording',
        condition: 'job_without_recording',
        bot_id: null,
        tag_label: null,
        interaction_type: null,
        recipient_roles: ['field_team'],
        channel: 'in_app',
      });
      const spendRule = await createRule(DEMO.admin.email, {
        name: 'Spend',
        condition: 'spend_threshold',
        bot_id: null,
        tag_label: null,
        interaction_type: null,
        spend_cents: 1,
        recipient_roles: ['company_admin', 'field_team'],
        channel: 'in_app',
      });
      const job = await t.inspect(async (q) => {
        const [row] = await q(
          `SELECT j.id FROM jobs j JOIN customers c ON c.id = j.customer_id
           WHERE c.company_id = $1 AND j.technician_id = $2
             AND NOT EXISTS (SELECT 1 FROM interactions i WHERE i.job_id = j.id)
           ORDER BY j.id LIMIT 1`,
          [ids.acme, ids.tech],
        );
        // Ten minutes transcribed now: some spend this month, whatever the seed holds.
        const [interaction] = await q(`SELECT id FROM interactions WHERE company_id = $1 LIMIT 1`, [
          ids.acme,
        ]);
        await q(
          `INSERT INTO usage_records (company_id, interaction_id, seconds) VALUES ($1, $2, 600)
           ON CONFLICT (interaction_id) DO UPDATE SET seconds = 600, recorded_at = now()`,
          [ids.acme, interaction!.id],
        );
        return String(row!.id);
      });
      const event = { job_id: job, company_id: ids.acme, customer_id: '', revenue_cents: null };
      await withEngine(async (engine) => {
        await Promise.all([engine.onJobCompleted(event), engine.onJobCompleted(event)]);
        await engine.checkSpend(new Date());
        await engine.checkSpend(new Date());
      });
      const rows = await t.inspect((q) =>
        q(
          `SELECT a.rule_id, a.finding_key, array_agg(n.user_id::text ORDER BY n.user_id) AS users
           FROM alerts a LEFT JOIN alert_notifications n ON n.alert_id = a.id
           WHERE a.rule_id = ANY($1::uuid[]) GROUP BY a.id ORDER BY a.finding_key`,
          [[jobRule.id, spendRule.id]],
        ),
      );
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ rule_id: jobRule.id, finding_key: `job:${job}` });
      expect(rows[0]!.users).toEqual([ids.tech]);
      expect(rows[1]!.rule_id).toBe(spendRule.id);
      expect(String(rows[1]!.finding_key)).toMatch(/^spend:\d{4}-\d{2}$/);
      // The company's spend is nobody's own work: admins only, never technicians.
      expect(rows[1]!.users).toEqual([ids.admin]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('the real path: a bot run on an unbooked call rings the bell', () => {
  it(
    'alerts through bot_result.completed and streams the unread count',
    async () => {
      await t.inspect((q) =>
        q(`UPDATE alert_rules SET enabled = false WHERE company_id = $1`, [ids.acme]),
      );
      await createRule(DEMO.admin.email, {
        name: 'Live unbooked',
        bot_id: ids.booking,
        recipient_roles: ['manager'],
        channel: 'in_app',
      });
      const manager = await as(DEMO.manager.email);
      await manager.post(notificationsReadAllPath);

      // The manager's stream, over a real socket: the first event is the count now.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const stream = await fetch(`${address}${notificationsStreamPath}`, {
        headers: { cookie: [...manager.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let buffered = '';
      /** The next `unread` event's count, within a few poll intervals. */
      const nextUnread = async () => {
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline) {
          const match = /event: unread\ndata: (\{[^\n]*\})\n\n/.exec(buffered);
          if (match) {
            buffered = buffered.slice(match.index + match[0].length);
            return (JSON.parse(match[1]!) as { unread: number }).unread;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('the stream ended');
          buffered += decoder.decode(value, { stream: true });
        }
        throw new Error('no unread event');
      };
      expect(await nextUnread()).toBe(0);

      const call = await t.inspect((q) =>
        insertInteraction(q, { type: 'csr-call', lines: CALL_LINES }),
      );
      const run = await (
        await as(DEMO.admin.email)
      ).post(botRunPath, {
        bot_ids: [ids.booking],
        id: call.id,
        type: 'csr-call',
      });
      expect(run.status, run.text).toBe(200);

      expect(await nextUnread()).toBe(1);
      const page = notificationsResponseSchema.parse((await manager.get(notificationsPath)).body);
      expect(page.data.items[0]).toMatchObject({
        rule_name: 'Live unbooked',
        summary: 'Booking outcome: Not booked',
      });
      expect(page.data.items[0]!.link).toMatch(
        new RegExp(`^/customers/${call.customerId}/interaction/${call.id}/csr-call\\?t=\\d`),
      );

      // Stopping the server ends the open stream (it does not hold the shutdown up).
      const ended = (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })();
      await t.stop();
      expect(await ended).toBe(true);
      controller.abort();
      await t.restart();
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
