import { createHash } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  AUTH_MESSAGES,
  V1_PATHS,
  apiKeyListResponseSchema,
  apiKeyRevokePath,
  apiKeysPath,
  revokeApiKeyResponseSchema,
} from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { callWithKey, createApiKey } from './support/api-keys';
import { DEMO } from './support/demo';
import { signedInClients, useTestApp } from './support/test-app';

const RATE_LIMIT = 5;
const t = useTestApp({
  env: { API_KEY_RATE_LIMIT: String(RATE_LIMIT), API_KEY_RATE_WINDOW_SECONDS: '3600' },
});
const as = signedInClients(t);
const KEY_FORMAT = /^fbk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/;

async function listKeys(email: string = DEMO.admin.email) {
  const res = await (await as(email)).get(apiKeysPath);
  expect(res.status, res.text).toBe(200);
  return apiKeyListResponseSchema.parse(res.body).data;
}

describe('API keys: who manages them', () => {
  it('lets only company admins list, create and revoke keys', async () => {
    const { apiKey } = await createApiKey(await as(DEMO.admin.email));
    for (const account of [DEMO.manager, DEMO.tech, DEMO.publisher, DEMO.publisherUser]) {
      const c = await as(account.email);
      const list = await c.get(apiKeysPath);
      expect(list.status, `${account.email} lists`).toBe(403);
      const create = await c.post(apiKeysPath, { name: 'Sneaky', scopes: ['interactions:read'] });
      expect(create.status, `${account.email} creates`).toBe(403);
      const revoke = await c.post(apiKeyRevokePath(apiKey.id));
      expect(revoke.status, `${account.email} revokes`).toBe(403);
    }
    const anonymous = await t.client().get(apiKeysPath);
    expect(anonymous.status).toBe(401);
    // Nothing any of them tried changed the admin's key.
    expect((await listKeys()).find((k) => k.id === apiKey.id)?.status).toBe('active');
  });

  it("keeps each company's keys to itself", async () => {
    const { apiKey } = await createApiKey(await as(DEMO.admin.email), undefined, 'Acme only');
    expect((await listKeys(DEMO.globex.email)).some((k) => k.id === apiKey.id)).toBe(false);
    const revoke = await (await as(DEMO.globex.email)).post(apiKeyRevokePath(apiKey.id));
    expect(revoke.status).toBe(404);
    expect((await listKeys()).find((k) => k.id === apiKey.id)?.status).toBe('active');
  });

  it('refuses a nameless or scopeless key with field messages and creates nothing', async () => {
    const admin = await as(DEMO.admin.email);
    const before = (await listKeys()).length;
    const cases: [unknown, string][] = [
      [{ name: '   ', scopes: ['interactions:read'] }, 'name'],
      [{ name: 'x'.repeat(API_KEY_LIMITS.nameMax + 1), scopes: ['interactions:read'] }, 'name'],
      [{ name: 'No scopes', scopes: [] }, 'scopes'],
      [{ name: 'Bad scope', scopes: ['interactions:write'] }, 'scopes.0'],
      [{ name: 'Missing scopes' }, 'scopes'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post(apiKeysPath, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect(res422Message(await admin.post(apiKeysPath, { name: 'No scopes', scopes: [] }))).toBe(
      API_KEY_MESSAGES.chooseScope,
    );
    expect((await listKeys()).length).toBe(before);
  });

  it(`allows at most ${API_KEY_LIMITS.activePerCompany} active keys per company`, async () => {
    const globex = await as(DEMO.globex.email);
    const active = (await listKeys(DEMO.globex.email)).filter((k) => k.status === 'active');
    for (let i = active.length; i < API_KEY_LIMITS.activePerCompany; i += 1) {
      await createApiKey(globex, ['interactions:read'], `Bulk ${i}`);
    }
    const refused = await globex.post(apiKeysPath, {
      name: 'One too many',
      scopes: ['bot_results:read'],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.name).toEqual([API_KEY_MESSAGES.tooMany]);
    // Revoking one frees a place.
    const [first] = await listKeys(DEMO.globex.email);
    expect((await globex.post(apiKeyRevokePath(first!.id))).status).toBe(200);
    await createApiKey(globex, ['bot_results:read'], 'After revoking');
  });
});

function res422Message(res: { status: number; body: { errors: Record<string, string[]> } }) {
  expect(res.status).toBe(422);
  return Object.values(res.body.errors)[0]?.[0];
}

describe('API keys: the key itself', () => {
  it('shows the key once and stores only its SHA-256', async () => {
    const admin = await as(DEMO.admin.email);
    const { key, apiKey } = await createApiKey(admin, ['bot_results:read', 'interactions:read']);
    expect(key).toMatch(KEY_FORMAT);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    // Listed in a fixed order, whatever order they were picked in.
    expect(apiKey).toMatchObject({
      scopes: ['interactions:read', 'bot_results:read'],
      status: 'active',
      last_used_at: null,
      revoked_at: null,
      created_by: expect.any(String),
    });
    const listing = await admin.get(apiKeysPath);
    expect(listing.text).not.toContain(key.slice(apiKey.prefix.length));

    const rows = await t.inspect((q) => q('select * from api_keys where id = $1', [apiKey.id]));
    expect(rows).toHaveLength(1);
    const secret = key.slice(apiKey.prefix.length + 1);
    const dump = JSON.stringify(rows[0]);
    expect(dump).not.toContain(secret);
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(key).digest('hex'));
    const audit = await t.inspect((q) =>
      q(`select event from audit_log where meta->>'api_key_id' = $1`, [apiKey.id]),
    );
    expect(audit.map((r) => r.event)).toEqual(['api_key.created']);
  });

  it('refuses a missing, malformed, unknown or tampered key with 401', async () => {
    const { key } = await createApiKey(await as(DEMO.admin.email));
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    const otherId = `fbk_${'0'.repeat(16)}${key.slice(20)}`;
    for (const sent of [null, 'not-a-key', tampered, otherId, key.toUpperCase()]) {
      const res = await callWithKey(t, sent, V1_PATHS.interactions);
      expect(res.status, String(sent)).toBe(401);
      expect(res.body.message).toBe(API_KEY_MESSAGES.invalidKey);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    const basic = await t.client().get(V1_PATHS.interactions, {
      headers: { authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
    expect((await callWithKey(t, key, V1_PATHS.interactions)).status).toBe(200);
  });

  it('does not accept a session cookie on /api/v1', async () => {
    const admin = await as(DEMO.admin.email);
    expect((await admin.get('/api/user/me')).status).toBe(200);
    const res = await admin.get(V1_PATHS.interactions);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(API_KEY_MESSAGES.invalidKey);
  });

  it('checks the scope of each route: 403 with the missing scope named', async () => {
    const admin = await as(DEMO.admin.email);
    const resultsOnly = await createApiKey(admin, ['bot_results:read']);
    const interactionsOnly = await createApiKey(admin, ['interactions:read']);
    const denied = await callWithKey(t, resultsOnly.key, V1_PATHS.interactions);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(API_KEY_MESSAGES.missingScope('interactions:read'));
    expect((await callWithKey(t, resultsOnly.key, V1_PATHS.botResults)).status).toBe(200);
    const noResults = await callWithKey(t, interactionsOnly.key, V1_PATHS.botResults);
    expect(noResults.status).toBe(403);
    expect(noResults.body.message).toBe(API_KEY_MESSAGES.missingScope('bot_results:read'));
    const list = await callWithKey(t, interactionsOnly.key, V1_PATHS.interactions);
    expect(list.status).toBe(200);
    const id = list.body.data[0].id as string;
    expect((await callWithKey(t, interactionsOnly.key, V1_PATHS.interaction(id))).status).toBe(200);
    expect(
      (await callWithKey(t, interactionsOnly.key, V1_PATHS.interactionBotResults(id))).status,
    ).toBe(403);
  });

  it("pauses a company's keys while it has a payment due", async () => {
    const { key } = await createApiKey(await as(DEMO.admin.email), ['interactions:read']);
    const setDue = (due: boolean) =>
      t.inspect((q) =>
        q(`update companies set is_payment_due = $1 where name = $2`, [due, DEMO.admin.company]),
      );
    await setDue(true);
    try {
      const paused = await callWithKey(t, key, V1_PATHS.interactions);
      expect(paused.status).toBe(403);
      expect(paused.body.message).toBe(API_KEY_MESSAGES.paymentDue);
    } finally {
      await setDue(false);
    }
    expect((await callWithKey(t, key, V1_PATHS.interactions)).status).toBe(200);
  });

  it('refuses a revoked key on its very next request', async () => {
    const admin = await as(DEMO.admin.email);
    const { key, apiKey } = await createApiKey(admin);
    expect((await callWithKey(t, key, V1_PATHS.interactions)).status).toBe(200);
    const revoked = await admin.post(apiKeyRevokePath(apiKey.id));
    expect(revoked.status, revoked.text).toBe(200);
    const body = revokeApiKeyResponseSchema.parse(revoked.body);
    expect(body.message).toBe(API_KEY_MESSAGES.revoked);
    expect(body.data).toMatchObject({ id: apiKey.id, status: 'revoked' });
    expect(body.data.revoked_at).not.toBeNull();

    const after = await callWithKey(t, key, V1_PATHS.interactions);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(API_KEY_MESSAGES.invalidKey);

    const again = await admin.post(apiKeyRevokePath(apiKey.id));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(API_KEY_MESSAGES.alreadyRevoked);
    expect((await listKeys()).find((k) => k.id === apiKey.id)?.status).toBe('revoked');
    const unknown = await admin.post(apiKeyRevokePath('00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(AUTH_MESSAGES.notFound);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const { key, apiKey } = await createApiKey(await as(DEMO.admin.email));
    const lastUsed = async () => (await listKeys()).find((k) => k.id === apiKey.id)!.last_used_at;
    expect(await lastUsed()).toBeNull();
    expect((await callWithKey(t, key, V1_PATHS.interactions)).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect((await callWithKey(t, key, V1_PATHS.interactions)).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    // Two minutes later (moved back rather than waited for), the next request writes again.
    await t.inspect((q) =>
      q(`update api_keys set last_used_at = last_used_at - interval '2 minutes' where id = $1`, [
        apiKey.id,
      ]),
    );
    const moved = await lastUsed();
    expect((await callWithKey(t, key, V1_PATHS.interactions)).status).toBe(200);
    const latest = await lastUsed();
    expect(Date.parse(latest!)).toBeGreaterThan(Date.parse(moved!));
  });
});

describe('API keys: rate limit per key', () => {
  it(`answers 429 with Retry-After after ${RATE_LIMIT} requests in a window`, async () => {
    const admin = await as(DEMO.admin.email);
    const busy = await createApiKey(admin, ['interactions:read']);
    const quiet = await createApiKey(admin, ['interactions:read']);
    for (let i = 1; i <= RATE_LIMIT; i += 1) {
      const res = await callWithKey(t, busy.key, V1_PATHS.interactions, { limit: '1' });
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(RATE_LIMIT));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(RATE_LIMIT - i));
    }
    const limited = await callWithKey(t, busy.key, V1_PATHS.interactions);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.body.message).toBe(API_KEY_MESSAGES.tooManyRequests(retryAfter));
    // Another key of the same company has its own allowance.
    expect((await callWithKey(t, quiet.key, V1_PATHS.interactions)).status).toBe(200);
    // A new window (moved back rather than waited for) starts the count again.
    await t.inspect((q) =>
      q(
        `update api_key_rate_windows set window_start = window_start - interval '2 hours' where key_id = $1`,
        [busy.apiKey.id],
      ),
    );
    expect((await callWithKey(t, busy.key, V1_PATHS.interactions)).status).toBe(200);
  });
});
