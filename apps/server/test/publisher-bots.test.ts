import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AUTH_MESSAGES,
  BOT_LIMITS,
  PAGE_SIZE,
  UPLOAD_MESSAGES,
  archiveBotPath,
  botDetailResponseSchema,
  botFilePath,
  botFilesPath,
  botIcon,
  botListResponseSchema,
  botResponseSchema,
  gptResponseSchema,
  outputTagSchema,
  preSignedUrlResponseSchema,
  publishBotPath,
  publisherBotPath,
  publisherBotsPath,
  sampleTranscriptsPath,
  sampleTranscriptsResponseSchema,
  testRunPath,
  testRunResponseSchema,
  type Bot,
  type BotInput,
} from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import {
  BotEngineError,
  LLM_NOT_CONFIGURED,
  type BotEngine,
  type BotEngines,
  type EngineBot,
  type EngineTranscript,
} from '../src/providers/bot-engine/index';
import { TEST_RUN_LIMIT } from '../src/modules/bots/test-run-limit';
import { BOT_MESSAGES } from '../src/modules/bots/bot-messages';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { SLOW_TEST_TIMEOUT_MS, signedInClients, uniqueEmail, useTestApp } from './support/test-app';

/**
 * A stand-in rules engine: each output tag's first phrase is looked up (case-insensitively) in the
 * transcript, and what it finds becomes the tag's data and a response tag at its real offsets.
 * It records what it was given, so the tests see the draft, transcript and reference texts used.
 */
const calls: { bot: EngineBot; transcript: EngineTranscript }[] = [];
const BUSY_BOT = 'Busy model bot';
const fakeRules: BotEngine = {
  kind: 'rules',
  async run(bot, transcript) {
    calls.push({ bot, transcript });
    if (bot.name === BUSY_BOT) throw new BotEngineError('The model is busy.', true);
    const lower = transcript.text.toLowerCase();
    const found = bot.outputTags.map((tag) => {
      const phrase = tag.rule?.phrases[0]?.toLowerCase() ?? '';
      const at = phrase ? lower.indexOf(phrase) : -1;
      return { tag, at, text: at < 0 ? null : transcript.text.slice(at, at + phrase.length) };
    });
    return {
      rawResponse: JSON.stringify(found.map((f) => ({ label: f.tag.label, quote: f.text }))),
      outputTags: found.map((f) => ({
        id: f.tag.index,
        label: f.tag.label,
        data: f.text,
        description: f.tag.description,
      })),
      responseTags: found
        .filter((f) => f.text !== null)
        .map((f) => ({
          tag_id: f.tag.index,
          label: f.tag.label,
          index_start: f.at,
          index_end: f.at + f.text!.length,
          text: f.text!,
          match: 'exact' as const,
          score: 1,
        })),
      unmatchedQuotes: 0,
      tokensIn: 0,
      tokensOut: 0,
      costMillicents: 0,
    };
  },
};
const engines: BotEngines = { rules: fakeRules, llm: null };

const t = useTestApp({ botEngines: engines });
const as = signedInClients(t);

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/bot-files');

function rulesBot(overrides: Partial<BotInput> = {}): BotInput {
  return {
    name: 'Maintenance plan offered',
    description: 'Did the technician offer a maintenance plan?',
    color: 'green',
    trigger: 'recording-complete',
    trigger_event: 'every',
    prompt: '',
    output_tags: [
      {
        index: 0,
        label: 'Plan offered',
        description: 'The words that offered the plan',
        rule: { phrases: ['maintenance plan'], speaker: 'agent', extractors: ['money'] },
      },
    ],
    engine: 'rules',
    visibility: 'marketplace',
    ...overrides,
  };
}

async function createBot(client: ApiClient, input: BotInput = rulesBot()): Promise<Bot> {
  const res = await client.post(publisherBotsPath, input);
  expect(res.status, res.text).toBe(200);
  return botResponseSchema.parse(res.body).data;
}

async function detail(client: ApiClient, id: string) {
  const res = await client.get(publisherBotPath(id));
  expect(res.status, res.text).toBe(200);
  return botDetailResponseSchema.parse(res.body).data;
}

async function publish(client: ApiClient, id: string, changelog = 'First release') {
  return client.post(publishBotPath(id), { changelog });
}

