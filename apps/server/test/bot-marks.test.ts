import { randomUUID } from 'node:crypto';
import {
  BOT_MARK_MESSAGES,
  BOT_RUN_MESSAGES,
  botDetailResponseSchema,
  botResultResponseSchema,
  joinSegments,
  missedMarkItemPath,
  missedMarkPath,
  missedMarkResponseSchema,
  publishBotPath,
  publishComparisonResponseSchema,
  publishDropResponseSchema,
  publishPreviewPath,
  publisherBotPath,
  userResponseSchema,
  type BotInput,
  MESSAGES,
  type BotResultItem,
  type OutputTagDefinition,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineResult } from '../src/providers/bot-engine';
import { insertBots, type InsertedBot } from './support/bots';
import { useBotTestApp } from './support/bot-test-app';
import { DEMO } from './support/demo';
import { insertInteractionFixtures, type Fixtures } from './support/interaction-fixtures';
import { waitFor } from './support/recordings';
import { SLOW_TEST_TIMEOUT_MS, type SqlQuery } from './support/test-app';

const { fake, t, fx, as } = useBotTestApp({});

/**
 * Two companies run one Northwind bot over the same visit: company A shares its reviewers' marks
 * with publishers, company B does not. The bot's version 1 has a real rule, so the publish
 * comparison runs the rules engine on what the reviewers marked.
 */
const BOT = 'Leak Finder';
const SEGMENTS = [
  { start: 0, end: 3, speaker: 'Technician', text: 'Good morning, I am Tom from Acme Heating.' },
  {
    start: 3,
    end: 8,
    speaker: 'Customer',
    text: 'Hi Tom, this is Mrs. Alvarez, the boiler in unit 4418 is leaking again.',
  },
  {
    start: 8,
    end: 12,
    speaker: 'Technician',
    text: 'I can fix the leak today, call me back at 555-123-4567 if it drips.',
  },
  { start: 12, end: 15, speaker: 'Customer', text: 'The pipe under the sink drips too.' },
];
const TRANSCRIPT = joinSegments(SEGMENTS);
const CUSTOMER_SENTENCE = SEGMENTS[1]!.text;
const WRONG_SENTENCE = SEGMENTS[2]!.text;
const MISSED_SENTENCE = SEGMENTS[3]!.text;
/** What the (scripted) engine highlights, in response-tag order. */
const QUOTES = ['fix the leak', 'leaking again'];

const rule = (phrases: string[], speaker: 'customer' | 'anyone') => ({
  phrases,
  speaker,
  extractors: [],
});
const VERSION_1_TAGS: OutputTagDefinition[] = [
  { index: 0, label: 'Leak', description: 'A leak.', rule: rule(['leaking'], 'customer') },
  { index: 1, label: 'Price', description: 'A price.', rule: rule(['price'], 'anyone') },
];
/** Listens to anyone and to "leak" and "drip": finds more, and also the technician's offer. */
const DRAFT_TAGS: OutputTagDefinition[] = [
  { ...VERSION_1_TAGS[0]!, rule: rule(['leak', 'drip'], 'anyone') },
  VERSION_1_TAGS[1]!,
];

let bot: InsertedBot;
let otherBot: InsertedBot;
let companyB: Fixtures;
/** Company A's two visits with the transcript, company B's one. */
const visits: { a1: string; a2: string; b1: string } = { a1: '', a2: '', b1: '' };

