import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_RETRY_LIMIT,
  webhookPayloadSchema,
  type WebhookEndpointStatus,
} from '@fieldbot/shared';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createSecretBox } from '../src/lib/secret-box';
import type { Db } from '../src/db/client';
import {
  botResults,
  botRuns,
  companies,
  interactions,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from '../src/db/schema';
import type { AlertFiredEvent } from '../src/jobs/alert-events';
import type { BotResultCompletedEvent } from '../src/jobs/result-events';
import { resealWebhookSecrets, webhookSecretsBox } from '../src/modules/webhooks';
import { createWebhookDispatcher } from '../src/modules/webhooks/webhook-dispatcher';
import { newWebhookSecret } from '../src/modules/webhooks/webhook-signing';
import type { WebhookPost, WebhookPostResult } from '../src/modules/webhooks/webhook-transport';
import { createWebhooksRepo } from '../src/modules/webhooks/webhooks.repo';
import type { MailMessage } from '../src/providers/mail';
import { withDb } from './support/drizzle-db';
import { APP_URL, HOOK_TIMEOUT_MS, useTestApp } from './support/test-app';

/**
 * Fan-out and delivery driven directly (no pg-boss, no waiting): a scripted transport answers each
 * attempt, a fake clock stands in for the hours between retries, and queued jobs and mails are
 * recorded. The server is stopped meanwhile on PGlite (withDb), so no worker races the test.
 */
const t = useTestApp();

let db: Db;
let release: () => void = () => undefined;
let held: Promise<void> = Promise.resolve();

beforeAll(async () => {
  db = await new Promise<Db>((ready) => {
    held = withDb(t, (handle) => {
      ready(handle);
      return new Promise<void>((done) => (release = done));
    });
  });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  release();
  await held;
}, HOOK_TIMEOUT_MS);

const box = () => webhookSecretsBox(loadConfig(t.env).crm);

let clock: Date;
let answers: WebhookPostResult[];
let posts: WebhookPost[];
let queued: { messageId: string; test: boolean }[];
let mails: { message: MailMessage; dedupeKey: string }[];

beforeEach(() => {
  clock = new Date();
  answers = [];
  posts = [];
  queued = [];
  mails = [];
});

function dispatcher() {
  return createWebhookDispatcher({
    repo: createWebhooksRepo(db),
    box: box(),
    transport: async (request) => {
      posts.push(request);
      return answers.shift() ?? { ok: true, status: 200 };
    },
    queue: {
      deliver: async (messageId, options) => {
        queued.push({ messageId, test: options?.test ?? false });
      },
    },
    appUrl: APP_URL,
    sendMail: async (message, options) => {
      mails.push({ message, dedupeKey: options.dedupeKey });
    },
    now: () => clock,
  });
}

async function companyId(name: string) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, name));
  return row!.id;
}

async function endpoint(
  company: string,
  eventTypes: string[],
  status: WebhookEndpointStatus = 'enabled',
) {
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      companyId: company,
      url: 'https://hooks.example.com/fieldbot',
      eventTypes,
      secretSealed: box().seal(secret),
      status,
    })
    .returning();
  return { row: row!, secret };
}

let nextResult = 0;
/** Another successful bot result of the company with an interaction target, as its event. */
async function botResultEvent(company: string): Promise<BotResultCompletedEvent> {
  const [row] = await db
    .select({ result: botResults, interactionId: botRuns.interactionId })
    .from(botResults)
    .innerJoin(botRuns, eq(botRuns.id, botResults.runId))
    .where(
      and(
        eq(botResults.companyId, company),
        eq(botResults.status, 'success'),
        sql`${botRuns.interactionId} is not null`,
      ),
    )
    .orderBy(botResults.id)
    .limit(1)
    .offset(nextResult++);
  expect(row, 'the demo seed has enough successful bot results').toBeDefined();
  return {
    result_id: row!.result.id,
    run_id: row!.result.runId,
    company_id: company,
    bot_id: row!.result.botId,
    version_id: row!.result.versionId,
    interaction_id: row!.interactionId,
    customer_id: null,
    job_id: null,
  };
}

const messagesOf = (endpointId: string) =>
  db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpointId));
const attemptsOf = (endpointId: string) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.attempt);

