import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_MESSAGES,
  WEBHOOKS_API_PATH,
  webhookApiPath,
  webhookDeliveriesResponseSchema,
  webhookEndpointListResponseSchema,
  webhookEndpointResponseSchema,
  webhookPayloadSchema,
  webhookSecretResponseSchema,
} from '@fieldbot/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { HOOK_TIMEOUT_MS, signedInClients, useTestApp } from './support/test-app';

/**
 * Settings → Webhooks over the real app: who may manage endpoints, the URL checks, and real
 * deliveries (pg-boss delivery jobs) to a local receiver, verified with the official
 * `standardwebhooks` package rather than our own signing code.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver: records each request and answers with `status`. */
class Receiver {
  readonly requests: Received[] = [];
  status = 200;
  private server: Server | undefined;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = this.status;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Polls (short interval, bounded) until `count` requests arrived. */
  async waitFor(count: number, timeoutMs = 20_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} webhook requests`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return this.requests;
  }
}

const headerRecord = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  );

const t = useTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
const as = signedInClients(t);
const receiver = new Receiver();

beforeAll(() => receiver.start(), HOOK_TIMEOUT_MS);
afterAll(() => receiver.stop());

/** The endpoint's delivery log once it has `count` rows (the worker writes it after the POST). */
async function deliveryLog(client: ApiClient, endpointId: string, count = 1) {
  const read = async () =>
    webhookDeliveriesResponseSchema.parse(
      (await client.get(webhookApiPath(endpointId, 'deliveries'))).body,
    );
  await expect
    .poll(async () => (await read()).data.length, { timeout: 20_000, interval: 100 })
    .toBeGreaterThanOrEqual(count);
  return read();
}

async function createEndpoint(client: ApiClient, url = receiver.url) {
  const res = await client.post(WEBHOOKS_API_PATH, {
    url,
    description: 'Test receiver',
    event_types: ['bot_result.completed', 'interaction.completed'],
  });
  expect(res.status, res.text).toBe(200);
  return webhookEndpointResponseSchema.parse(res.body).data;
}

describe('who manages webhooks', () => {
  let acmeEndpointId: string;

  beforeAll(async () => {
    acmeEndpointId = (await createEndpoint(await as(DEMO.admin.email))).id;
  }, HOOK_TIMEOUT_MS);

  const routes = (id: string) =>
    [
      ['GET', WEBHOOKS_API_PATH, undefined],
      ['POST', WEBHOOKS_API_PATH, { url: receiver.url, event_types: ['alert.fired'] }],
      ['PUT', webhookApiPath(id), { url: receiver.url, event_types: ['alert.fired'] }],
      ['DELETE', webhookApiPath(id), undefined],
      ['PUT', webhookApiPath(id, 'status'), { enabled: false }],
      ['GET', webhookApiPath(id, 'secret'), undefined],
      ['POST', webhookApiPath(id, 'rotate-secret'), undefined],
      ['POST', webhookApiPath(id, 'test'), undefined],
      ['GET', webhookApiPath(id, 'deliveries'), undefined],
    ] as const;

  it('refuses every route to anonymous visitors, managers, technicians and publishers', async () => {
    const anonymous = t.client();
    for (const [method, path, body] of routes(acmeEndpointId)) {
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    for (const email of [DEMO.manager.email, DEMO.tech.email, DEMO.publisher.email]) {
      const client = await as(email);
      for (const [method, path, body] of routes(acmeEndpointId)) {
        const res = await client.request(method, path, body);
        expect(res.status, `${email} ${method} ${path}`).toBe(403);
      }
    }
  });

  it("never shows or changes another company's endpoint", async () => {
    const globex = await as(DEMO.globex.email);
    const list = webhookEndpointListResponseSchema.parse(
      (await globex.get(WEBHOOKS_API_PATH)).body,
    );
    expect(list.data.map((e) => e.id)).not.toContain(acmeEndpointId);
    for (const [method, path, body] of routes(acmeEndpointId).slice(2)) {
      const res = await globex.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe(WEBHOOK_MESSAGES.notFound);
    }
    // Still there, unchanged, for its own company.
    const acme = webhookEndpointListResponseSchema.parse(
      (await (await as(DEMO.admin.email)).get(WEBHOOKS_API_PATH)).body,
    );
    expect(acme.data.find((e) => e.id === acmeEndpointId)?.status).toBe('enabled');
  });

  it('lets the admin edit, disable, enable and delete an endpoint', async () => {
    const admin = await as(DEMO.admin.email);
    const edited = await admin.put(webhookApiPath(acmeEndpointId), {
      url: receiver.url,
      description: 'Renamed',
      event_types: ['alert.fired', 'alert.fired'],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({
      description: 'Renamed',
      event_types: ['alert.fired'],
    });
    const off = await admin.put(webhookApiPath(acmeEndpointId, 'status'), { enabled: false });
    expect(off.body.data.status).toBe('disabled');
    const on = await admin.put(webhookApiPath(acmeEndpointId, 'status'), { enabled: true });
    expect(on.body.data.status).toBe('enabled');
    expect((await admin.request('DELETE', webhookApiPath(acmeEndpointId))).status).toBe(200);
    const list = webhookEndpointListResponseSchema.parse((await admin.get(WEBHOOKS_API_PATH)).body);
    expect(list.data.map((e) => e.id)).not.toContain(acmeEndpointId);
  });
});

describe('refused URLs', () => {
  it.each([
    ['http://10.1.2.3/hook', WEBHOOK_MESSAGES.urlRefused],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.urlRefused],
    ['https://[::1]/hook', WEBHOOK_MESSAGES.urlRefused],
    ['https://127.0.0.2/hook', WEBHOOK_MESSAGES.urlRefused],
    ['https://[::ffff:192.168.0.1]/hook', WEBHOOK_MESSAGES.urlRefused],
    ['http://8.8.8.8/hook', WEBHOOK_MESSAGES.urlHttpsRequired],
    ['https://user:pw@8.8.8.8/hook', WEBHOOK_MESSAGES.urlCredentials],
    ['ftp://8.8.8.8/hook', WEBHOOK_MESSAGES.urlInvalid],
  ])('%s is a 422 on the url field and creates nothing', async (url, message) => {
    const admin = await as(DEMO.admin.email);
    const before = (await admin.get(WEBHOOKS_API_PATH)).body.data.length;
    const res = await admin.post(WEBHOOKS_API_PATH, { url, event_types: ['alert.fired'] });
    expect(res.status).toBe(422);
    expect(res.body.errors.url).toEqual([message]);
    expect((await admin.get(WEBHOOKS_API_PATH)).body.data.length).toBe(before);
  });

  it('needs at least one event', async () => {
    const admin = await as(DEMO.admin.email);
    const res = await admin.post(WEBHOOKS_API_PATH, { url: receiver.url, event_types: [] });
    expect(res.status).toBe(422);
    expect(res.body.errors.event_types).toEqual([WEBHOOK_MESSAGES.eventsRequired]);
  });

  it('refuses to move an endpoint to a private address', async () => {
    const admin = await as(DEMO.admin.email);
    const endpoint = await createEndpoint(admin);
    const res = await admin.put(webhookApiPath(endpoint.id), {
      url: 'http://192.168.1.10/',
      event_types: ['alert.fired'],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.url).toEqual([WEBHOOK_MESSAGES.urlRefused]);
    const list = webhookEndpointListResponseSchema.parse((await admin.get(WEBHOOKS_API_PATH)).body);
    expect(list.data.find((e) => e.id === endpoint.id)?.url).toBe(receiver.url);
  });
});

describe('Send test and signatures', () => {
  it('delivers a signed test event that standardwebhooks verifies, and logs it', async () => {
    const admin = await as(DEMO.admin.email);
    const endpoint = await createEndpoint(admin);
    const secretRes = await admin.get(webhookApiPath(endpoint.id, 'secret'));
    expect(secretRes.headers['cache-control']).toBe('no-store');
    const { secret } = webhookSecretResponseSchema.parse(secretRes.body).data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const already = receiver.requests.length;
    const sent = await admin.post(webhookApiPath(endpoint.id, 'test'));
    expect(sent.status, sent.text).toBe(200);
    const [request] = (await receiver.waitFor(already + 1)).slice(already);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/^Fieldbot-Webhooks\//);
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const verified = new Webhook(secret).verify(request!.body, headerRecord(request!.headers));
    const payload = webhookPayloadSchema.parse(verified);
    expect(payload).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    // Another secret does not verify it.
    const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(() =>
      new Webhook(other).verify(request!.body, headerRecord(request!.headers)),
    ).toThrow();

    // The log shows the attempt once the worker has recorded it.
    const log = await deliveryLog(admin, endpoint.id);
    expect(log.meta).toEqual({ page: 1, per_page: WEBHOOK_DELIVERIES_PAGE_SIZE, total: 1 });
    expect(log.data[0]).toMatchObject({
      message_id: request!.headers['webhook-id'],
      event_type: 'webhook.test',
      attempt: 1,
      status: 'delivered',
      response_code: 200,
      error: null,
    });
    const list = webhookEndpointListResponseSchema.parse((await admin.get(WEBHOOKS_API_PATH)).body);
    expect(list.data.find((e) => e.id === endpoint.id)?.last_delivery?.status).toBe('delivered');
  });

  it('signs with the new and the previous secret for a day after a rotation', async () => {
    const admin = await as(DEMO.admin.email);
    const endpoint = await createEndpoint(admin);
    const old = webhookSecretResponseSchema.parse(
      (await admin.get(webhookApiPath(endpoint.id, 'secret'))).body,
    ).data.secret;
    const rotated = await admin.post(webhookApiPath(endpoint.id, 'rotate-secret'));
    expect(rotated.status).toBe(200);
    const fresh = webhookSecretResponseSchema.parse(rotated.body).data;
    expect(fresh.secret).not.toBe(old);
    const expires = Date.parse(fresh.previous_secret_expires_at!);
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const already = receiver.requests.length;
    await admin.post(webhookApiPath(endpoint.id, 'test'));
    const [request] = (await receiver.waitFor(already + 1)).slice(already);
    const headers = headerRecord(request!.headers);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    // A receiver still on the old secret and one already on the new both verify it.
    expect(() => new Webhook(old).verify(request!.body, headers)).not.toThrow();
    expect(() => new Webhook(fresh.secret).verify(request!.body, headers)).not.toThrow();

    // The audit log says who saw and rotated the secret, and never holds it.
    const audit = await t.inspect((q) =>
      q(`SELECT event, meta FROM audit_log WHERE meta->>'endpoint_id' = $1 ORDER BY at`, [
        endpoint.id,
      ]),
    );
    expect(audit.map((row) => row.event)).toEqual([
      'webhook.created',
      'webhook.secret_revealed',
      'webhook.secret_rotated',
      'webhook.test_sent',
    ]);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('logs a failed test with the response code and does not retry it', async () => {
    const admin = await as(DEMO.admin.email);
    const endpoint = await createEndpoint(admin);
    receiver.status = 500;
    try {
      const already = receiver.requests.length;
      await admin.post(webhookApiPath(endpoint.id, 'test'));
      await receiver.waitFor(already + 1);
      const log = await deliveryLog(admin, endpoint.id);
      expect(log.data).toEqual([
        expect.objectContaining({ status: 'failed', response_code: 500, attempt: 1 }),
      ]);
      // A failing test never disables the endpoint.
      const list = webhookEndpointListResponseSchema.parse(
        (await admin.get(WEBHOOKS_API_PATH)).body,
      );
      expect(list.data.find((e) => e.id === endpoint.id)?.status).toBe('enabled');
    } finally {
      receiver.status = 200;
    }
  });
});