async function insertVisit(q: SqlQuery, fixtures: Fixtures, number: string) {
  const id = randomUUID();
  await q(
    `INSERT INTO interactions (id, company_id, customer_id, number, type, status, recorded_by_id,
       started_at, duration_seconds, transcript_status, transcript_text)
     VALUES ($1, $2, $3, $4, 'field-recording', 'completed', $5, now(), 15, 'completed', $6)`,
    [id, fixtures.companyId, fixtures.customers[0]!.id, number, fixtures.userIds.tech1, TRANSCRIPT],
  );
  for (const [position, s] of SEGMENTS.entries()) {
    await q(
      `INSERT INTO transcript_segments (interaction_id, position, start_seconds, end_seconds,
         speaker, text) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, position, s.start, s.end, s.speaker, s.text],
    );
  }
  return id;
}

/** The scripted engine: each quote of QUOTES found becomes a response tag of tag 0. */
function highlightQuotes({ text }: { text: string }): EngineResult {
  const responseTags = QUOTES.map((quote) => {
    const start = text.indexOf(quote);
    return {
      tag_id: 0,
      label: 'Leak',
      index_start: start,
      index_end: start + quote.length,
      text: quote,
      match: 'exact' as const,
      score: 1,
    };
  });
  return {
    rawResponse: 'Leak: yes',
    outputTags: [
      { id: 0, label: 'Leak', data: 'Yes', description: 'A leak.' },
      { id: 1, label: 'Price', data: null, description: 'A price.' },
    ],
    responseTags,
    unmatchedQuotes: 0,
    tokensIn: 0,
    tokensOut: 0,
    costMillicents: 0,
  };
}

beforeAll(async () => {
  companyB = await insertInteractionFixtures(t);
  await t.inspect(async (q) => {
    const [northwind] = await q(`SELECT publisher_id FROM users WHERE email = $1`, [
      DEMO.publisher.email,
    ]);
    const inserted = await insertBots(
      q,
      [
        {
          name: BOT,
          trigger: 'recording-complete',
          trigger_event: 'every',
          companies: [fx.companyId, companyB.companyId],
        },
      ],
      { publisherId: String(northwind!.publisher_id) },
    );
    bot = inserted[BOT]!;
    otherBot = (
      await insertBots(q, [
        {
          name: 'Not Northwind',
          trigger: 'recording-complete',
          trigger_event: 'every',
          companies: [],
        },
      ])
    )['Not Northwind']!;
    const tags = JSON.stringify(VERSION_1_TAGS);
    await q(`UPDATE bots SET output_tags = $2 WHERE id = $1`, [bot.id, tags]);
    await q(`UPDATE bot_versions SET output_tags = $2 WHERE id = $1`, [bot.versionId, tags]);
    visits.a1 = await insertVisit(q, fx, 'R-MARK-1');
    visits.a2 = await insertVisit(q, fx, 'R-MARK-2');
    visits.b1 = await insertVisit(q, companyB, 'R-MARK-1');
  });
  fake.script(BOT, ({ transcript }) => highlightQuotes(transcript));
}, SLOW_TEST_TIMEOUT_MS);

const resultPath = (interactionId: string) =>
  `/api/company/bot-result/interaction/${interactionId}/field-recording`;

async function readItem(interactionId: string, email: string): Promise<BotResultItem> {
  const res = await (await as(email)).get(resultPath(interactionId));
  expect(res.status, res.text).toBe(200);
  const item = botResultResponseSchema
    .parse(res.body)
    .data?.results.find((r) => r.bot_name === BOT);
  expect(item, 'a result of the bot').toBeDefined();
  return item!;
}

/** Runs the bot over the visit and answers its finished result. */
async function runOn(interactionId: string, email: string): Promise<BotResultItem> {
  const res = await (
    await as(email)
  ).post('/api/company/bot-run', {
    bot_ids: [bot.id],
    id: interactionId,
    type: 'field-recording',
  });
  expect(res.status, res.text).toBe(200);
  return waitFor(`the bot's result on ${interactionId}`, async () => {
    const item = await readItem(interactionId, email);
    return item.status === 'running' ? undefined : item;
  });
}

const span = (words: string, within = TRANSCRIPT) => {
  const start = within.indexOf(words);
  expect(start).toBeGreaterThanOrEqual(0);
  return { index_start: start, index_end: start + words.length };
};

async function markMissed(email: string, resultId: string, body: object) {
  return (await as(email)).post(missedMarkPath(resultId), body);
}