describe('fan-out', () => {
  it('makes one message per subscribed endpoint, once, however often the event comes', async () => {
    const acme = await companyId('Acme Home Services');
    const globex = await companyId('Globex Plumbing');
    const subscribed = await endpoint(acme, ['bot_result.completed']);
    const otherEvent = await endpoint(acme, ['alert.fired']);
    const disabled = await endpoint(acme, ['bot_result.completed'], 'disabled');
    const otherCompany = await endpoint(globex, ['bot_result.completed']);
    const event = await botResultEvent(acme);

    const d = dispatcher();
    await d.onBotResultCompleted(event);
    await d.onBotResultCompleted(event); // duplicated event (or a retried fan-out)

    const [message] = await messagesOf(subscribed.row.id);
    expect(await messagesOf(subscribed.row.id)).toHaveLength(1);
    for (const other of [otherEvent, disabled, otherCompany]) {
      expect(await messagesOf(other.row.id)).toHaveLength(0);
    }
    // Both fan-outs queue the same job id: pg-boss keeps one job per id.
    expect(queued).toEqual([
      { messageId: message!.id, test: false },
      { messageId: message!.id, test: false },
    ]);

    const payload = webhookPayloadSchema.parse(JSON.parse(message!.body));
    expect(payload.type).toBe('bot_result.completed');
    if (payload.type !== 'bot_result.completed') return;
    expect(payload.data).toMatchObject({
      result_id: event.result_id,
      interaction_id: event.interaction_id,
      bot_id: event.bot_id,
    });
    expect(payload.data.bot_name).not.toBe('');
    expect(payload.data.output_tags.length).toBeGreaterThan(0);
    expect(payload.data.url).toMatch(
      new RegExp(`^${APP_URL}/customers/[0-9a-f-]+/interaction/${event.interaction_id}/`),
    );

    // Two delivery jobs of the message: one HTTP request, signed as Standard Webhooks says.
    expect(await d.deliver(message!.id, { attempt: 1, final: false })).toBe('delivered');
    expect(await d.deliver(message!.id, { attempt: 1, final: false })).toBe('skipped');
    expect(posts).toHaveLength(1);
    const verified = new Webhook(subscribed.secret).verify(posts[0]!.body, posts[0]!.headers);
    expect(verified).toEqual(JSON.parse(message!.body));
    expect(await attemptsOf(subscribed.row.id)).toHaveLength(1);
  });

  it('links interaction.completed to the interaction page', async () => {
    const acme = await companyId('Acme Home Services');
    const subscribed = await endpoint(acme, ['interaction.completed']);
    const [row] = await db
      .select({ id: interactions.id, customerId: interactions.customerId })
      .from(interactions)
      .where(and(eq(interactions.companyId, acme), eq(interactions.type, 'csr-call')))
      .limit(1);
    await dispatcher().onInteractionCompleted({
      interaction_id: row!.id,
      company_id: acme,
      customer_id: row!.customerId,
      job_id: null,
      type: 'csr-call',
      call_type: 'Booked',
    });
    const [message] = await messagesOf(subscribed.row.id);
    expect(webhookPayloadSchema.parse(JSON.parse(message!.body))).toEqual({
      type: 'interaction.completed',
      timestamp: clock.toISOString(),
      data: {
        interaction_id: row!.id,
        customer_id: row!.customerId,
        job_id: null,
        type: 'csr-call',
        call_type: 'Booked',
        url: `${APP_URL}/customers/${row!.customerId}/interaction/${row!.id}/csr-call`,
      },
    });
  });

  it('passes alert.fired on to subscribers', async () => {
    const acme = await companyId('Acme Home Services');
    const subscribed = await endpoint(acme, ['alert.fired']);
    const alert: AlertFiredEvent = {
      alert_id: randomUUID(),
      rule_id: randomUUID(),
      rule_name: 'Missed booking',
      company_id: acme,
      condition: 'tag_found',
      summary: 'Booking outcome: Not booked',
      interaction_id: null,
      bot_result_id: null,
      job_id: null,
      evidence_seconds: 12.5,
      fired_at: clock.toISOString(),
    };
    await dispatcher().onAlertFired(alert);
    const [message] = await messagesOf(subscribed.row.id);
    expect(JSON.parse(message!.body)).toMatchObject({
      type: 'alert.fired',
      data: { alert_id: alert.alert_id, summary: alert.summary, evidence_seconds: 12.5 },
    });
  });
});

