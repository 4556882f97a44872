import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import {
  RETENTION_DELETED_FINDING,
  audioDeletedMessage,
  interactionAudioPath,
  interactionDetailResponseSchema,
  interactionTranscriptPath,
  transcriptDeletedMessage,
} from '@fieldbot/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/raw-rows';
import { drainDirtyDays } from '../src/jobs/dashboard-refresh';
import { RETENTION_CRON, RETENTION_SCAN_QUEUE } from '../src/jobs/retention-sweep';
import {
  sweepAllCompanies,
  sweepCompany,
  type RetentionCounts,
  type RetentionDeps,
} from '../src/modules/retention';
import { createLocalStorage } from '../src/providers/storage/local-storage';
import type { StorageProvider } from '../src/providers/storage/index';
import { withDb } from './support/drizzle-db';
import { insertUser } from './support/interaction-fixtures';
import {
  APP_URL,
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
  type SqlQuery,
} from './support/test-app';

/**
 * Retention (issue 27 §2) with an injected clock: the sweep runs on the test database and the
 * server's own storage folder, each run at a chosen "now", and the API then shows the result.
 * Company A keeps audio 30 days and transcripts 60; company B keeps everything (no setting).
 */
const t = useTestApp();
const as = signedInClients(t);

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** When the oldest interactions started. */
const BASE = new Date('2025-03-01T12:00:00Z');
const at = (ms: number) => new Date(BASE.getTime() + ms);
/** A shared object (like the demo clips): only pointed at, never deleted by retention. */
const SHARED_KEY = `demo-audio/retention-shared-${randomUUID().slice(0, 8)}.mp3`;

const storage = () =>
  createLocalStorage({ root: join(t.dataDir, 'uploads'), appUrl: APP_URL, maxBytes: 10_000_000 });

interface Fx {
  a: string;
  b: string;
  admin: string;
  ids: Record<
    'old1' | 'old2' | 'shared' | 'held' | 'recent1' | 'recent2' | 'other',
    { id: string; keys: string[] }
  >;
  results: { old1: string; customer: string; recentCustomer: string; held: string };
  cache: { old: string; fresh: string };
}
let fx: Fx;

async function insertInteraction(
  q: SqlQuery,
  input: {
    companyId: string;
    customerId: string;
    startedAt: Date;
    number: string;
    type?: 'field-recording' | 'csr-call';
    audioKey?: string;
    sourceKeys?: string[];
    sourceUrl?: string;
  },
): Promise<string> {
  const id = randomUUID();
  const text = `Transcript of ${input.number}: the customer said their card ends in 4242.`;
  await q(
    `INSERT INTO interactions (id, company_id, customer_id, number, type, status, started_at,
       duration_seconds, source_keys, source_url, audio_merge_status, transcript_status,
       transcript_text)
     VALUES ($1, $2, $3, $4, $5, 'completed', $6, 30, string_to_array($7, ','), $8,
       'completed', 'completed', $9)`,
    [
      id,
      input.companyId,
      input.customerId,
      input.number,
      input.type ?? 'field-recording',
      input.startedAt.toISOString(),
      (input.sourceKeys ?? []).join(','),
      input.sourceUrl ?? null,
      text,
    ],
  );
  await q(
    `INSERT INTO transcript_segments (interaction_id, position, start_seconds, end_seconds,
       speaker, text) VALUES ($1, 0, 0, 3, 'Speaker 1', $2)`,
    [id, text],
  );
  if (input.audioKey) {
    await q(
      `INSERT INTO audio_assets (interaction_id, storage_key, content_type, format,
         duration_seconds, size_bytes, peaks) VALUES ($1, $2, 'audio/mpeg', 'mp3', 30, 5, '[0.5]')`,
      [id, input.audioKey],
    );
  }
  await q(
    `INSERT INTO usage_records (company_id, interaction_id, seconds, recorded_at)
     VALUES ($1, $2, 30, $3)`,
    [input.companyId, id, input.startedAt.toISOString()],
  );
  return id;
}

