import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_MESSAGES,
  CLIENT_CONFIG_PATH,
  MESSAGES,
  PLAYBACK_EVENTS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGES,
  SUPPORT_MESSAGES_PATH,
  SUPPORT_MESSAGES_PER_HOUR,
  analyticsBatchResponseSchema,
  clientConfigResponseSchema,
  userResponseSchema,
  validationErrorSchema,
  type User,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { purgeExpired } from '../src/jobs/purge-expired';
import { createSessionRepo } from '../src/modules/session/session.repo';
import { createSessionService } from '../src/modules/session/session.service';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { HOOK_TIMEOUT_MS, SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

const SUPPORT_EMAIL = 'help@support.fieldbot.test';
const t = useTestApp({
  env: {
    SUPPORT_EMAIL,
    INTERCOM_APP_ID: 'abc123xy',
    POSTHOG_KEY: 'phc_testkey',
    POSTHOG_HOST: 'https://eu.i.posthog.com/',
    ANALYTICS_EVENTS_PER_USER_HOUR: '60',
  },
});

interface Caller {
  client: ApiClient;
  user: User;
}
let tech: Caller;
let publisher: Caller;
let globex: Caller;

async function signIn(email: string): Promise<Caller> {
  const client = t.client();
  await client.loginAs(email);
  const me = await client.get('/api/user/me');
  return { client, user: userResponseSchema.parse(me.body).data };
}

beforeAll(async () => {
  tech = await signIn(DEMO.tech.email);
  publisher = await signIn(DEMO.publisher.email);
  globex = await signIn(DEMO.globex.email);
}, HOOK_TIMEOUT_MS);

const event = (name: string, properties: Record<string, unknown> = {}) => ({
  event: name,
  properties,
  at: new Date().toISOString(),
});

/** Stored events of a user, oldest first (on PGlite each read restarts the server). */
const storedEvents = (userId: string) =>
  t.inspect((q) =>
    q(
      `SELECT user_id, company_id, publisher_id, event, properties, occurred_at
       FROM analytics_events WHERE user_id = $1 ORDER BY id`,
      [userId],
    ),
  );

describe('POST /api/analytics/events', () => {
  it(
    "stores a batch under the caller's user and tenant, ignoring identity fields in the body",
    async () => {
      const at = '2026-03-01T10:00:00.000Z';
      const res = await tech.client.post(ANALYTICS_EVENTS_PATH, {
        user_id: globex.user.id,
        company_id: globex.user.company!.id,
        events: [
          {
            ...event(PLAYBACK_EVENTS.started, {
              interaction_id: 'R-000101',
              playback_start_time: 0,
              timeframe: '00:00',
            }),
            at,
            user_id: globex.user.id,
            company_id: globex.user.company!.id,
          },
          event(PLAYBACK_EVENTS.speedChanged, { previous_speed: 1, new_speed: 1.5, ok: true }),
        ],
      });
      expect(res.status, res.text).toBe(200);
      expect(analyticsBatchResponseSchema.parse(res.body)).toEqual({ data: { accepted: 2 } });

      const pub = await publisher.client.post(ANALYTICS_EVENTS_PATH, {
        events: [event('Change Card Failed', { company_id: globex.user.company!.id })],
      });
      expect(pub.status, pub.text).toBe(200);

      const rows = await storedEvents(tech.user.id);
      expect(rows).toEqual([
        {
          user_id: tech.user.id,
          company_id: tech.user.company!.id,
          publisher_id: null,
          event: PLAYBACK_EVENTS.started,
          properties: { interaction_id: 'R-000101', playback_start_time: 0, timeframe: '00:00' },
          occurred_at: new Date(at),
        },
        expect.objectContaining({
          event: PLAYBACK_EVENTS.speedChanged,
          company_id: tech.user.company!.id,
          properties: { previous_speed: 1, new_speed: 1.5, ok: true },
        }),
      ]);
      const pubRows = await storedEvents(publisher.user.id);
      // A property is only data: it names no tenant of the row.
      expect(pubRows).toEqual([
        expect.objectContaining({
          company_id: null,
          publisher_id: publisher.user.publisher!.id,
          event: 'Change Card Failed',
          properties: { company_id: globex.user.company!.id },
        }),
      ]);
      expect(await storedEvents(globex.user.id)).toEqual([]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'answers bad batches with 422 and field messages, storing none of them',
    async () => {
      const bad: [unknown, string][] = [
        [{}, 'events'],
        [{ events: [] }, 'events'],
        [
          { events: Array.from({ length: ANALYTICS_BATCH_MAX_EVENTS + 1 }, () => event('x')) },
          'events',
        ],
        [{ events: [event('   ')] }, 'events.0.event'],
        [{ events: [event('x'.repeat(101))] }, 'events.0.event'],
        [{ events: [{ ...event('ok'), at: 'yesterday' }] }, 'events.0.at'],
        [{ events: [event('ok'), event('nested', { a: { b: 1 } })] }, 'events.1.properties.a'],
        [{ events: [event('long', { a: 'x'.repeat(501) })] }, 'events.0.properties.a'],
        [
          {
            events: [
              event('wide', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))),
            ],
          },
          'events.0.properties',
        ],
      ];
      for (const [body, field] of bad) {
        const res = await globex.client.post(ANALYTICS_EVENTS_PATH, body);
        expect(res.status, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`).toBe(422);
        const errors = validationErrorSchema.parse(res.body).errors;
        expect(Object.keys(errors), res.text).toContain(field);
      }
      expect(await storedEvents(globex.user.id)).toEqual([]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('refuses anonymous callers, missing CSRF tokens and oversized bodies', async () => {
    const body = { events: [event('x')] };
    expect((await t.client().post(ANALYTICS_EVENTS_PATH, body)).status).toBe(401);
    expect((await tech.client.post(ANALYTICS_EVENTS_PATH, body, { csrf: 'omit' })).status).toBe(
      419,
    );
    const huge = { events: [event('x', { a: 'y'.repeat(70_000) })] };
    expect((await tech.client.post(ANALYTICS_EVENTS_PATH, huge)).status).toBe(413);
  });

  it(
    'refuses a batch that would take a user past the hourly cap (429), whole, and no one else',
    async () => {
      const manager = await signIn(DEMO.manager.email);
      const batch = (n: number) => ({ events: Array.from({ length: n }, () => event('tick')) });
      expect((await manager.client.post(ANALYTICS_EVENTS_PATH, batch(50))).status).toBe(200);

      const over = await manager.client.post(ANALYTICS_EVENTS_PATH, batch(11));
      expect(over.status, over.text).toBe(429);
      expect(over.body).toEqual({ message: ANALYTICS_MESSAGES.tooMany });
      expect(over.headers['retry-after']).toBe('3600');
      expect(await storedEvents(manager.user.id)).toHaveLength(50);

      // Up to the cap exactly (60 in this test's settings), then nothing more this hour.
      expect((await manager.client.post(ANALYTICS_EVENTS_PATH, batch(10))).status).toBe(200);
      expect((await manager.client.post(ANALYTICS_EVENTS_PATH, batch(1))).status).toBe(429);
      expect(await storedEvents(manager.user.id)).toHaveLength(60);
      // The cap is per user: the manager's colleague still sends.
      expect((await tech.client.post(ANALYTICS_EVENTS_PATH, batch(1))).status).toBe(200);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'keeps events 90 days, then the hourly purge deletes them',
    async () => {
      const count = () =>
        t.inspect(async (q) => {
          const [row] = await q(`SELECT count(*)::int AS n FROM analytics_events`);
          return row!.n as number;
        });
      expect(await count()).toBeGreaterThan(0);
      const day = 86_400_000;
      const purgeAt = async (offsetMs: number) => {
        await t.stop();
        const config = loadConfig({ ...t.env });
        const database = await openDatabase(config);
        try {
          await purgeExpired({
            db: database.db,
            sessions: createSessionService({
              repo: createSessionRepo(database.db),
              timings: { idleMs: day, absoluteMs: day },
            }),
            loginWindowMs: config.loginWindowMs,
            now: () => Date.now() + offsetMs,
          });
        } finally {
          await database.close();
          await t.restart();
        }
      };
      await purgeAt(89 * day);
      const kept = await count();
      expect(kept).toBeGreaterThan(0);
      await purgeAt(91 * day);
      expect(await count()).toBe(0);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('POST /api/support/messages', () => {
  it(
    "mails the message to SUPPORT_EMAIL with the sender's identity",
    async () => {
      const before = await t.outbox.mark();
      const res = await tech.client.post(SUPPORT_MESSAGES_PATH, {
        message: '  The player <b>stops</b> after a minute.  ',
        page: '/customers',
        user_id: globex.user.id,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ message: SUPPORT_MESSAGES.sent });
      const mail = await t.outbox.waitFor(SUPPORT_EMAIL, { after: before });
      const { subject, text, html } = mail.json as { subject: string; text: string; html: string };
      expect(subject).toBe(`Help request from ${tech.user.name} <${tech.user.email}>`);
      expect(text).toContain('The player <b>stops</b> after a minute.\n\n---\n');
      for (const value of [
        `User id: ${tech.user.id}`,
        `E-mail: ${tech.user.email}`,
        `Name: ${tech.user.name}`,
        `Company: ${tech.user.company!.name} (${tech.user.company!.id})`,
        'Page: http://localhost:3000/customers',
      ]) {
        expect(text).toContain(value);
      }
      expect(text).not.toContain(globex.user.id);
      expect(html).toContain('The player &#60;b&#62;stops&#60;/b&#62; after a minute.');
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('answers empty and too long messages with 422, sending nothing', async () => {
    const before = await t.outbox.mark();
    for (const [body, text] of [
      [{}, MESSAGES.required],
      [{ message: '   ' }, MESSAGES.required],
      [{ message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) }, SUPPORT_MESSAGES.tooLong],
    ] as const) {
      const res = await publisher.client.post(SUPPORT_MESSAGES_PATH, body);
      expect(res.status, res.text).toBe(422);
      expect(validationErrorSchema.parse(res.body).errors).toEqual({ message: [text] });
    }
    const offSite = await publisher.client.post(SUPPORT_MESSAGES_PATH, {
      message: 'Hello',
      page: 'https://elsewhere.example/',
    });
    expect(offSite.status).toBe(422);
    expect(validationErrorSchema.parse(offSite.body).errors).toEqual({
      page: [MESSAGES.invalidValue],
    });
    expect((await t.client().post(SUPPORT_MESSAGES_PATH, { message: 'hi' })).status).toBe(401);
    const fresh = (await t.outbox.mailsTo(SUPPORT_EMAIL)).filter((m) => !before.has(m.file));
    expect(fresh).toEqual([]);
  });

  it(
    `allows ${SUPPORT_MESSAGES_PER_HOUR} messages per user an hour, then 429`,
    async () => {
      for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR; i += 1) {
        const res = await globex.client.post(SUPPORT_MESSAGES_PATH, { message: `Question ${i}` });
        expect(res.status, res.text).toBe(200);
      }
      const limited = await globex.client.post(SUPPORT_MESSAGES_PATH, { message: 'One more' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(SUPPORT_MESSAGES.tooMany);
      expect(limited.headers['retry-after']).toBe('3600');
      // Another user is not limited by it.
      expect((await publisher.client.post(SUPPORT_MESSAGES_PATH, { message: 'Hi' })).status).toBe(
        200,
      );
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('GET /api/client-config', () => {
  it('tells any visitor the browser-side keys, and the CSP allows those services', async () => {
    const res = await t.client().get(CLIENT_CONFIG_PATH);
    expect(res.status).toBe(200);
    expect(clientConfigResponseSchema.parse(res.body)).toEqual({
      data: {
        posthog_key: 'phc_testkey',
        posthog_host: 'https://eu.i.posthog.com',
        intercom_app_id: 'abc123xy',
      },
    });
    // The documents' CSP (an /api answer gets the REST set, which loads nothing).
    const page = await t.client().get('/login');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/app\.intercom\.io/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/eu\.i\.posthog\.com/);
    expect(csp).toMatch(/connect-src [^;]*wss:\/\/\*\.intercom\.io/);
  });
});
