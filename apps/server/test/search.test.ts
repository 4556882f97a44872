import { randomUUID } from 'node:crypto';
import {
  LIST_COUNT_CAP,
  MESSAGES,
  PAGE_SIZE,
  SEARCH_MESSAGES,
  searchFiltersPath,
  searchFiltersResponseSchema,
  searchPath,
  searchResponseSchema,
  type SearchHit,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/demo';
import type { SqlQuery } from './support/test-app';
import { HOOK_TIMEOUT_MS, signedInClients, useTestApp } from './support/test-app';

/**
 * Search every conversation: interactions of Acme and Globex that hold a made-up word (consonants
 * only, so the English stemmer keeps it whole) besides the seed's, each with transcript lines.
 */
const t = useTestApp();
const as = signedInClients(t);

const letters = 'bcdfghjklmnpqrtvwxz';
const madeUp = () =>
  Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
const WORD = madeUp();
const BULK = madeUp();
const TAG = 'Plan offered';

const ids: Record<string, string> = {};
const users: Record<string, string> = {};
let botId: string;

async function userId(q: SqlQuery, email: string) {
  const [row] = await q(`SELECT id FROM users WHERE email = $1`, [email]);
  return String(row!.id);
}

async function insertInteraction(
  q: SqlQuery,
  spec: {
    company: string;
    type: 'field-recording' | 'csr-call';
    callType?: 'Booked' | 'Unbooked';
    recordedBy?: string;
    startedAt: string;
    lines: string[];
  },
): Promise<string> {
  const [customer] = await q(`SELECT id FROM customers WHERE company_id = $1 ORDER BY id LIMIT 1`, [
    spec.company,
  ]);
  const [row] = await q(
    `INSERT INTO interactions (company_id, customer_id, number, type, call_type, status,
       recorded_by_id, agent_name, started_at, duration_seconds, transcript_status, transcript_text)
     VALUES ($1, $2, $3, $4, $5, 'completed', $6, $7, $8, 60, 'completed', $9) RETURNING id`,
    [
      spec.company,
      customer!.id,
      `S-${randomUUID().slice(0, 8)}`,
      spec.type,
      spec.callType ?? null,
      spec.recordedBy ?? null,
      spec.type === 'csr-call' ? 'Dana Agent' : null,
      spec.startedAt,
      spec.lines.join(' '),
    ],
  );
  for (const [position, text] of spec.lines.entries()) {
    await q(
      `INSERT INTO transcript_segments (interaction_id, position, start_seconds, end_seconds,
         speaker, text) VALUES ($1, $2, $3, $4, $5, $6)`,
      [row!.id, position, position * 10 + 0.5, position * 10 + 9, position % 2 ? 'B' : 'A', text],
    );
  }
  return String(row!.id);
}

/** A successful result of the bot on the interaction with the tag's finding (null: nothing). */
async function insertResult(
  q: SqlQuery,
  company: string,
  interaction: string,
  data: string | null,
) {
  const [version] = await q(
    `SELECT version_id FROM company_bots WHERE company_id = $1 AND bot_id = $2`,
    [company, botId],
  );
  const [run] = await q(
    `INSERT INTO bot_runs (company_id, target_type, interaction_id, run_type, status)
     VALUES ($1, 'field-recording', $2, 'automatic', 'success') RETURNING id`,
    [company, interaction],
  );
  await q(
    `INSERT INTO bot_results (run_id, company_id, bot_id, version_id, status, output_tags,
       finished_at) VALUES ($1, $2, $3, $4, 'success', $5, now())`,
    [
      run!.id,
      company,
      botId,
      version!.version_id,
      JSON.stringify([{ id: 0, label: TAG, data, description: '' }]),
    ],
  );
}

beforeAll(async () => {
  await t.inspect(async (q) => {
    const [acme] = await q(`SELECT id FROM companies WHERE name = 'Acme Home Services'`);
    const [globex] = await q(`SELECT id FROM companies WHERE name = 'Globex Plumbing'`);
    ids.acme = String(acme!.id);
    ids.globex = String(globex!.id);
    // Days are the company's: Acme works on Chicago time (UTC-5 in June).
    await q(
      `UPDATE companies SET timezone_id = (SELECT id FROM timezones
         WHERE iana = 'America/Chicago' ORDER BY id LIMIT 1) WHERE id = $1`,
      [ids.acme],
    );
    users.tech = await userId(q, DEMO.tech.email);
    users.tech2 = await userId(q, DEMO.acmeTech2.email);
    const [bot] = await q(
      `SELECT bot_id FROM company_bots WHERE company_id = $1 ORDER BY bot_id LIMIT 1`,
      [ids.acme],
    );
    botId = String(bot!.bot_id);

    ids.visit = await insertInteraction(q, {
      company: ids.acme,
      type: 'field-recording',
      recordedBy: users.tech,
      startedAt: '2026-06-10T15:00:00Z',
      lines: ['Hello there.', `Your ${WORD} furnace needs a filter.`, `The ${WORD} is fine.`],
    });
    ids.call = await insertInteraction(q, {
      company: ids.acme,
      type: 'csr-call',
      callType: 'Unbooked',
      startedAt: '2026-06-09T12:00:00Z',
      lines: [`Calling about the furnace ${WORD}.`, 'Thanks, bye.'],
    });
    // 22:30 on June 9 in Chicago.
    ids.colleague = await insertInteraction(q, {
      company: ids.acme,
      type: 'field-recording',
      recordedBy: users.tech2,
      startedAt: '2026-06-10T03:30:00Z',
      lines: [`A ${WORD} here`, 'and a furnace there.'],
    });
    ids.globexVisit = await insertInteraction(q, {
      company: ids.globex,
      type: 'field-recording',
      startedAt: '2026-06-10T15:00:00Z',
      lines: [`Globex ${WORD} furnace.`],
    });
    await insertResult(q, ids.acme, ids.visit, 'Yes, the maintenance plan');
    await insertResult(q, ids.acme, ids.colleague, null);

    // More matches than the count's cap, in one statement.
    const [customer] = await q(`SELECT id FROM customers WHERE company_id = $1 LIMIT 1`, [
      ids.acme,
    ]);
    await q(
      `INSERT INTO interactions (company_id, customer_id, number, type, status, started_at,
         transcript_status, transcript_text)
       SELECT $1, $2, 'B-' || n, 'field-recording', 'completed',
         '2025-01-01'::timestamptz + n * interval '1 minute', 'completed', $3
       FROM generate_series(1, $4::int) n`,
      [ids.acme, customer!.id, `a ${BULK} visit`, LIST_COUNT_CAP + PAGE_SIZE + 2],
    );
  });
}, HOOK_TIMEOUT_MS);

async function search(email: string, query: string) {
  const res = await (await as(email)).get(`${searchPath}?${query}`);
  expect(res.status, res.text).toBe(200);
  return searchResponseSchema.parse(res.body).data;
}
const idsOf = (items: SearchHit[]) => items.map((item) => item.id);

describe('who may search', () => {
  it('refuses publishers and asks anonymous callers to log in', async () => {
    for (const email of [DEMO.publisher.email, DEMO.publisherUser.email]) {
      for (const path of [`${searchPath}?q=${WORD}`, searchFiltersPath]) {
        expect((await (await as(email)).get(path)).status, path).toBe(403);
      }
    }
    expect((await t.client().get(`${searchPath}?q=${WORD}`)).status).toBe(401);
  });

  it("never shows another company's conversations", async () => {
    const acme = await search(DEMO.admin.email, `q=${WORD}`);
    expect(idsOf(acme.items)).toEqual([ids.visit, ids.colleague, ids.call]);
    expect(acme).toMatchObject({ count: 3, count_capped: false });
    const globex = await search(DEMO.globex.email, `q=${WORD}`);
    expect(idsOf(globex.items)).toEqual([ids.globexVisit]);
  });

  it("shows a technician only their own interactions, never a colleague's", async () => {
    expect(idsOf((await search(DEMO.tech.email, `q=${WORD}`)).items)).toEqual([ids.visit]);
    expect(idsOf((await search(DEMO.acmeTech2.email, `q=${WORD}`)).items)).toEqual([ids.colleague]);
    // Their own filter cannot widen it.
    const widened = await search(DEMO.tech.email, `q=${WORD}&technician_id=${users.tech2}`);
    expect(widened.items).toEqual([]);
  });
});

describe('words, phrases and matching lines', () => {
  it('answers each hit with its first matching lines, the words marked', async () => {
    const { items } = await search(DEMO.manager.email, `q=${WORD}`);
    const visit = items.find((item) => item.id === ids.visit)!;
    expect(visit).toMatchObject({
      type: 'field-recording',
      recording_by: expect.any(String),
      started_at: '2026-06-10T15:00:00.000Z',
      more_lines: 0,
    });
    expect(visit.lines.map((line) => [line.position, line.start_seconds])).toEqual([
      [1, 10.5],
      [2, 20.5],
    ]);
    expect(visit.lines[0]!.fragments).toEqual([
      { text: 'Your ', match: false },
      { text: WORD, match: true },
      { text: ' furnace needs a filter.', match: false },
    ]);
    const call = items.find((item) => item.id === ids.call)!;
    expect(call).toMatchObject({ call_type: 'Unbooked', recording_by: 'Dana Agent' });
  });

  it('matches an exact phrase only where its words are side by side', async () => {
    const { items } = await search(
      DEMO.admin.email,
      `q=${encodeURIComponent(`"${WORD} furnace"`)}`,
    );
    expect(idsOf(items)).toEqual([ids.visit]);
    expect(items[0]!.lines.map((line) => line.position)).toEqual([1]);
  });

  it('falls back to the lines holding any of the words when they are on different lines', async () => {
    const { items } = await search(DEMO.admin.email, `q=${WORD}+furnace`);
    const colleague = items.find((item) => item.id === ids.colleague)!;
    expect(colleague.lines.map((line) => line.position)).toEqual([0, 1]);
    expect(colleague.lines[1]!.fragments).toContainEqual({ text: 'furnace', match: true });
  });

  it('excludes a word with a minus', async () => {
    const { items } = await search(DEMO.admin.email, `q=${WORD}+-filter`);
    expect(idsOf(items)).toEqual([ids.colleague, ids.call]);
  });
});

describe('filters', () => {
  it('filters by interaction type, call type and technician', async () => {
    const calls = await search(DEMO.admin.email, `q=${WORD}&type=csr-call`);
    expect(idsOf(calls.items)).toEqual([ids.call]);
    const booked = await search(DEMO.admin.email, `q=${WORD}&call_type=Booked`);
    expect(booked.items).toEqual([]);
    const tech2 = await search(DEMO.admin.email, `q=${WORD}&technician_id=${users.tech2}`);
    expect(idsOf(tech2.items)).toEqual([ids.colleague]);
  });

  it("reads dates as the company's days, both ends included", async () => {
    const june10 = await search(DEMO.admin.email, `q=${WORD}&from=2026-06-10&to=2026-06-10`);
    expect(idsOf(june10.items)).toEqual([ids.visit]);
    const june9 = await search(DEMO.admin.email, `q=${WORD}&to=2026-06-09`);
    expect(idsOf(june9.items)).toEqual([ids.colleague, ids.call]);
  });

  it("filters by what a bot's latest result found for a tag, or did not", async () => {
    const found = await search(DEMO.admin.email, `q=${WORD}&bot_id=${botId}&tag=${TAG}`);
    expect(idsOf(found.items)).toEqual([ids.visit]);
    const notFound = await search(
      DEMO.admin.email,
      `q=${WORD}&bot_id=${botId}&tag=${TAG}&tag_state=not-found`,
    );
    // The call has no result of the bot: it is in neither list.
    expect(idsOf(notFound.items)).toEqual([ids.colleague]);
    const anyTag = await search(DEMO.admin.email, `q=${WORD}&bot_id=${botId}`);
    expect(idsOf(anyTag.items)).toEqual([ids.visit]);
  });

  it('offers the technicians to an admin, not to a technician, and the bots with their tags', async () => {
    const admin = searchFiltersResponseSchema.parse(
      (await (await as(DEMO.admin.email)).get(searchFiltersPath)).body,
    ).data;
    expect(admin.technicians.map((tech) => tech.id)).toEqual(
      expect.arrayContaining([users.tech, users.tech2]),
    );
    expect(admin.bots.map((bot) => bot.id)).toContain(botId);
    expect(admin.bots.every((bot) => bot.tags.length > 0)).toBe(true);
    const tech = searchFiltersResponseSchema.parse(
      (await (await as(DEMO.tech.email)).get(searchFiltersPath)).body,
    ).data;
    expect(tech.technicians).toEqual([]);
  });
});

describe('counts and bad input', () => {
  it("counts up to the cap past the page and says '1,000+' beyond it", async () => {
    const first = await search(DEMO.admin.email, `q=${BULK}`);
    expect(first).toMatchObject({ count: LIST_COUNT_CAP, count_capped: true });
    expect(first.items).toHaveLength(PAGE_SIZE);
    // Newest first.
    const times = first.items.map((item) => item.started_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await search(DEMO.admin.email, `q=${BULK}&page=2`);
    expect(second).toMatchObject({ count: LIST_COUNT_CAP + PAGE_SIZE, count_capped: true });
    const last = await search(DEMO.admin.email, `q=${BULK}&page=102`);
    expect(last).toMatchObject({ count: LIST_COUNT_CAP + PAGE_SIZE + 2, count_capped: false });
    expect(last.items).toHaveLength(2);
  });

  it('answers 422 with field messages and changes nothing', async () => {
    const admin = await as(DEMO.admin.email);
    const missing = await admin.get(searchPath);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ q: [SEARCH_MESSAGES.textRequired] });
    const dates = await admin.get(`${searchPath}?q=x&from=2026-06-10&to=2026-06-09`);
    expect(dates.body.errors).toEqual({ to: [SEARCH_MESSAGES.dateOrder] });
    const bad = await admin.get(`${searchPath}?q=x&bot_id=nope&from=June`);
    expect(bad.body.errors).toEqual({
      bot_id: [MESSAGES.selectValidValue],
      from: [MESSAGES.invalidValue],
    });
  });

  it('finds nothing, without an error, for stop words and punctuation alone', async () => {
    for (const q of ['the', '"', '-', 'or', '!!!']) {
      const data = await search(DEMO.admin.email, `q=${encodeURIComponent(q)}`);
      expect(data, q).toEqual({ items: [], count: 0, count_capped: false });
    }
  });
});
