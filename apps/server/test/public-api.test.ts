import {
  AUTH_MESSAGES,
  MESSAGES,
  V1_PATHS,
  v1BotResultListResponseSchema,
  v1InteractionBotResultsResponseSchema,
  v1InteractionListResponseSchema,
  v1InteractionResponseSchema,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callWithKey, createApiKey } from './support/api-keys';
import { DEMO } from './support/demo';
import { signedInClients, useTestApp } from './support/test-app';

const t = useTestApp();
const as = signedInClients(t);
const keys = { acme: '', globex: '' };
const companyIds = { acme: '', globex: '' };

beforeAll(async () => {
  keys.acme = (await createApiKey(await as(DEMO.admin.email))).key;
  keys.globex = (await createApiKey(await as(DEMO.globex.email))).key;
  const rows = await t.inspect((q) =>
    q(`select id, name from companies where name in ($1, $2)`, [
      DEMO.admin.company,
      DEMO.globex.company,
    ]),
  );
  companyIds.acme = rows.find((r) => r.name === DEMO.admin.company)!.id as string;
  companyIds.globex = rows.find((r) => r.name === DEMO.globex.company)!.id as string;
});

/** Every interaction of the key's company, page by page. */
async function allInteractions(key: string, query: Record<string, string> = {}) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await callWithKey(t, key, V1_PATHS.interactions, {
      ...query,
      ...(cursor ? { cursor } : {}),
    });
    expect(res.status, res.text).toBe(200);
    const page = v1InteractionListResponseSchema.parse(res.body);
    ids.push(...page.data.map((i) => i.id));
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor && pages < 500);
  return { ids, pages };
}

async function interactionIdsOf(companyId: string, where = 'true', params: unknown[] = []) {
  const rows = await t.inspect((q) =>
    q(
      `select id from interactions where company_id = $1 and ${where} order by started_at desc, id desc`,
      [companyId, ...params],
    ),
  );
  return rows.map((r) => r.id as string);
}

describe('GET /api/v1/interactions', () => {
  it("pages through exactly the key's company's interactions, newest first", async () => {
    for (const company of ['acme', 'globex'] as const) {
      const expected = await interactionIdsOf(companyIds[company]);
      expect(expected.length).toBeGreaterThan(3);
      const { ids, pages } = await allInteractions(keys[company], { limit: '3' });
      expect(ids).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / 3));
    }
  });

  it('answers the shared list shape with the customer and update time', async () => {
    const res = await callWithKey(t, keys.acme, V1_PATHS.interactions, { limit: '1' });
    const [item] = v1InteractionListResponseSchema.parse(res.body).data;
    expect(Object.keys(item!).sort()).toEqual(
      [
        'id',
        'interaction_id',
        'type',
        'call_type',
        'status',
        'download_status',
        'recording_by',
        'created_at',
        'duration',
        'job_id',
        'customer',
        'transcript_status',
        'updated_at',
      ].sort(),
    );
  });

  it('filters by type and by update time', async () => {
    const calls = await interactionIdsOf(companyIds.acme, `type = 'csr-call'`);
    expect((await allInteractions(keys.acme, { type: 'csr-call', limit: '100' })).ids).toEqual(
      calls,
    );
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await allInteractions(keys.acme, { updated_since: future })).ids).toEqual([]);
    const [newest] = await t.inspect((q) =>
      q(`select max(updated_at) as at from interactions where company_id = $1`, [companyIds.acme]),
    );
    const since = new Date(newest!.at as string).toISOString();
    const recent = await interactionIdsOf(companyIds.acme, `updated_at >= $2`, [since]);
    expect(recent.length).toBeGreaterThan(0);
    expect((await allInteractions(keys.acme, { updated_since: since })).ids).toEqual(recent);
  });

  it('refuses bad parameters with field messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ type: 'email' }, 'type'],
      [{ updated_since: 'yesterday' }, 'updated_since'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: Buffer.from('["2026-01-01", "x"]').toString('base64url') }, 'cursor'],
    ];
    for (const [query, field] of cases) {
      const res = await callWithKey(t, keys.acme, V1_PATHS.interactions, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(query)).toBeDefined();
    }
    const res = await callWithKey(t, keys.acme, V1_PATHS.interactions, { cursor: 'nope' });
    expect(res.body.errors.cursor).toEqual([MESSAGES.invalidValue]);
  });
});