/** A finished bot result with everything retention clears, its metering, a mark and a verdict. */
async function insertResult(
  q: SqlQuery,
  input: {
    companyId: string;
    customerId: string;
    interactionId: string | null;
    startedAt: Date;
  },
): Promise<string> {
  const [bot] = await q(
    `SELECT b.id AS bot_id, v.id AS version_id, b.publisher_id FROM bots b
     JOIN bot_versions v ON v.bot_id = b.id ORDER BY b.created_at, v.id LIMIT 1`,
  );
  const [run] = await q(
    `INSERT INTO bot_runs (company_id, target_type, customer_id, interaction_id, run_type, status,
       started_at, finished_at)
     VALUES ($1, $2, $3, $4, 'manual', 'success', $5, $5) RETURNING id`,
    [
      input.companyId,
      input.interactionId ? 'field-recording' : 'customer',
      input.customerId,
      input.interactionId,
      input.startedAt.toISOString(),
    ],
  );
  const outputTags = [
    { id: 0, label: 'Card mentioned', data: 'Card ending 4242', description: 'd', amounts: [] },
    { id: 1, label: 'Upsell', data: null, description: 'd' },
  ];
  const responseTags = [{ tag_id: 0, label: 'Card mentioned', index_start: 0, index_end: 4 }];
  const [result] = await q(
    `INSERT INTO bot_results (run_id, company_id, bot_id, version_id, status, transcript_text,
       raw_response, output_tags, response_tags, created_at, finished_at)
     VALUES ($1, $2, $3, $4, 'success', 'the transcript', '{"raw": true}', $5::jsonb, $6::jsonb,
       $7, $7) RETURNING id`,
    [
      run!.id,
      input.companyId,
      bot!.bot_id,
      bot!.version_id,
      JSON.stringify(outputTags),
      JSON.stringify(responseTags),
      input.startedAt.toISOString(),
    ],
  );
  await q(
    `INSERT INTO bot_usage (result_id, company_id, bot_id, version_id, engine, publisher_id,
       tokens_in, tokens_out, cost_millicents, billable, created_at)
     VALUES ($1, $2, $3, $4, 'rules', $5, 0, 0, 0, true, $6)`,
    [
      result!.id,
      input.companyId,
      bot!.bot_id,
      bot!.version_id,
      bot!.publisher_id,
      input.startedAt.toISOString(),
    ],
  );
  await q(
    `INSERT INTO bot_marks (bot_id, version_id, company_id, result_id, tag_id, kind, index_start,
       index_end, text, sentence) VALUES ($1, $2, $3, $4, 0, 'missed', 0, 4, 'card',
       'the card ends in 4242')`,
    [bot!.bot_id, bot!.version_id, input.companyId, result!.id],
  );
  await q(
    `INSERT INTO bot_result_feedback (result_id, tag_position, version_id, verdict)
     VALUES ($1, 0, $2, 'correct')`,
    [result!.id, bot!.version_id],
  );
  return result!.id as string;
}

/** Writes an object into the server's storage, as the pipeline would. */
async function putObject(key: string) {
  await storage().put(key, Buffer.from('audio'), 'audio/mpeg');
}

async function exists(key: string) {
  const object = await storage().get(key);
  object?.body.destroy();
  return object !== null;
}

const one = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  rowsOf<T>(await db.execute(query))[0]!;

const deps = (db: Db, now: Date, extra: Partial<RetentionDeps> = {}): RetentionDeps => ({
  db,
  storage: storage(),
  now: () => now,
  ...extra,
});

const zero: RetentionCounts = {
  audio: 0,
  transcripts: 0,
  botResults: 0,
  storageObjects: 0,
  transcriptCacheEntries: 0,
};