/** Uploads a fixture through the pre-signed URL flow; returns the file_url to attach. */
async function upload(client: ApiClient, fileName: string, bytes?: Buffer): Promise<string> {
  const presign = await client.post('/api/data/pre-signed-url', {
    folder: 'bot-files',
    file_name: fileName,
  });
  expect(presign.status, presign.text).toBe(200);
  const { upload_url, file_url } = preSignedUrlResponseSchema.parse(presign.body).data;
  const body = bytes ?? (await readFile(path.join(FIXTURES, fileName)));
  const put = await client.request('PUT', upload_url, undefined, {
    raw: body,
    contentType: 'application/octet-stream',
    csrf: 'omit',
  });
  expect(put.status, put.text).toBe(200);
  return file_url;
}

describe('publisher bots: create, read, edit', () => {
  it('creates a draft that only its publisher sees, and edits it', async () => {
    const pub = await as(DEMO.publisher.email);
    const bot = await createBot(pub);
    expect(bot).toMatchObject({
      name: 'Maintenance plan offered',
      status: 'draft',
      latest_version: null,
      has_unpublished_changes: true,
      reference_files: [],
      icon: botIcon('green'),
      engine: 'rules',
    });
    const shown = await detail(pub, bot.id);
    expect(shown).toMatchObject({ id: bot.id, versions: [], companies: [] });

    // The other user of the same publisher edits it.
    const colleague = await as(DEMO.publisherUser.email);
    const edited = await colleague.put(
      publisherBotPath(bot.id),
      rulesBot({ name: 'Plan offer check', color: 'purple' }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(botResponseSchema.parse(edited.body).data).toMatchObject({
      name: 'Plan offer check',
      color: 'purple',
      icon: botIcon('purple'),
      status: 'draft',
    });
    expect((await detail(pub, bot.id)).name).toBe('Plan offer check');
  });

  it('refuses invalid drafts with 422 field messages and stores nothing', async () => {
    const pub = await as(DEMO.publisher.email);
    const marker = `Invalid ${Date.now()}`;
    const tags = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        index: i % 10,
        label: `Tag ${i}`,
        description: '',
        rule: { phrases: ['plan'], speaker: 'anyone' as const, extractors: [] },
      }));
    const cases: [Partial<BotInput>, string, string][] = [
      [
        { engine: 'llm', prompt: 'x'.repeat(BOT_LIMITS.promptMax + 1) },
        'prompt',
        'Prompt cannot have more than 10000 characters.',
      ],
      [
        { trigger: 'recording-complete', trigger_event: 'call-booked' },
        'trigger_event',
        'Please select a valid value',
      ],
      [
        {
          output_tags: [{ index: 0, label: 'Plan', description: '', rule: null }],
        },
        'output_tags.0.rule',
        'Required',
      ],
      [{ output_tags: tags(11) }, 'output_tags', 'A bot has at most 10 output tags.'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await pub.post(publisherBotsPath, rulesBot({ name: marker, ...overrides }));
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[field], `${field}: ${res.text}`).toContain(message);
    }
    // An edit with the same mistakes changes nothing either.
    const bot = await createBot(pub);
    const res = await pub.put(
      publisherBotPath(bot.id),
      rulesBot({ name: 'Changed', trigger: 'call-complete', trigger_event: 'greater-to-revenue' }),
    );
    expect(res.status).toBe(422);
    expect((await detail(pub, bot.id)).name).toBe(bot.name);
    const list = await pub.get(publisherBotsPath, { query: { keyword: marker } });
    expect(list.body.data.count).toBe(0);
  });
});