async function setShare(email: string, share: boolean) {
  return (await as(email)).post('/api/company/update', { share_bot_examples: share });
}

type MarkRow = Record<string, unknown>;
const marksOf = (resultId: string): Promise<MarkRow[]> =>
  t.inspect((q) =>
    q(
      `SELECT kind, tag_id, tag_position, index_start, index_end, text, sentence, speaker_side,
         shared_sentence, version_id, company_id FROM bot_marks WHERE result_id = $1
       ORDER BY kind, index_start`,
      [resultId],
    ),
  );

const results: { a1?: BotResultItem; a2?: BotResultItem; b1?: BotResultItem } = {};

describe('company setting: share_bot_examples', () => {
  it('is off by default, set by the company admin only, and carried by /api/user/me', async () => {
    const me = async (email: string) =>
      userResponseSchema.parse((await (await as(email)).get('/api/user/me')).body).data;
    expect((await me(fx.accounts.admin)).company?.share_bot_examples).toBe(false);

    expect((await setShare(fx.accounts.manager, true)).status).toBe(403);
    expect((await setShare(fx.accounts.admin, 'yes' as unknown as boolean)).status).toBe(422);
    const saved = await setShare(fx.accounts.admin, true);
    expect(saved.status, saved.text).toBe(200);
    expect((await me(fx.accounts.admin)).company?.share_bot_examples).toBe(true);
    // Every member's cached session sees the change.
    expect((await me(fx.accounts.manager)).company?.share_bot_examples).toBe(true);
    expect((await me(companyB.accounts.admin)).company?.share_bot_examples).toBe(false);
  });
});