beforeAll(async () => {
  const suffix = randomUUID().slice(0, 8);
  const admin = `retention.admin.${suffix}@example.test`;
  fx = await t.inspect(async (q) => {
    const company = async (name: string, audio: number | null, transcript: number | null) => {
      const [row] = await q(
        `INSERT INTO companies (name, is_billing_connected, is_crm_connected,
           audio_retention_days, transcript_retention_days)
         VALUES ($1, true, true, $2, $3) RETURNING id`,
        [name, audio, transcript],
      );
      return row!.id as string;
    };
    const a = await company(`Retention A ${suffix}`, 30, 60);
    const b = await company(`Retention B ${suffix}`, null, null);
    await insertUser(q, { email: admin, name: 'Rita Admin', role: 'company_admin', companyId: a });
    const customer = async (companyId: string, name: string, legalHold: boolean) => {
      const [row] = await q(
        `INSERT INTO customers (company_id, external_id, name, type, legal_hold)
         VALUES ($1, $2, $3, 'Residential', $4) RETURNING id`,
        [companyId, `EXT-${randomUUID().slice(0, 8)}`, name, legalHold],
      );
      return row!.id as string;
    };
    const normal = await customer(a, 'Norma Normal', false);
    const held = await customer(a, 'Hal Held', true);
    const other = await customer(b, 'Otto Other', false);

    /** An interaction that owns its merged audio and an uploaded chunk. */
    const owned = async (name: string, companyId: string, customerId: string, startedAt: Date) => {
      const id = randomUUID();
      const merged = `audio/${companyId}/${id}.mp3`;
      const chunk = `recordings/${randomUUID()}/${randomUUID()}.webm`;
      await q(
        `INSERT INTO uploaded_files (company_id, folder, name, path, file_url, status)
         VALUES ($1, 'recordings', 'chunk.webm', $2, $3, 'uploaded')`,
        [companyId, chunk, `/api/files/${chunk}`],
      );
      const inserted = await insertInteraction(q, {
        companyId,
        customerId,
        startedAt,
        number: `R-${name}-${suffix}`,
        audioKey: merged,
        sourceKeys: [chunk],
      });
      // The merged key names the interaction: re-key it to the id the row got.
      const mergedKey = `audio/${companyId}/${inserted}.mp3`;
      await q(`UPDATE audio_assets SET storage_key = $2 WHERE interaction_id = $1`, [
        inserted,
        mergedKey,
      ]);
      return { id: inserted, keys: [mergedKey, chunk] };
    };

    const old1 = await owned('old1', a, normal, at(0));
    // A downloaded call: its recording is kept under calls/<company>/<id>.
    const old2Id = await insertInteraction(q, {
      companyId: a,
      customerId: normal,
      startedAt: at(HOUR),
      number: `CALL-old2-${suffix}`,
      type: 'csr-call',
    });
    const callKey = `calls/${a}/${old2Id}.wav`;
    await q(
      `UPDATE interactions SET source_keys = ARRAY[$2], source_url = 'https://crm.example/rec/1'
       WHERE id = $1`,
      [old2Id, callKey],
    );
    await q(
      `INSERT INTO audio_assets (interaction_id, storage_key, content_type, format,
         duration_seconds, size_bytes, peaks) VALUES ($1, $2, 'audio/mpeg', 'mp3', 30, 5, '[0.5]')`,
      [old2Id, `audio/${a}/${old2Id}.mp3`],
    );
    const shared = await insertInteraction(q, {
      companyId: a,
      customerId: normal,
      startedAt: at(2 * HOUR),
      number: `R-shared-${suffix}`,
      audioKey: SHARED_KEY,
    });
    const heldI = await owned('held', a, held, at(0));
    const recent1 = await owned('recent1', a, normal, at(20 * DAY));
    const recent2 = await owned('recent2', a, normal, at(20 * DAY + HOUR));
    const otherI = await insertInteraction(q, {
      companyId: b,
      customerId: other,
      startedAt: at(0),
      number: `R-other-${suffix}`,
      audioKey: SHARED_KEY,
    });

    const results = {
      old1: await insertResult(q, {
        companyId: a,
        customerId: normal,
        interactionId: old1.id,
        startedAt: at(HOUR),
      }),
      customer: await insertResult(q, {
        companyId: a,
        customerId: normal,
        interactionId: null,
        startedAt: at(2 * HOUR),
      }),
      recentCustomer: await insertResult(q, {
        companyId: a,
        customerId: normal,
        interactionId: null,
        startedAt: at(20 * DAY),
      }),
      held: await insertResult(q, {
        companyId: a,
        customerId: held,
        interactionId: heldI.id,
        startedAt: at(HOUR),
      }),
    };
    return {
      a,
      b,
      admin,
      ids: {
        old1,
        old2: { id: old2Id, keys: [`audio/${a}/${old2Id}.mp3`, callKey] },
        shared: { id: shared, keys: [SHARED_KEY] },
        held: heldI,
        recent1,
        recent2,
        other: { id: otherI, keys: [SHARED_KEY] },
      },
      results,
      cache: {
        old: `transcript-cache/${a}/${'a'.repeat(64)}.json`,
        fresh: `transcript-cache/${a}/${'b'.repeat(64)}.json`,
      },
    };
  });

  const keys = new Set(Object.values(fx.ids).flatMap((i) => i.keys));
  for (const key of keys) await putObject(key);
  // Cache entries aged by their files' times: one written an hour in, one twenty days in.
  for (const [key, written] of [
    [fx.cache.old, at(HOUR)],
    [fx.cache.fresh, at(20 * DAY)],
  ] as const) {
    await storage().put(key, Buffer.from('{"text":"","segments":[]}'), 'application/json');
    await utimes(join(t.dataDir, 'uploads', ...key.split('/')), written, written);
  }
}, HOOK_TIMEOUT_MS);