describe('publisher bots: list', () => {
  it('searches name and description, filters by status and trigger, and pages by 10', async () => {
    const pub = await as(DEMO.publisherUser.email);
    const tag = `Zeta${Date.now()}`;
    const made: Bot[] = [];
    for (let i = 0; i < PAGE_SIZE + 2; i += 1) {
      made.push(
        await createBot(
          pub,
          rulesBot({
            name: i % 2 ? `${tag} call bot ${i}` : `Visit bot ${i}`,
            description: i % 2 ? 'For calls' : `Reads ${tag.toLowerCase()} visits`,
            ...(i % 3 === 0
              ? { trigger: 'call-complete', trigger_event: 'call-booked' }
              : { trigger: 'recording-complete', trigger_event: 'every' }),
          }),
        ),
      );
    }
    expect((await publish(pub, made[0]!.id)).status).toBe(200);

    const page1 = await pub.get(publisherBotsPath, { query: { keyword: tag } });
    expect(page1.status, page1.text).toBe(200);
    const first = botListResponseSchema.parse(page1.body).data;
    expect(first.count).toBe(PAGE_SIZE + 2);
    expect(first.items).toHaveLength(PAGE_SIZE);
    // Newest edit first: the published bot was touched last.
    expect(first.items[0]!.id).toBe(made[0]!.id);
    expect(first.items[0]).toMatchObject({ status: 'published', latest_version: 1 });
    const page2 = botListResponseSchema.parse(
      (await pub.get(publisherBotsPath, { query: { keyword: tag, page: '2' } })).body,
    ).data;
    expect(page2.items).toHaveLength(2);
    const seen = new Set([...first.items, ...page2.items].map((b) => b.id));
    expect(seen).toEqual(new Set(made.map((b) => b.id)));

    const filtered = async (query: Record<string, string>) =>
      botListResponseSchema
        .parse((await pub.get(publisherBotsPath, { query: { keyword: tag, ...query } })).body)
        .data.items.map((b) => b.id)
        .sort();
    const ids = (pick: (b: Bot, i: number) => boolean) =>
      made
        .filter(pick)
        .map((b) => b.id)
        .sort();
    expect(await filtered({ status: 'published' })).toEqual([made[0]!.id]);
    expect(await filtered({ status: 'draft', trigger: 'call-complete' })).toEqual(
      ids((_, i) => i !== 0 && i % 3 === 0),
    );
    // % and _ are literal characters in a search, not wildcards.
    const none = await pub.get(publisherBotsPath, { query: { keyword: `${tag}%_` } });
    expect(none.body.data.count).toBe(0);

    const bad = await pub.get(publisherBotsPath, { query: { status: 'deleted', page: '0' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['page', 'status']);
  });
});

describe('publisher bots: versions', () => {
  it(
    'publishes immutable versions 1 and 2, and refuses a publish with nothing changed',
    async () => {
      const pub = await as(DEMO.publisher.email);
      const bot = await createBot(pub, rulesBot({ name: 'Versioned bot' }));
      const v1 = await publish(pub, bot.id, 'First release');
      expect(v1.status, v1.text).toBe(200);
      expect(botResponseSchema.parse(v1.body).data).toMatchObject({
        status: 'published',
        latest_version: 1,
        has_unpublished_changes: false,
      });

      const again = await publish(pub, bot.id, 'Again');
      expect(again.status).toBe(422);
      expect(again.body.message).toBe(BOT_MESSAGES.nothingChanged(1));
      // Description and visibility are listing details: editing them is no new version.
      const listing = await pub.put(
        publisherBotPath(bot.id),
        rulesBot({ name: 'Versioned bot', description: 'New words', visibility: 'private' }),
      );
      expect(listing.body.data.has_unpublished_changes).toBe(false);

      const edit = await pub.put(
        publisherBotPath(bot.id),
        rulesBot({ name: 'Versioned bot', engine: 'llm', prompt: 'Find the plan offer.' }),
      );
      expect(edit.status, edit.text).toBe(200);
      expect(edit.body.data).toMatchObject({ has_unpublished_changes: true, status: 'published' });
      // Editing back to the published content is no change either.
      const back = await pub.put(publisherBotPath(bot.id), rulesBot({ name: 'Versioned bot' }));
      expect(back.body.data.has_unpublished_changes).toBe(false);
      await pub.put(
        publisherBotPath(bot.id),
        rulesBot({ name: 'Versioned bot', engine: 'llm', prompt: 'Find the plan offer.' }),
      );
      const v2 = await publish(pub, bot.id, 'Uses the language model');
      expect(v2.status, v2.text).toBe(200);
      expect(v2.body.data.latest_version).toBe(2);

      // Editing the draft after publishing changes neither version.
      await pub.put(publisherBotPath(bot.id), rulesBot({ name: 'Draft only' }));
      const shown = await detail(pub, bot.id);
      expect(shown).toMatchObject({
        name: 'Draft only',
        latest_version: 2,
        has_unpublished_changes: true,
      });
      expect(
        shown.versions.map((v) => [v.number, v.changelog, v.engine, v.companies_count, v.feedback]),
      ).toEqual([
        [2, 'Uses the language model', 'llm', 0, { correct: 0, wrong: 0 }],
        [1, 'First release', 'rules', 0, { correct: 0, wrong: 0 }],
      ]);
      expect(shown.versions[0]!.published_by).toBe('Paula Publisher');
      const frozen = await t.inspect((q) =>
        q(
          'select number, name, prompt, engine from bot_versions where bot_id = $1 order by number',
          [bot.id],
        ),
      );
      expect(frozen).toEqual([
        { number: 1, name: 'Versioned bot', prompt: '', engine: 'rules' },
        { number: 2, name: 'Versioned bot', prompt: 'Find the plan offer.', engine: 'llm' },
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'shows which company is pinned to which version, and the reviewer marks per version',
    async () => {
      const pub = await as(DEMO.publisher.email);
      const bot = await createBot(pub, rulesBot({ name: 'Subscribed bot' }));
      await publish(pub, bot.id, 'One');
      await pub.put(publisherBotPath(bot.id), rulesBot({ name: 'Subscribed bot v2' }));
      await publish(pub, bot.id, 'Two');
      await t.inspect(async (q) => {
        const versions = await q('select id, number from bot_versions where bot_id = $1', [bot.id]);
        const v = (n: number) => versions.find((row) => row.number === n)!.id;
        const [acme] = await q("select id from companies where name = 'Acme Home Services'");
        const [globex] = await q("select id from companies where name = 'Globex Plumbing'");
        await q(
          'insert into company_bots (company_id, bot_id, version_id) values ($1, $3, $4), ($2, $3, $5)',
          [acme!.id, globex!.id, bot.id, v(1), v(2)],
        );
        // One result per version, with reviewer marks on its response tags.
        const marks: [number, string[]][] = [
          [1, ['correct', 'correct', 'wrong']],
          [2, ['wrong']],
        ];
        for (const [number, verdicts] of marks) {
          const [run] = await q(
            "insert into bot_runs (company_id, target_type, run_type, status) values ($1, 'field-recording', 'manual', 'success') returning id",
            [acme!.id],
          );
          const [result] = await q(
            "insert into bot_results (run_id, company_id, bot_id, version_id, status) values ($1, $2, $3, $4, 'success') returning id",
            [run!.id, acme!.id, bot.id, v(number)],
          );
          for (const [position, verdict] of verdicts.entries()) {
            await q(
              'insert into bot_result_feedback (result_id, tag_position, version_id, verdict) values ($1, $2, $3, $4)',
              [result!.id, position, v(number), verdict],
            );
          }
        }
      });
      const shown = await detail(pub, bot.id);
      expect(shown.companies).toEqual([
        { id: expect.any(String), name: 'Acme Home Services', version: 1 },
        { id: expect.any(String), name: 'Globex Plumbing', version: 2 },
      ]);
      expect(shown.versions.map((v) => [v.number, v.companies_count, v.feedback])).toEqual([
        [2, 1, { correct: 0, wrong: 1 }],
        [1, 1, { correct: 2, wrong: 1 }],
      ]);
      const listed = botListResponseSchema
        .parse((await pub.get(publisherBotsPath, { query: { keyword: 'Subscribed bot' } })).body)
        .data.items.find((b) => b.id === bot.id);
      expect(listed?.companies_count).toBe(2);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('numbers concurrent publishes one after the other, never twice', async () => {
    const pub = await as(DEMO.publisher.email);
    const bot = await createBot(pub, rulesBot({ name: 'Raced bot' }));
    const first = await Promise.all([0, 1, 2].map((i) => publish(pub, bot.id, `Race ${i}`)));
    expect(first.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect(first.filter((r) => r.status === 422).map((r) => r.body.message)).toEqual([
      BOT_MESSAGES.nothingChanged(1),
      BOT_MESSAGES.nothingChanged(1),
    ]);
    // With an edit between each, racing publishes of different content each get their own number.
    await pub.put(publisherBotPath(bot.id), rulesBot({ name: 'Raced bot 2' }));
    const second = await Promise.all([0, 1].map((i) => publish(pub, bot.id, `Race ${i}`)));
    expect(second.map((r) => r.status).sort()).toEqual([200, 422]);
    const versions = (await detail(pub, bot.id)).versions.map((v) => v.number);
    expect(versions).toEqual([2, 1]);
  });

  it('archives: the bot stays readable, is no longer editable, and archiving again is harmless', async () => {
    const pub = await as(DEMO.publisher.email);
    const bot = await createBot(pub, rulesBot({ name: 'Retired bot' }));
    expect((await publish(pub, bot.id)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const res = await pub.post(archiveBotPath(bot.id));
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'archived', latest_version: 1 });
    }
    const edit = await pub.put(publisherBotPath(bot.id), rulesBot({ name: 'Revived' }));
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(BOT_MESSAGES.archived);
    expect((await publish(pub, bot.id, 'Again')).status).toBe(409);
    expect((await detail(pub, bot.id)).versions).toHaveLength(1);
  });
});

describe('publisher bots: who may call them', () => {
  it('refuses company roles with 403 on every route', async () => {
    const pub = await as(DEMO.publisher.email);
    const bot = await createBot(pub);
    for (const email of [DEMO.admin.email, DEMO.manager.email, DEMO.tech.email]) {
      const c = await as(email);
      const responses = await Promise.all([
        c.get(publisherBotsPath),
        c.post(publisherBotsPath, rulesBot()),
        c.get(publisherBotPath(bot.id)),
        c.put(publisherBotPath(bot.id), rulesBot()),
        c.post(publishBotPath(bot.id), { changelog: 'x' }),
        c.post(archiveBotPath(bot.id)),
        c.post(botFilesPath(bot.id), { name: 'a.txt', path: 'bot-files/x/a.txt' }),
        c.request('DELETE', botFilePath(bot.id, bot.id)),
        c.post(testRunPath, { bot: rulesBot(), bot_id: null, sample_id: null, transcript: 'A: b' }),
        c.get(sampleTranscriptsPath),
      ]);
      for (const res of responses) {
        expect(res.status, `${email}: ${res.text}`).toBe(403);
        expect(res.body).toEqual({ message: AUTH_MESSAGES.forbidden });
      }
    }
    expect((await t.client().get(publisherBotsPath)).status).toBe(401);
  });

  it(
    "answers another publisher's bot as not found, and never lists it",
    async () => {
      const email = uniqueEmail('rival.publisher');
      await t.inspect(async (q) => {
        const [publisher] = await q(
          "insert into publishers (name, code) values ('Rival Bots', 'RIVAL-BOTS') returning id",
        );
        // The demo password's hash, so the rival can log in like the demo accounts.
        await q(
          `insert into users (name, email, password_hash, email_verified_at, role_id, publisher_id)
         select 'Rival Admin', $1, password_hash, now(), role_id, $2 from users where email = $3`,
          [email, publisher!.id, DEMO.publisher.email],
        );
      });
      const rival = await as(email);
      const theirs = await createBot(rival, rulesBot({ name: 'Rival secret bot' }));
      const pub = await as(DEMO.publisher.email);
      const ours = await createBot(pub);
      const upload_path = await upload(pub, 'notes.txt');
      const responses = await Promise.all([
        pub.get(publisherBotPath(theirs.id)),
        pub.put(publisherBotPath(theirs.id), rulesBot()),
        pub.post(publishBotPath(theirs.id), { changelog: 'x' }),
        pub.post(archiveBotPath(theirs.id)),
        pub.post(botFilesPath(theirs.id), { name: 'notes.txt', path: upload_path }),
        pub.request('DELETE', botFilePath(theirs.id, theirs.id)),
        pub.post(testRunPath, {
          bot: rulesBot(),
          bot_id: theirs.id,
          sample_id: null,
          transcript: 'Technician: hello',
        }),
        pub.get(publisherBotPath('not-a-uuid')),
        pub.get(publisherBotPath('00000000-0000-4000-8000-000000000000')),
        pub.request('DELETE', botFilePath(ours.id, 'nope')),
      ]);
      for (const res of responses) {
        expect(res.status, res.text).toBe(404);
        expect(res.body).toEqual({ message: AUTH_MESSAGES.notFound });
      }
      const list = await pub.get(publisherBotsPath, { query: { keyword: 'Rival secret' } });
      expect(list.body.data.count).toBe(0);
      expect((await detail(rival, theirs.id)).name).toBe('Rival secret bot');
      const rivalList = botListResponseSchema.parse((await rival.get(publisherBotsPath)).body).data;
      expect(rivalList.items.map((b) => b.id)).toEqual([theirs.id]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('publisher bots: reference files', () => {
  it(
    'extracts the text of each type once, keeps at most 3, refuses duplicates and other types',
    async () => {
      const pub = await as(DEMO.publisher.email);
      const bot = await createBot(pub, rulesBot({ name: 'Bot with a price book' }));
      expect((await publish(pub, bot.id)).status).toBe(200);

      const attach = async (name: string, filePath: string) =>
        pub.post(botFilesPath(bot.id), { name, path: filePath });
      const xlsx = await attach('price-book.xlsx', await upload(pub, 'price-book.xlsx'));
      expect(xlsx.status, xlsx.text).toBe(200);
      const afterXlsx = botResponseSchema.parse(xlsx.body).data;
      expect(afterXlsx.has_unpublished_changes).toBe(true);
      const expectedXlsx =
        'Prices\nService,Price\nTune-up,89\nFurnace repair,349\n\nPlans\nPlan,Monthly\nComfort Club,14.99';
      expect(afterXlsx.reference_files).toEqual([
        {
          id: expect.any(String),
          name: 'price-book.xlsx',
          size_bytes: (await readFile(path.join(FIXTURES, 'price-book.xlsx'))).length,
          text_chars: expectedXlsx.length,
        },
      ]);

      // The same name again, even as another upload, is refused.
      const dup = await attach('price-book.xlsx', await upload(pub, 'price-book.xlsx'));
      expect(dup.status).toBe(422);
      expect(dup.body.errors.name).toEqual([UPLOAD_MESSAGES.duplicateName('price-book.xlsx')]);

      // A name of a type the uploader does not take.
      const exe = await attach('price-book.exe', await upload(pub, 'notes.txt'));
      expect(exe.status).toBe(422);
      expect(exe.body.errors.name).toEqual([
        UPLOAD_MESSAGES.typeNotAllowed(['pdf', 'txt', 'csv', 'docx', 'xlsx', 'xls']),
      ]);
      // Bytes of another type never reach the bot: the upload itself refuses them.
      const presign = await pub.post('/api/data/pre-signed-url', {
        folder: 'bot-files',
        file_name: 'brochure.pdf',
      });
      const put = await pub.request('PUT', presign.body.data.upload_url, undefined, {
        raw: Buffer.from('<html><script>alert(1)</script></html>'),
        contentType: 'application/pdf',
        csrf: 'omit',
      });
      expect(put.status).toBe(415);
      const notUploaded = await attach('brochure.pdf', presign.body.data.file_url);
      expect(notUploaded.status).toBe(422);
      expect(notUploaded.body.errors.path).toEqual([BOT_MESSAGES.uploadNotFound]);
      // Someone else's upload is not the caller's to attach.
      const colleaguesFile = await upload(await as(DEMO.publisherUser.email), 'notes.txt');
      const foreign = await attach('notes.txt', colleaguesFile);
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors.path).toEqual([BOT_MESSAGES.uploadNotFound]);

      const docx = await attach('call-script.docx', await upload(pub, 'call-script.docx'));
      expect(docx.status, docx.text).toBe(200);
      const pdf = await attach('plan-brochure.pdf', await upload(pub, 'plan-brochure.pdf'));
      expect(pdf.status, pdf.text).toBe(200);
      const full = botResponseSchema.parse(pdf.body).data.reference_files;
      expect(full.map((f) => f.name)).toEqual([
        'price-book.xlsx',
        'call-script.docx',
        'plan-brochure.pdf',
      ]);

      const fourth = await attach('notes.txt', await upload(pub, 'notes.txt'));
      expect(fourth.status).toBe(422);
      expect(fourth.body.errors.name).toEqual([UPLOAD_MESSAGES.maxFiles(3)]);

      // The texts are what a version freezes.
      const v2 = await publish(pub, bot.id, 'With the price book');
      expect(v2.status, v2.text).toBe(200);
      const frozen = await t.inspect((q) =>
        q('select number, reference_texts from bot_versions where bot_id = $1 order by number', [
          bot.id,
        ]),
      );
      expect(frozen[0]!.reference_texts).toEqual([]);
      const texts = frozen[1]!.reference_texts as { name: string; text: string }[];
      expect(texts.map((r) => r.name)).toEqual(full.map((f) => f.name));
      expect(texts[0]!.text).toBe(expectedXlsx);
      expect(texts[1]!.text).toContain(
        'Offer the Comfort Club maintenance plan at $14.99 a month.',
      );
      expect(texts[2]!.text).toContain('two tune-ups a year for $179.');

      // Removing one frees a place; the published version keeps its text.
      const removed = await pub.request('DELETE', botFilePath(bot.id, full[0]!.id));
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body.data.reference_files).toHaveLength(2);
      expect(removed.body.data.has_unpublished_changes).toBe(true);
      expect((await pub.request('DELETE', botFilePath(bot.id, full[0]!.id))).status).toBe(404);
      const csv = await attach('price-list.csv', await upload(pub, 'price-list.csv'));
      expect(csv.status, csv.text).toBe(200);
      expect(csv.body.data.reference_files.map((f: { name: string }) => f.name)).toContain(
        'price-list.csv',
      );
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('refuses a file whose text cannot be read', async () => {
    const pub = await as(DEMO.publisher.email);
    const bot = await createBot(pub);
    const broken = await upload(
      pub,
      'broken.pdf',
      Buffer.from('%PDF-1.4\nthis is no PDF that a reader understands\n'),
    );
    const res = await pub.post(botFilesPath(bot.id), { name: 'broken.pdf', path: broken });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.path).toEqual([BOT_MESSAGES.unreadableFile('broken.pdf')]);
    expect((await detail(pub, bot.id)).reference_files).toEqual([]);
  });
});

describe('publisher bots: test runs', () => {
  it('lists the demo clips as samples', async () => {
    const pub = await as(DEMO.publisherUser.email);
    const res = await pub.get(sampleTranscriptsPath);
    expect(res.status, res.text).toBe(200);
    const samples = sampleTranscriptsResponseSchema.parse(res.body).data;
    expect(samples).toHaveLength(10);
    const furnace = samples.find((s) => s.id === '02-furnace-tune-up.ogg')!;
    expect(furnace).toMatchObject({ type: 'field-recording', call_type: null });
    expect(furnace.transcript).toBe(furnace.segments.map((s) => s.text).join(' '));
    expect(samples.find((s) => s.id === '04-csr-ac-repair-booked.ogg')!.call_type).toBe('Booked');
  });

  it('runs the unsaved draft over a sample and returns spans into its transcript', async () => {
    const pub = await as(DEMO.publisherUser.email);
    calls.length = 0;
    const draft = rulesBot({
      name: 'Flame sensor check',
      color: 'orange',
      output_tags: [
        {
          index: 0,
          label: 'Sensor',
          description: 'Was the flame sensor checked',
          rule: { phrases: ['flame sensor'], speaker: 'agent', extractors: [] },
        },
        {
          index: 1,
          label: 'Plan',
          description: '',
          rule: { phrases: ['membership that does not exist'], speaker: 'anyone', extractors: [] },
        },
      ],
    });
    const res = await pub.post(testRunPath, {
      bot: draft,
      bot_id: null,
      sample_id: '02-furnace-tune-up.ogg',
      transcript: null,
    });
    expect(res.status, res.text).toBe(200);
    const { transcript, segments, result } = testRunResponseSchema.parse(res.body).data;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.transcript.text).toBe(transcript);
    expect(calls[0]!.bot).toMatchObject({ name: 'Flame sensor check', referenceTexts: [] });
    expect(segments.length).toBeGreaterThan(1);
    expect(result).toMatchObject({
      bot_name: 'Flame sensor check',
      bot_color: 'orange',
      bot_icon: botIcon('orange'),
      status: 'success',
      version: 1,
      run_type: 'manual',
    });
    const gpt = gptResponseSchema.parse(JSON.parse(result.gpt_response!));
    expect(gpt.response_tags).toHaveLength(1);
    const span = gpt.response_tags[0]!;
    expect(transcript.slice(span.index_start, span.index_end).toLowerCase()).toBe('flame sensor');
    expect(span).toMatchObject({ tag_id: 0, verdict: null });
    const tags = outputTagSchema.array().parse(JSON.parse(result.output_tags!));
    expect(tags.map((tag) => [tag.id, tag.data])).toEqual([
      [0, span.text],
      [1, null],
    ]);
  });

  it("runs over a pasted transcript, with the saved bot's reference texts", async () => {
    const pub = await as(DEMO.publisher.email);
    const bot = await createBot(pub, rulesBot({ name: 'Bot with notes' }));
    await pub.post(botFilesPath(bot.id), {
      name: 'notes.txt',
      path: await upload(pub, 'notes.txt'),
    });
    calls.length = 0;
    const pasted = [
      '[00:01] Technician: Your system is fine.',
      '[00:07] Technician: Would you like our Maintenance Plan for $14.99?',
      '[00:12] Customer: Yes please.',
    ].join('\n');
    const res = await pub.post(testRunPath, {
      bot: rulesBot({ name: 'Bot with notes' }),
      bot_id: bot.id,
      sample_id: null,
      transcript: pasted,
    });
    expect(res.status, res.text).toBe(200);
    const { transcript, segments, result } = testRunResponseSchema.parse(res.body).data;
    expect(segments.map((s) => [s.start, s.speaker])).toEqual([
      [1, 'Technician'],
      [7, 'Technician'],
      [12, 'Customer'],
    ]);
    expect(transcript).toBe(segments.map((s) => s.text).join(' '));
    expect(calls[0]!.bot.referenceTexts.map((r) => [r.name, r.text])).toEqual([
      ['notes.txt', 'Ask about the thermostat.\nMention the 10% discount.'],
    ]);
    const span = gptResponseSchema.parse(JSON.parse(result.gpt_response!)).response_tags[0]!;
    expect(transcript.slice(span.index_start, span.index_end)).toBe('Maintenance Plan');
  });

  it('answers engine failures with readable messages, and refuses an empty or unknown transcript', async () => {
    const pub = await as(DEMO.publisher.email);
    const run = (body: Record<string, unknown>) =>
      pub.post(testRunPath, {
        bot: rulesBot(),
        bot_id: null,
        sample_id: null,
        transcript: 'Technician: hello',
        ...body,
      });
    // No language model is configured on this server.
    const llm = await run({ bot: rulesBot({ engine: 'llm', prompt: 'Find the plan.' }) });
    expect(llm.status, llm.text).toBe(422);
    expect(llm.body.message).toBe(LLM_NOT_CONFIGURED);
    const busy = await run({ bot: rulesBot({ name: BUSY_BOT }) });
    expect(busy.status, busy.text).toBe(503);
    expect(busy.body.message).toBe('The model is busy.');
    const none = await run({ transcript: '' });
    expect(none.status).toBe(422);
    expect(none.body.errors.transcript).toEqual(['Required']);
    const blank = await run({ transcript: '\n  \n' });
    expect(blank.status).toBe(422);
    const unknown = await run({ sample_id: '../../etc/passwd', transcript: null });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.sample_id).toEqual([BOT_MESSAGES.sampleNotFound]);
  });

  it(
    `allows ${TEST_RUN_LIMIT.max} test runs per user in the window, then 429 with Retry-After`,
    async () => {
      // A user of its own, so the other tests' runs do not count.
      const email = uniqueEmail('tester.publisher');
      await t.inspect((q) =>
        q(
          `insert into users (name, email, password_hash, email_verified_at, role_id, publisher_id)
         select 'Test Runner', $1, password_hash, now(), role_id, publisher_id from users where email = $2`,
          [email, DEMO.publisherUser.email],
        ),
      );
      const runner = await as(email);
      const body = { bot: rulesBot(), bot_id: null, sample_id: null, transcript: 'Technician: hi' };
      for (let i = 0; i < TEST_RUN_LIMIT.max; i += 1) {
        const res = await runner.post(testRunPath, body);
        expect(res.status, `run ${i + 1}: ${res.text}`).toBe(200);
      }
      const refused = await runner.post(testRunPath, body);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(refused.body.message).toBe(BOT_MESSAGES.tooManyTestRuns(wait));
      // Another user is not held back.
      expect((await (await as(DEMO.publisherUser.email)).post(testRunPath, body)).status).toBe(200);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