describe('POST /api/company/bot-result/{resultId}/missed', () => {
  it(
    'stores a reviewer’s Missed mark once and returns it with the result',
    async () => {
      results.a1 = await runOn(visits.a1, fx.accounts.admin);
      expect(results.a1.missed_marks).toEqual([]);

      const words = span('drips too');
      const first = await markMissed(fx.accounts.manager, results.a1.id, { tag_id: 0, ...words });
      expect(first.status, first.text).toBe(200);
      const { message, data: mark } = missedMarkResponseSchema.parse(first.body);
      expect(message).toBe(BOT_MARK_MESSAGES.missedSaved);
      expect(mark).toEqual({ id: mark.id, tag_id: 0, label: 'Leak', ...words, text: 'drips too' });

      // The same words again are the same mark.
      const again = await markMissed(fx.accounts.admin, results.a1.id, { tag_id: 0, ...words });
      expect(again.status, again.text).toBe(200);
      expect(missedMarkResponseSchema.parse(again.body).data.id).toBe(mark.id);

      expect((await readItem(visits.a1, fx.accounts.admin)).missed_marks).toEqual([mark]);
      // Technicians read results of their own visits, marks included.
      expect((await readItem(visits.a1, fx.accounts.tech1)).missed_marks).toEqual([mark]);

      const rows = await marksOf(results.a1.id);
      expect(rows).toEqual([
        {
          kind: 'missed',
          tag_id: 0,
          tag_position: null,
          ...words,
          text: 'drips too',
          sentence: MISSED_SENTENCE,
          speaker_side: 'customer',
          shared_sentence: MISSED_SENTENCE,
          version_id: bot.versionId,
          company_id: fx.companyId,
        },
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('answers 404 to another company and refuses technicians, storing nothing', async () => {
    const resultId = results.a1!.id;
    const body = { tag_id: 0, ...span('pipe under') };
    for (const email of [DEMO.globex.email, companyB.accounts.admin]) {
      const res = await markMissed(email, resultId, body);
      expect(res.status, email).toBe(404);
    }
    // tech2 may not open this visit (tech1's); like Correct / Wrong, technicians do not mark.
    for (const email of [fx.accounts.tech2, fx.accounts.tech1]) {
      expect((await markMissed(email, resultId, body)).status, email).toBe(403);
    }
    expect((await markMissed(DEMO.publisher.email, resultId, body)).status).toBe(403);
    const unknown = await markMissed(fx.accounts.admin, randomUUID(), body);
    expect(unknown.status).toBe(404);
    expect(await marksOf(resultId)).toHaveLength(1);
  });

  it('refuses offsets outside the transcript, a tag the version lacks, and running results', async () => {
    const resultId = results.a1!.id;
    const expect422 = async (body: object, field: string, message: string) => {
      const res = await markMissed(fx.accounts.admin, resultId, body);
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    };
    await expect422(
      { tag_id: 0, index_start: TRANSCRIPT.length - 2, index_end: TRANSCRIPT.length + 5 },
      'index_start',
      BOT_MARK_MESSAGES.outsideTranscript,
    );
    await expect422({ tag_id: 7, ...span('pipe') }, 'tag_id', BOT_MARK_MESSAGES.unknownTag);
    await expect422(
      { tag_id: 0, index_start: 5, index_end: 5 },
      'index_end',
      MESSAGES.invalidValue,
    );

    // A result still running has no response tags to mark, nor words.
    const runningId = await t.inspect(async (q) => {
      const [run] = await q(
        `INSERT INTO bot_runs (company_id, target_type, interaction_id, run_type)
         VALUES ($1, 'field-recording', $2, 'manual') RETURNING id`,
        [fx.companyId, visits.a2],
      );
      const [result] = await q(
        `INSERT INTO bot_results (run_id, company_id, bot_id, version_id)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [run!.id, fx.companyId, bot.id, bot.versionId],
      );
      return String(result!.id);
    });
    const running = await markMissed(fx.accounts.admin, runningId, {
      tag_id: 0,
      ...span('pipe'),
    });
    expect(running.status).toBe(422);
    expect(running.body.errors.index_start).toEqual([BOT_RUN_MESSAGES.resultNotFinished]);
    await t.inspect((q) =>
      q(`DELETE FROM bot_runs WHERE id = (SELECT run_id FROM bot_results WHERE id = $1)`, [
        runningId,
      ]),
    );
  });
});

describe('DELETE /api/company/bot-result/{resultId}/missed/{markId}', () => {
  it('removes the mark for reviewers of the company only', async () => {
    const resultId = results.a1!.id;
    const created = await markMissed(fx.accounts.admin, resultId, {
      tag_id: 1,
      ...span('the sink'),
    });
    const mark = missedMarkResponseSchema.parse(created.body).data;
    const remove = async (email: string, id = mark.id) =>
      (await as(email)).request('DELETE', missedMarkItemPath(resultId, id));

    expect((await remove(companyB.accounts.admin)).status).toBe(404);
    expect((await remove(fx.accounts.tech1)).status).toBe(403);
    const removed = await remove(fx.accounts.manager);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ message: BOT_MARK_MESSAGES.missedRemoved });
    expect((await remove(fx.accounts.manager)).status).toBe(404);
    const left = (await readItem(visits.a1, fx.accounts.admin)).missed_marks!;
    expect(left.map((m) => m.text)).toEqual(['drips too']);
  });
});

describe('Correct / Wrong feedback as marks', () => {
  it('records a verdict as a mark of the response tag’s span and sentence; clearing removes it', async () => {
    const resultId = results.a1!.id;
    const feedback = async (tag_position: number, verdict: string | null) => {
      const res = await (
        await as(fx.accounts.admin)
      ).put(`/api/company/bot-result/${resultId}/feedback`, { tag_position, verdict });
      expect(res.status, res.text).toBe(200);
    };
    const feedbackMarks = async () => (await marksOf(resultId)).filter((m) => m.kind !== 'missed');

    await feedback(0, 'correct');
    await feedback(0, 'wrong');
    expect(await feedbackMarks()).toEqual([
      expect.objectContaining({
        kind: 'wrong',
        tag_id: 0,
        tag_position: 0,
        ...span('fix the leak'),
        text: 'fix the leak',
        sentence: WRONG_SENTENCE,
        speaker_side: 'agent',
        shared_sentence: 'I can fix the leak today, call me back at [phone] if it drips.',
      }),
    ]);
    await feedback(0, null);
    expect(await feedbackMarks()).toEqual([]);

    await feedback(0, 'wrong');
    await feedback(1, 'correct');
    const marks = await feedbackMarks();
    expect(marks.map((m) => [m.kind, m.tag_position, m.text])).toEqual([
      ['correct', 1, 'leaking again'],
      ['wrong', 0, 'fix the leak'],
    ]);
    expect(marks[0]).toMatchObject({
      sentence: CUSTOMER_SENTENCE,
      speaker_side: 'customer',
      shared_sentence:
        'Hi [name], this is Mrs. [name], the boiler in unit [number] is leaking again.',
    });
  });
});

describe('sharing', () => {
  it(
    'stores the redacted sentence only for a company that shares',
    async () => {
      results.a2 = await runOn(visits.a2, fx.accounts.admin);
      const a2 = await markMissed(fx.accounts.admin, results.a2.id, {
        tag_id: 0,
        ...span('drips too'),
      });
      expect(a2.status, a2.text).toBe(200);

      results.b1 = await runOn(visits.b1, companyB.accounts.admin);
      const b1 = await markMissed(companyB.accounts.admin, results.b1.id, {
        tag_id: 0,
        ...span('drips too'),
      });
      expect(b1.status, b1.text).toBe(200);
      const b1Wrong = await (
        await as(companyB.accounts.admin)
      ).put(`/api/company/bot-result/${results.b1.id}/feedback`, {
        tag_position: 0,
        verdict: 'wrong',
      });
      expect(b1Wrong.status).toBe(200);
      const rows = await marksOf(results.b1.id);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.company_id).toBe(companyB.companyId);
        expect(row.shared_sentence).toBeNull();
      }
      expect(rows.map((r) => r.sentence)).toEqual([MISSED_SENTENCE, WRONG_SENTENCE]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

const draftInput = (tags: OutputTagDefinition[]): BotInput => ({
  name: BOT,
  description: 'Finds leaks.',
  color: 'green',
  trigger: 'recording-complete',
  trigger_event: 'every',
  prompt: '',
  output_tags: tags,
  engine: 'rules',
  visibility: 'marketplace',
});

describe('GET /api/publisher/bots/{id}: what reviewers marked', () => {
  it('shows each version’s per-tag accuracy from every company, and shared misses only', async () => {
    const res = await (await as(DEMO.publisher.email)).get(publisherBotPath(bot.id));
    expect(res.status, res.text).toBe(200);
    const detail = botDetailResponseSchema.parse(res.body).data;
    const [v1] = detail.versions;
    // Company A: Correct 1, Wrong 1, Missed 2 (two visits); company B: Wrong 1, Missed 1.
    expect(v1!.tag_accuracy).toEqual([
      {
        tag_id: 0,
        label: 'Leak',
        correct: 1,
        wrong: 2,
        missed: 3,
        precision: 1 / 3,
        recall: 1 / 4,
        n: 6,
      },
      {
        tag_id: 1,
        label: 'Price',
        correct: 0,
        wrong: 0,
        missed: 0,
        precision: null,
        recall: null,
        n: 0,
      },
    ]);
    // Company B's marks never reach the publisher: the Missed sentence counts A's two visits.
    expect(detail.worst_misses).toEqual([
      { version: 1, tag_id: 0, label: 'Leak', kind: 'missed', sentence: MISSED_SENTENCE, count: 2 },
      {
        version: 1,
        tag_id: 0,
        label: 'Leak',
        kind: 'wrong',
        sentence: 'I can fix the leak today, call me back at [phone] if it drips.',
        count: 1,
      },
    ]);
    expect(JSON.stringify(detail)).not.toContain('Alvarez');
    expect(JSON.stringify(detail)).not.toContain('555-123-4567');
  });
});

describe('publish comparison', () => {
  // Examples: A's shared marks (the Missed sentence twice, the Wrong one, the Correct one).
  const expected = {
    previous_version: 1,
    examples: 4,
    tags: [
      {
        tag_id: 0,
        label: 'Leak',
        n: 4,
        // v1 finds the customer's "leaking" only: 1 of 3 that should match, nothing wrong.
        before: { precision: 1, recall: 1 / 3 },
        // The draft finds all three, and the technician's "fix the leak" too.
        after: { precision: 3 / 4, recall: 1 },
        dropped: true,
      },
      {
        tag_id: 1,
        label: 'Price',
        n: 0,
        before: { precision: null, recall: null },
        after: { precision: null, recall: null },
        dropped: false,
      },
    ],
    dropped: true,
  };

  it('previews the draft against the newest version for the bot’s publisher', async () => {
    const pub = await as(DEMO.publisher.email);
    const saved = await pub.put(publisherBotPath(bot.id), draftInput(DRAFT_TAGS));
    expect(saved.status, saved.text).toBe(200);

    const res = await pub.post(publishPreviewPath(bot.id));
    expect(res.status, res.text).toBe(200);
    expect(publishComparisonResponseSchema.parse(res.body).data).toEqual(expected);

    expect((await pub.post(publishPreviewPath(otherBot.id))).status).toBe(404);
    expect((await (await as(fx.accounts.admin)).post(publishPreviewPath(bot.id))).status).toBe(403);
  });

  it(
    'refuses to publish a drop with 409 and the comparison, and publishes with confirm_drop',
    async () => {
      const pub = await as(DEMO.publisher.email);
      const refused = await pub.post(publishBotPath(bot.id), { changelog: 'Broader leaks' });
      expect(refused.status, refused.text).toBe(409);
      expect(publishDropResponseSchema.parse(refused.body)).toEqual({
        message: BOT_MARK_MESSAGES.accuracyDrop,
        data: expected,
      });
      const before = botDetailResponseSchema.parse((await pub.get(publisherBotPath(bot.id))).body);
      expect(before.data.latest_version).toBe(1);
      expect(before.data.versions).toHaveLength(1);

      const published = await pub.post(publishBotPath(bot.id), {
        changelog: 'Broader leaks',
        confirm_drop: true,
      });
      expect(published.status, published.text).toBe(200);
      expect(published.body.data.latest_version).toBe(2);

      const detail = botDetailResponseSchema.parse(
        (await pub.get(publisherBotPath(bot.id))).body,
      ).data;
      expect(detail.versions.map((v) => v.number)).toEqual([2, 1]);
      // The new version has no marks yet; every tag is listed all the same.
      expect(detail.versions[0]!.tag_accuracy.map((a) => [a.tag_id, a.n])).toEqual([
        [0, 0],
        [1, 0],
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('publishes without asking when nothing dropped', async () => {
    const pub = await as(DEMO.publisher.email);
    // The same rules under a new label: the same figures as version 2, so no drop.
    const tags = [
      { ...DRAFT_TAGS[0]!, label: 'Leak or drip' },
      { ...VERSION_1_TAGS[1]!, description: 'A price quoted.' },
    ];
    expect((await pub.put(publisherBotPath(bot.id), draftInput(tags))).status).toBe(200);
    const preview = publishComparisonResponseSchema.parse(
      (await pub.post(publishPreviewPath(bot.id))).body,
    ).data;
    expect(preview).toMatchObject({ previous_version: 2, dropped: false });
    expect(preview.tags[0]).toMatchObject({
      label: 'Leak or drip',
      before: { precision: 3 / 4, recall: 1 },
      after: { precision: 3 / 4, recall: 1 },
    });
    const published = await pub.post(publishBotPath(bot.id), { changelog: 'Renamed' });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data.latest_version).toBe(3);
  });
});