/** What retention may touch on one interaction, read back from the database. */
async function stateOf(db: Db, id: string) {
  return one<{
    audio_deleted_at: number | null;
    transcript_deleted_at: number | null;
    assets: number;
    source_keys: number;
    source_url: string | null;
    transcript_text: string | null;
    segments: number;
    search_empty: boolean;
    usage: number;
  }>(
    db,
    sql`select (extract(epoch from i.audio_deleted_at) * 1000)::float8 as audio_deleted_at,
      (extract(epoch from i.transcript_deleted_at) * 1000)::float8 as transcript_deleted_at,
      (select count(*)::int from audio_assets a where a.interaction_id = i.id) as assets,
      cardinality(i.source_keys) as source_keys, i.source_url, i.transcript_text,
      (select count(*)::int from transcript_segments s where s.interaction_id = i.id) as segments,
      i.transcript_search = ''::tsvector as search_empty,
      (select count(*)::int from usage_records u where u.interaction_id = i.id) as usage
    from interactions i where i.id = ${id}`,
  );
}

async function resultOf(db: Db, id: string) {
  return one<{
    transcript_text: string | null;
    raw_response: string | null;
    response_tags: unknown;
    output_tags: { data: string | null; amounts?: unknown }[] | string;
    marks: number;
    feedback: number;
    usage: number;
  }>(
    db,
    sql`select r.transcript_text, r.raw_response, r.response_tags, r.output_tags,
      (select count(*)::int from bot_marks m where m.result_id = r.id) as marks,
      (select count(*)::int from bot_result_feedback f where f.result_id = r.id) as feedback,
      (select count(*)::int from bot_usage u where u.result_id = r.id) as usage
    from bot_results r where r.id = ${id}`,
  );
}

const tagsOf = (value: { data: string | null; amounts?: unknown }[] | string) =>
  typeof value === 'string'
    ? (JSON.parse(value) as { data: string | null; amounts?: unknown }[])
    : value;

/** Company A's dashboard figures, after the refresh has caught up. */
async function rollups(db: Db) {
  await drainDirtyDays(db);
  return one<Record<string, number>>(
    db,
    sql`select
      (select coalesce(sum(interactions), 0)::int from dashboard_technician_days
        where company_id = ${fx.a}) as interactions,
      (select coalesce(sum(billed_seconds), 0)::float8 from dashboard_technician_days
        where company_id = ${fx.a}) as billed_seconds,
      (select coalesce(sum(runs), 0)::int from dashboard_bot_days where company_id = ${fx.a}) as runs,
      (select coalesce(sum(positive_runs), 0)::int from dashboard_bot_days
        where company_id = ${fx.a}) as positive_runs`,
  );
}

/** Marks every rolled-up day of company A dirty, so the next refresh rebuilds it from raw rows. */
async function rebuildRollups(db: Db) {
  await db.execute(sql`insert into dashboard_dirty_days (company_id, day)
    select company_id, day from dashboard_technician_days where company_id = ${fx.a}
    union select company_id, day from dashboard_bot_days where company_id = ${fx.a}
    on conflict do nothing`);
  return rollups(db);
}

function expectUntouched(state: Awaited<ReturnType<typeof stateOf>>, what: string) {
  expect(state.audio_deleted_at, what).toBeNull();
  expect(state.transcript_deleted_at, what).toBeNull();
  expect(state.assets, what).toBe(1);
  expect(state.transcript_text, what).not.toBeNull();
  expect(state.segments, what).toBe(1);
}