describe('retries and disabling', () => {
  const hours = (n: number) => n * 3600_000;

  it('retries a failed delivery with the same webhook-id until it succeeds', async () => {
    const acme = await companyId('Acme Home Services');
    const subscribed = await endpoint(acme, ['bot_result.completed']);
    const d = dispatcher();
    await d.onBotResultCompleted(await botResultEvent(acme));
    const [message] = await messagesOf(subscribed.row.id);
    answers = [
      { ok: false, status: 503, error: null },
      { ok: false, status: null, error: 'ECONNREFUSED' },
      { ok: true, status: 202 },
    ];
    expect(await d.deliver(message!.id, { attempt: 1, final: false })).toBe('failed');
    clock = new Date(clock.getTime() + 90_000);
    expect(await d.deliver(message!.id, { attempt: 2, final: false })).toBe('failed');
    clock = new Date(clock.getTime() + 180_000);
    expect(await d.deliver(message!.id, { attempt: 3, final: false })).toBe('delivered');

    expect(new Set(posts.map((p) => p.headers['webhook-id'])).size).toBe(1);
    expect(new Set(posts.map((p) => p.headers['webhook-timestamp'])).size).toBe(3);
    expect(
      (await attemptsOf(subscribed.row.id)).map((a) => [
        a.attempt,
        a.status,
        a.responseCode,
        a.error,
      ]),
    ).toEqual([
      [1, 'failed', 503, null],
      [2, 'failed', null, 'ECONNREFUSED'],
      [3, 'delivered', 202, null],
    ]);
    const [settled] = await messagesOf(subscribed.row.id);
    expect(settled!.status).toBe('delivered');
    // Settled: a late duplicate job sends nothing.
    expect(await d.deliver(message!.id, { attempt: 4, final: false })).toBe('skipped');
    expect(posts).toHaveLength(3);
  });

  it('disables the endpoint when a message exhausts its retries, and mails the admins once', async () => {
    const acme = await companyId('Acme Home Services');
    const subscribed = await endpoint(acme, ['bot_result.completed']);
    const d = dispatcher();
    const event = await botResultEvent(acme);
    await d.onBotResultCompleted(event);
    const [message] = await messagesOf(subscribed.row.id);
    const attempts = WEBHOOK_RETRY_LIMIT + 1;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      answers = [{ ok: false, status: 500, error: null }];
      const outcome = await d.deliver(message!.id, { attempt, final: attempt === attempts });
      expect(outcome).toBe('failed');
      clock = new Date(clock.getTime() + hours(2.5));
      if (attempt < attempts) {
        const [row] = await db
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, subscribed.row.id));
        expect(row!.status, `after attempt ${attempt}`).toBe('enabled');
      }
    }
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, subscribed.row.id));
    expect(row!.status).toBe('disabled_after_failures');
    expect(row!.disabledNotifiedAt).not.toBeNull();
    expect((await messagesOf(subscribed.row.id))[0]!.status).toBe('failed');
    expect(mails.map((m) => m.message.to)).toEqual(['admin@demo.fieldbot.test']);
    expect(mails[0]!.message.text).toContain(subscribed.row.url);
    expect(mails[0]!.message.text).toContain(`${APP_URL}/settings/webhooks`);
    expect(mails[0]!.dedupeKey).toContain(subscribed.row.id);

    // Disabled: later events are not fanned out to it, and pending ones are not sent.
    await d.onBotResultCompleted(await botResultEvent(acme));
    expect(await messagesOf(subscribed.row.id)).toHaveLength(1);
    const sent = posts.length;
    const late = await db
      .insert(webhookMessages)
      .values({
        companyId: acme,
        endpointId: subscribed.row.id,
        eventType: 'bot_result.completed',
        eventId: randomUUID(),
        body: '{}',
      })
      .returning();
    expect(await d.deliver(late[0]!.id, { attempt: 1, final: false })).toBe('skipped');
    expect(posts).toHaveLength(sent);
    expect(mails).toHaveLength(1);
  });

  it('keeps an endpoint that succeeded since the failing message was created', async () => {
    const acme = await companyId('Acme Home Services');
    const subscribed = await endpoint(acme, ['bot_result.completed']);
    const d = dispatcher();
    await d.onBotResultCompleted(await botResultEvent(acme));
    await d.onBotResultCompleted(await botResultEvent(acme));
    const [poison, healthy] = await messagesOf(subscribed.row.id);
    expect(healthy).toBeDefined();
    clock = new Date(clock.getTime() + 60_000);
    answers = [{ ok: true, status: 200 }];
    await d.deliver(healthy!.id, { attempt: 1, final: false });
    answers = [{ ok: false, status: 400, error: null }];
    clock = new Date(clock.getTime() + hours(24));
    expect(await d.deliver(poison!.id, { attempt: WEBHOOK_RETRY_LIMIT + 1, final: true })).toBe(
      'failed',
    );
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, subscribed.row.id));
    expect(row!.status).toBe('enabled');
    expect(mails).toHaveLength(0);
  });
});

describe('rotating the sealing secret', () => {
  it('re-seals signing secrets under the new one, current and previous alike', async () => {
    const acme = await companyId('Acme Home Services');
    const oldKey = 'old-sealing-secret-0123456789abcdef0123456789';
    const newKey = 'new-sealing-secret-0123456789abcdef0123456789';
    const purpose = 'webhook-secrets';
    const oldBox = createSecretBox({ secret: oldKey, purpose });
    const [row] = await db
      .insert(webhookEndpoints)
      .values({
        companyId: acme,
        url: 'https://hooks.example.com/reseal',
        eventTypes: ['alert.fired'],
        secretSealed: oldBox.seal('whsec_current'),
        previousSecretSealed: oldBox.seal('whsec_previous'),
      })
      .returning();
    const rotating = createSecretBox({ secret: newKey, previousSecrets: [oldKey], purpose });
    // The other tests' endpoints are sealed under the test server's secret: unreadable here.
    const first = await resealWebhookSecrets(db, rotating);
    expect(first.resealed).toBe(1);
    expect(first.unreadable).toBe(first.checked - 1);
    expect((await resealWebhookSecrets(db, rotating)).resealed).toBe(0);
    const [after] = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, row!.id));
    const newOnly = createSecretBox({ secret: newKey, purpose });
    expect(newOnly.open(after!.secretSealed)).toBe('whsec_current');
    expect(newOnly.open(after!.previousSecretSealed!)).toBe('whsec_previous');
  });
});