describe('GET /api/v1/interactions/{id}', () => {
  it('gives the interaction with its transcript segments, no app-only links', async () => {
    const [withSegments] = await t.inspect((q) =>
      q(
        `select i.id, count(s.id)::int as n from interactions i join transcript_segments s on s.interaction_id = i.id
         where i.company_id = $1 group by i.id order by i.id limit 1`,
        [companyIds.acme],
      ),
    );
    const res = await callWithKey(t, keys.acme, V1_PATHS.interaction(withSegments!.id as string));
    expect(res.status, res.text).toBe(200);
    const { data } = v1InteractionResponseSchema.parse(res.body);
    expect(data.id).toBe(withSegments!.id);
    expect(data.transcript_segments).toHaveLength(withSegments!.n as number);
    expect(res.body.data).not.toHaveProperty('audio_url');
    expect(res.body.data).not.toHaveProperty('transcript_url');
  });

  it("reads another company's interaction as absent", async () => {
    const [globexId] = await interactionIdsOf(companyIds.globex);
    const res = await callWithKey(t, keys.acme, V1_PATHS.interaction(globexId!));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(AUTH_MESSAGES.notFound);
    const results = await callWithKey(t, keys.acme, V1_PATHS.interactionBotResults(globexId!));
    expect(results.status).toBe(404);
    expect((await callWithKey(t, keys.globex, V1_PATHS.interaction(globexId!))).status).toBe(200);
    const bad = await callWithKey(t, keys.acme, V1_PATHS.interaction('not-a-uuid'));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.id).toEqual([MESSAGES.invalidValue]);
  });
});

describe('bot results', () => {
  it("lists finished results of the key's company only, most recently finished first", async () => {
    for (const company of ['acme', 'globex'] as const) {
      const expected = await t.inspect((q) =>
        q(
          `select id from bot_results where company_id = $1 and finished_at is not null
           order by finished_at desc, id desc`,
          [companyIds[company]],
        ),
      );
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await callWithKey(t, keys[company], V1_PATHS.botResults, {
          limit: '7',
          ...(cursor ? { cursor } : {}),
        });
        expect(res.status, res.text).toBe(200);
        const page = v1BotResultListResponseSchema.parse(res.body);
        ids.push(...page.data.map((r) => r.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(ids).toEqual(expected.map((r) => r.id));
    }
  });

  it("gives an interaction's latest result per bot, with tags and evidence", async () => {
    const [row] = await t.inspect((q) =>
      q(
        `select r.interaction_id as id, count(distinct b.bot_id)::int as bots
         from bot_runs r join bot_results b on b.run_id = r.id
         where r.company_id = $1 and r.interaction_id is not null and b.status = 'success'
         group by r.interaction_id order by r.interaction_id limit 1`,
        [companyIds.acme],
      ),
    );
    expect(row, 'the demo seed has bot results').toBeDefined();
    const res = await callWithKey(t, keys.acme, V1_PATHS.interactionBotResults(row!.id as string));
    expect(res.status, res.text).toBe(200);
    const { data } = v1InteractionBotResultsResponseSchema.parse(res.body);
    expect(data).toHaveLength(row!.bots as number);
    expect(data.every((r) => r.interaction_id === row!.id)).toBe(true);
    const success = data.find((r) => r.status === 'success')!;
    expect(success.output_tags?.length).toBeGreaterThan(0);
    expect(Array.isArray(success.response_tags)).toBe(true);
    // The same result in the feed, filtered by interaction.
    const feed = await callWithKey(t, keys.acme, V1_PATHS.botResults, {
      interaction_id: row!.id as string,
      limit: '100',
    });
    const feedIds = v1BotResultListResponseSchema.parse(feed.body).data.map((r) => r.id);
    expect(feedIds).toContain(success.id);
  });
});