describe('retention sweep', () => {
  it(
    'deletes on its day, not the day before; holds, forever and other companies untouched; idempotent; resumable',
    async () => {
      await withDb(t, async (db) => {
        const dashboards = await rollups(db);
        expect(dashboards).toMatchObject({ interactions: 6, runs: 4, positive_runs: 4 });

        // The day before the oldest audio's day: nothing at all.
        expect(await sweepCompany(deps(db, at(29 * DAY)), fx.a)).toEqual(zero);
        // A millisecond before its 30 days are up, still nothing.
        expect(await sweepCompany(deps(db, at(30 * DAY - 1)), fx.a)).toEqual(zero);
        for (const key of fx.ids.old1.keys) expect(await exists(key), key).toBe(true);

        // Day 30 and three hours: old1, old2 and the shared one have expired audio.
        const audioDay = at(30 * DAY + 3 * HOUR);
        expect(await sweepCompany(deps(db, audioDay), fx.a)).toEqual({
          ...zero,
          audio: 3,
          // old1's merged audio and chunk, old2's merged audio and downloaded call.
          storageObjects: 4,
        });
        for (const name of ['old1', 'old2', 'shared'] as const) {
          const state = await stateOf(db, fx.ids[name].id);
          expect(state.audio_deleted_at, name).toBe(audioDay.getTime());
          expect(state.assets, name).toBe(0);
          expect(state.source_keys, name).toBe(0);
          expect(state.source_url, name).toBeNull();
          // Transcripts keep their own, longer time; usage (dashboards, billing) stays.
          expect(state.transcript_text, name).not.toBeNull();
          expect(state.transcript_deleted_at, name).toBeNull();
          expect(state.usage, name).toBe(1);
        }
        for (const name of ['old1', 'old2'] as const) {
          for (const key of fx.ids[name].keys) expect(await exists(key), key).toBe(false);
        }
        // The shared clip is still another company's audio.
        expect(await exists(SHARED_KEY)).toBe(true);
        expectUntouched(await stateOf(db, fx.ids.held.id), 'legal hold');
        expectUntouched(await stateOf(db, fx.ids.recent1.id), 'not yet expired');
        expectUntouched(await stateOf(db, fx.ids.other.id), 'company keeping everything');
        for (const key of fx.ids.held.keys) expect(await exists(key), key).toBe(true);
        const uploads = await one<{ n: number }>(
          db,
          sql`select count(*)::int as n from uploaded_files where path = ${fx.ids.old1.keys[1]!}`,
        );
        expect(uploads.n, 'the upload record stays for the quotas').toBe(1);

        // Twice: nothing more.
        expect(await sweepCompany(deps(db, audioDay), fx.a)).toEqual(zero);

        // A crash between batches: batches of one, and storage fails once on recent2's audio.
        const resumeDay = at(50 * DAY + 2 * HOUR);
        const real = storage();
        let failures = 0;
        const flaky: Pick<StorageProvider, 'delete' | 'list'> = {
          list: (prefix) => real.list(prefix),
          delete: async (key) => {
            if (key === fx.ids.recent2.keys[0] && failures === 0) {
              failures += 1;
              throw new Error('storage is down');
            }
            await real.delete(key);
          },
        };
        await expect(
          sweepCompany(deps(db, resumeDay, { storage: flaky, batchSize: 1 }), fx.a),
        ).rejects.toThrow('storage is down');
        expect((await stateOf(db, fx.ids.recent1.id)).assets).toBe(0);
        expect((await stateOf(db, fx.ids.recent2.id)).assets).toBe(1);
        expect((await stateOf(db, fx.ids.recent2.id)).audio_deleted_at).toBeNull();
        // The next run takes what is left, and only that.
        expect(
          await sweepCompany(deps(db, resumeDay, { storage: flaky, batchSize: 1 }), fx.a),
        ).toEqual({ ...zero, audio: 1, storageObjects: 2 });
        for (const key of [...fx.ids.recent1.keys, ...fx.ids.recent2.keys]) {
          expect(await exists(key), key).toBe(false);
        }

        // Day 60 and three hours: transcripts and bot results of old1, old2, shared, and the
        // customer-wide result run at hour two; the cache entry written in the first hour.
        const transcriptDay = at(60 * DAY + 3 * HOUR);
        expect(await sweepCompany(deps(db, transcriptDay), fx.a)).toEqual({
          ...zero,
          transcripts: 3,
          botResults: 2,
          transcriptCacheEntries: 1,
        });
        for (const name of ['old1', 'old2', 'shared'] as const) {
          const state = await stateOf(db, fx.ids[name].id);
          expect(state.transcript_deleted_at, name).toBe(transcriptDay.getTime());
          expect(state.transcript_text, name).toBeNull();
          expect(state.segments, name).toBe(0);
          expect(state.search_empty, name).toBe(true);
        }
        for (const id of [fx.results.old1, fx.results.customer]) {
          const result = await resultOf(db, id);
          expect(result.transcript_text).toBeNull();
          expect(result.raw_response).toBeNull();
          expect(result.response_tags).toBeNull();
          // The found tag keeps a marker (dashboards count found tags), the words go.
          expect(tagsOf(result.output_tags)).toEqual([
            { id: 0, label: 'Card mentioned', data: RETENTION_DELETED_FINDING, description: 'd' },
            { id: 1, label: 'Upsell', data: null, description: 'd' },
          ]);
          expect(result.marks).toBe(0);
          expect(result.feedback).toBe(0);
          expect(result.usage, 'metering stays for invoices and rollups').toBe(1);
        }
        for (const id of [fx.results.held, fx.results.recentCustomer]) {
          const result = await resultOf(db, id);
          expect(result.transcript_text).not.toBeNull();
          expect(result.marks).toBe(1);
        }
        expect(await exists(fx.cache.old)).toBe(false);
        expect(await exists(fx.cache.fresh)).toBe(true);
        expectUntouched(await stateOf(db, fx.ids.held.id), 'legal hold');
        expectUntouched(await stateOf(db, fx.ids.other.id), 'company keeping everything');
        expect(await sweepCompany(deps(db, transcriptDay), fx.a)).toEqual(zero);
        // Interactions, usage and metering stay, and found tags keep their marker: the
        // dashboards read the same, also when every day is rebuilt from the raw rows.
        expect(await rebuildRollups(db)).toEqual(dashboards);

        // Years later, over every company: the held customer and company B still keep theirs.
        const later = at(3 * 365 * DAY);
        const outcomes = await sweepAllCompanies(deps(db, later));
        expect(outcomes.map((o) => o.companyId)).toContain(fx.a);
        expect(outcomes.map((o) => o.companyId)).not.toContain(fx.b);
        expectUntouched(await stateOf(db, fx.ids.held.id), 'legal hold');
        expectUntouched(await stateOf(db, fx.ids.other.id), 'company keeping everything');
        expect(await exists(SHARED_KEY)).toBe(true);

        // One audit entry per run that deleted something: counts only, no user behind it.
        const audits = rowsOf<{ user_id: string | null; meta: Record<string, unknown> | string }>(
          await db.execute(sql`select user_id, meta from audit_log
            where event = 'retention.deleted' and company_id = ${fx.a} order by at`),
        ).map((row) => ({
          user_id: row.user_id,
          meta: typeof row.meta === 'string' ? JSON.parse(row.meta) : row.meta,
        }));
        expect(audits.map((a) => a.user_id)).toEqual([null, null, null, null, null]);
        expect(audits.map((a) => a.meta.audio)).toEqual([3, 1, 1, 0, 0]);
        expect(audits.map((a) => a.meta.transcripts)).toEqual([0, 0, 0, 3, 2]);
        expect(audits[0]!.meta).toEqual({
          ...zero,
          audio: 3,
          storageObjects: 4,
          audio_retention_days: 30,
          transcript_retention_days: 60,
        });
      });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('shows the deleted state on the interaction and refuses the audio and the transcript', async () => {
    const client = await as(fx.admin);
    const old = fx.ids.old1.id;
    const res = await client.request('GET', `/api/company/interaction/${old}/field-recording`);
    expect(res.status, res.text).toBe(200);
    const detail = interactionDetailResponseSchema.parse(res.body).data;
    expect(detail.audio_deleted_at).not.toBeNull();
    expect(detail.transcript_deleted_at).not.toBeNull();
    expect(detail.audio_url).toBeNull();
    expect(detail.transcript).toBeNull();
    expect(detail.transcript_segments).toEqual([]);
    expect(detail.transcript_url).toBeNull();

    const audio = await client.request('GET', interactionAudioPath(old, 'field-recording'));
    expect(audio.status).toBe(410);
    expect((audio.body as { message: string }).message).toBe(
      audioDeletedMessage(detail.audio_deleted_at!, 'UTC'),
    );
    const transcript = await client.request(
      'GET',
      interactionTranscriptPath(old, 'field-recording'),
    );
    expect(transcript.status).toBe(410);
    expect((transcript.body as { message: string }).message).toBe(
      transcriptDeletedMessage(detail.transcript_deleted_at!, 'UTC'),
    );

    // The sweep is scheduled daily, once across the worker processes.
    const [schedule] = await t.inspect((q) =>
      q(`select cron from pgboss.schedule where name = $1`, [RETENTION_SCAN_QUEUE]),
    );
    expect(schedule?.cron).toBe(RETENTION_CRON);

    // The held customer's recording still plays.
    const held = await client.request(
      'GET',
      interactionAudioPath(fx.ids.held.id, 'field-recording'),
    );
    expect(held.status).toBe(200);
  });
});
