import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  AUTH_MESSAGES,
  INTERACTION_MESSAGES,
  interactionAudioPath,
  interactionDetailResponseSchema,
  MESSAGES,
  openJobsResponseSchema,
  validationErrorSchema,
} from '@fieldbot/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import {
  FAKE_SEGMENTS,
  startFakeSttServer,
  type FakeSegment,
  type FakeSttServer,
} from './support/fake-stt-server';
import {
  insertCall,
  insertFixtures,
  keyOf,
  publishedEvents,
  renderAudio,
  splitBytes,
  subscribeTestQueue,
  uploadFile,
  waitFor,
  type Fixtures,
} from './support/recordings';
import { APP_URL, HOOK_TIMEOUT_MS, SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

// Ingestion → audio merge (real ffmpeg) → transcription (a local OpenAI-compatible server) →
// completed, with the pg-boss jobs of the pipeline running inside the test server.

const exec = promisify(execFile);
/** The company's default consent method asks the technician to confirm the customer agreed. */
const CONSENT_GIVEN = { customer_agreed: true };
let stt: FakeSttServer;
const env: Record<string, string> = {
  STT_API_KEY: 'test-stt-key',
  // 6 s recordings are sent in two pieces, so segment offsets are exercised.
  STT_CHUNK_SECONDS: '4',
  PIPELINE_RETRY_LIMIT: '1',
  PIPELINE_RETRY_DELAY_SECONDS: '0',
};
beforeAll(async () => {
  stt = await startFakeSttServer();
  env.STT_BASE_URL = stt.baseUrl;
});
const t = useTestApp({ env });
afterAll(async () => {
  await stt.close();
});

let tech: ApiClient;
let admin: ApiClient;
let globex: ApiClient;
let fx: Fixtures;
let callFromStorage: string;
let callFromCrm: string;
let globexCall: string;
/** Named in refused requests only: must never change. */
let untouchedCall: string;
/** Checked later, in one database read (on PGlite each read restarts the server). */
let refusedKey: string;
let recordingByJob: string;
/** A call the demo CRM connection brought in, recording in storage. */
let syncedCall: string;

beforeAll(async () => {
  tech = t.client();
  admin = t.client();
  globex = t.client();
  await tech.loginAs(DEMO.tech.email);
  await admin.loginAs(DEMO.admin.email);
  await globex.loginAs(DEMO.globex.email);
  // A call recording already in storage (as the demo data's are), and one the "CRM" serves.
  const stored = await uploadFile(
    admin,
    await renderAudio('sine=frequency=330:duration=3', 'ogg'),
    'call.ogg',
    'audio/ogg',
  );
  // Audio of its own: a transcript of the same audio would be reused without asking the service.
  const storedSynced = await uploadFile(
    admin,
    await renderAudio('sine=frequency=260:duration=2', 'ogg'),
    'synced-call.ogg',
    'audio/ogg',
  );
  stt.serveFile(
    'call-42.mp3',
    await renderAudio('sine=frequency=550:duration=2', 'mp3'),
    'audio/mpeg',
  );
  await t.inspect(async (q) => {
    fx = await insertFixtures(q, {
      tech: DEMO.tech.email,
      admin: DEMO.admin.email,
      manager: DEMO.manager.email,
      globex: DEMO.globex.email,
    });
    callFromStorage = await insertCall(
      q,
      fx.acme,
      fx.techCustomer,
      fx.openJob,
      `storage:${keyOf(stored)}`,
    );
    callFromCrm = await insertCall(
      q,
      fx.acme,
      fx.techCustomer,
      fx.openJob,
      `${stt.origin}/files/call-42.mp3`,
    );
    untouchedCall = await insertCall(
      q,
      fx.acme,
      fx.otherCustomer,
      fx.otherJob,
      `${stt.origin}/files/call-42.mp3`,
    );
    globexCall = await insertCall(
      q,
      fx.globex,
      fx.globexCustomer,
      fx.globexJob,
      `${stt.origin}/files/call-42.mp3`,
    );
    syncedCall = await insertCall(
      q,
      fx.acme,
      fx.techCustomer,
      fx.openJob,
      `storage:${keyOf(storedSynced)}`,
    );
    await q(
      `UPDATE interactions SET source_integration_id =
         (SELECT id FROM company_integrations WHERE company_id = $1 LIMIT 1)
       WHERE id = $2 RETURNING source_integration_id`,
      [fx.acme, syncedCall],
    ).then(([row]) => expect(row!.source_integration_id).toBeTruthy());
    await subscribeTestQueue(q);
  });
}, HOOK_TIMEOUT_MS);

/** Uploads `chunks` as the technician's recording chunks; returns their file URLs. */
async function uploadChunks(client: ApiClient, chunks: Buffer[], ext = 'webm'): Promise<string[]> {
  const urls: string[] = [];
  for (const [i, chunk] of chunks.entries()) {
    urls.push(await uploadFile(client, chunk, `chunk-${i + 1}.${ext}`, `audio/${ext}`));
  }
  return urls;
}

/** The ingestion call is idempotent, so repeating it is how a client (and this test) polls. */
async function waitForCompleted(client: ApiClient, body: object) {
  return waitFor('the recording to complete', async () => {
    const res = await client.post('/api/company/recordings', body);
    expect(res.status, res.text).toBe(200);
    return res.body.data.status === 'completed'
      ? (res.body.data as { id: string; interaction_id: string })
      : undefined;
  });
}

describe('POST /api/company/recordings validation and scope', () => {
  const startedAt = '2026-03-02T14:05:00Z';
  let chunk: Buffer;
  beforeAll(async () => {
    chunk = await renderAudio('sine=duration=1', 'wav');
  });

  it('answers bad bodies with 422 and the field messages', async () => {
    const [url] = await uploadChunks(tech, [chunk], 'wav');
    const cases: [object, string, string][] = [
      [{ customer_id: fx.techCustomer, started_at: startedAt }, 'file_urls', MESSAGES.required],
      [
        { customer_id: fx.techCustomer, file_urls: [], started_at: startedAt },
        'file_urls',
        MESSAGES.required,
      ],
      [{ file_urls: [url], started_at: startedAt }, 'customer_id', MESSAGES.required],
      [
        {
          customer_id: fx.techCustomer,
          job_id: fx.openJob,
          file_urls: [url],
          started_at: startedAt,
        },
        'customer_id',
        MESSAGES.required,
      ],
      [
        { customer_id: 'not-a-uuid', file_urls: [url], started_at: startedAt },
        'customer_id',
        MESSAGES.invalidValue,
      ],
      [
        { customer_id: fx.techCustomer, file_urls: [url], started_at: 'yesterday' },
        'started_at',
        MESSAGES.invalidValue,
      ],
      [{ customer_id: fx.techCustomer, file_urls: [url] }, 'started_at', MESSAGES.invalidValue],
    ];
    for (const [body, field, message] of cases) {
      const res = await tech.post('/api/company/recordings', body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(422);
      expect(validationErrorSchema.parse(res.body).errors[field], JSON.stringify(body)).toEqual([
        message,
      ]);
    }
  });

  it(
    'refuses file URLs that are not the caller’s uploaded recordings (422), creating nothing',
    async () => {
      const [own] = await uploadChunks(tech, [chunk], 'wav');
      const [adminsChunk] = await uploadChunks(admin, [chunk], 'wav');
      const photo = await uploadFile(tech, PNG, 'me.png', 'image/png', 'profile');
      const foreign = [
        ['https://evil.example/recordings/x.webm'],
        [own!, 'https://evil.example/recordings/x.webm'],
        [own!, adminsChunk!],
        [photo],
        [own!.replace(/\.wav$/, '.webm')],
        [own!, own!],
      ];
      for (const fileUrls of foreign) {
        const res = await tech.post('/api/company/recordings', {
          customer_id: fx.techCustomer,
          file_urls: fileUrls,
          started_at: startedAt,
        });
        expect(res.status, `${fileUrls.join(', ')}: ${res.text}`).toBe(422);
        expect(res.body.errors).toEqual({ file_urls: [MESSAGES.invalidValue] });
      }
      refusedKey = keyOf(own!);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('answers 404 for a customer or job outside the caller’s company or, for a technician, their jobs', async () => {
    const notVisible: [ApiClient, object][] = [
      [tech, { customer_id: fx.globexCustomer }],
      [tech, { job_id: fx.globexJob }],
      [admin, { customer_id: fx.globexCustomer }],
      [tech, { customer_id: fx.otherCustomer }],
      [tech, { job_id: fx.otherJob }],
      [tech, { customer_id: '00000000-0000-4000-8000-000000000000' }],
    ];
    for (const [client, target] of notVisible) {
      const res = await client.post('/api/company/recordings', {
        ...target,
        file_urls: await uploadChunks(client, [chunk], 'wav'),
        started_at: startedAt,
        consent: CONSENT_GIVEN,
      });
      expect(res.status, `${JSON.stringify(target)}: ${res.text}`).toBe(404);
    }
    // A company admin sees every customer of the company.
    const res = await admin.post('/api/company/recordings', {
      customer_id: fx.otherCustomer,
      file_urls: await uploadChunks(admin, [chunk], 'wav'),
      started_at: startedAt,
      consent: CONSENT_GIVEN,
    });
    expect(res.status, res.text).toBe(200);
  });

  it('is refused to anonymous callers', async () => {
    const res = await t.client().post('/api/company/recordings', {
      customer_id: fx.techCustomer,
      file_urls: ['x'],
      started_at: startedAt,
    });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/company/customer/{id}/open-jobs', () => {
  const openJobs = async (client: ApiClient, customerId: string) =>
    client.get(`/api/company/customer/${customerId}/open-jobs`);

  it('lists the jobs not completed, newest first; a technician sees only their own', async () => {
    for (const client of [tech, admin]) {
      const res = await openJobs(client, fx.techCustomer);
      expect(res.status, res.text).toBe(200);
      const jobs = openJobsResponseSchema.parse(res.body).data;
      expect(jobs.map((j) => j.id)).toEqual([fx.openJob, fx.olderJob]);
      expect(jobs[0]).toMatchObject({ status: 'dispatched', job_number: expect.any(String) });
      expect(Date.parse(jobs[0]!.created_at)).toBeGreaterThan(Date.parse(jobs[1]!.created_at));
    }
    // The other customer's only job is the manager's: the admin sees it.
    const res = await openJobs(admin, fx.otherCustomer);
    expect(openJobsResponseSchema.parse(res.body).data.map((j) => j.id)).toEqual([fx.otherJob]);
  });

  it('answers 404 for a customer outside the caller’s scope, 403 to other roles', async () => {
    for (const [client, customerId] of [
      [tech, fx.otherCustomer],
      [tech, fx.globexCustomer],
      [admin, fx.globexCustomer],
      [globex, fx.techCustomer],
      [admin, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await openJobs(client, customerId);
      expect(res.status, `${customerId}: ${res.text}`).toBe(404);
    }
    const publisher = t.client();
    await publisher.loginAs(DEMO.publisher.email);
    const refused = await openJobs(publisher, fx.techCustomer);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: AUTH_MESSAGES.forbidden });
    expect((await openJobs(t.client(), fx.techCustomer)).status).toBe(401);
  });
});

describe('recording file addresses', () => {
  it('are relative, and the absolute form of our own origin (stored data) is still accepted', async () => {
    const audio = await renderAudio('sine=duration=1', 'wav');
    const [relative] = await uploadChunks(tech, [audio], 'wav');
    expect(relative!.startsWith('/api/files/recordings/')).toBe(true);
    const res = await tech.post('/api/company/recordings', {
      customer_id: fx.techCustomer,
      file_urls: [`${APP_URL}${relative!}`],
      started_at: new Date().toISOString(),
      consent: CONSENT_GIVEN,
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe('a recording from uploaded chunks to a completed interaction', () => {
  it(
    'merges the chunks, draws the waveform, meters the time, transcribes, completes and tells subscribers once',
    async () => {
      const recording = await renderAudio('sine=frequency=440:duration=6', 'webm');
      const fileUrls = await uploadChunks(tech, splitBytes(recording, 3));
      const startedAt = '2026-03-02T14:05:00.000Z';
      const body = {
        customer_id: fx.techCustomer,
        file_urls: fileUrls,
        started_at: startedAt,
        consent: CONSENT_GIVEN,
      };
      const created = await tech.post('/api/company/recordings', body);
      expect(created.status, created.text).toBe(200);
      const { id, interaction_id: number } = created.body.data as {
        id: string;
        interaction_id: string;
      };
      expect(created.body).toEqual({
        data: { id, interaction_id: number, type: 'field-recording', status: 'in-progress' },
      });
      expect(number).toMatch(/^R-\d{6,}$/);

      // Sent twice (a client retrying after a lost answer): the same interaction, nothing new.
      const again = await tech.post('/api/company/recordings', body);
      expect(again.body.data.id).toBe(id);

      await waitForCompleted(tech, body);
      // Two 4-second pieces of a 6-second recording.
      const requests = stt.requests.filter((r) => r.fileName?.startsWith(`${number}-`));
      expect(requests).toHaveLength(2);
      for (const request of requests) {
        expect(request).toMatchObject({
          authorization: 'Bearer test-stt-key',
          model: 'whisper-1',
          responseFormat: 'verbose_json',
          granularities: ['segment'],
          fileType: 'audio/mpeg',
          reply: 'ok',
        });
        expect(request.fileName).toMatch(new RegExp(`^${number}-[12]\\.mp3$`));
      }

      // What the interaction page reads: audio, waveform and transcript, for the technician.
      const detail = await tech.get(`/api/company/interaction/${id}/field-recording`);
      expect(detail.status, detail.text).toBe(200);
      const shown = interactionDetailResponseSchema.parse(detail.body).data;
      expect(shown).toMatchObject({
        interaction_id: number,
        status: 'completed',
        audio_url: interactionAudioPath(id, 'field-recording'),
        audio_merge_status: 'completed',
        transcript_status: 'completed',
      });
      expect(Math.abs(shown.duration! - 6)).toBeLessThanOrEqual(0.5);
      expect(shown.audio_peaks).toHaveLength(Math.ceil(shown.duration! * 20));
      expect(shown.transcript_segments).toHaveLength(4);
      const range = await tech.get(shown.audio_url!, { headers: { range: 'bytes=0-99' } });
      expect(range.status).toBe(206);
      expect(range.headers['content-type']).toBe('audio/mpeg');

      // A recorded visit is transcribed ahead of CRM backfill calls (priority 1 against 0).
      const [transcribeJob] = await t.inspect((q) =>
        q(
          `SELECT priority FROM pgboss.job WHERE name = 'transcribe' AND data->>'interactionId' = $1`,
          [id],
        ),
      );
      expect(transcribeJob?.priority).toBe(1);

      const state = await t.inspect(async (q) => ({
        interaction: (await q(`SELECT * FROM interactions WHERE id = $1`, [id]))[0]!,
        asset: (await q(`SELECT * FROM audio_assets WHERE interaction_id = $1`, [id]))[0],
        segments: await q(
          `SELECT position, start_seconds, end_seconds, speaker, text FROM transcript_segments
           WHERE interaction_id = $1 ORDER BY position`,
          [id],
        ),
        usage: await q(`SELECT company_id, seconds FROM usage_records WHERE interaction_id = $1`, [
          id,
        ]),
        events: await publishedEvents(q, id),
        refused: (
          await q(`SELECT count(*)::int AS n FROM interactions WHERE $1 = ANY(source_keys)`, [
            refusedKey,
          ])
        )[0]!,
        count: (
          await q(`SELECT count(*)::int AS n FROM interactions WHERE source_keys[1] = $1`, [
            keyOf(fileUrls[0]!),
          ])
        )[0]!,
      }));

      expect(state.count.n).toBe(1);
      // The refused requests of the validation tests created nothing.
      expect(state.refused.n).toBe(0);
      const row = state.interaction;
      expect(row).toMatchObject({
        company_id: fx.acme,
        customer_id: fx.techCustomer,
        // By customer: the technician's newest job there that is not completed.
        job_id: fx.openJob,
        recorded_by_id: fx.techId,
        type: 'field-recording',
        status: 'completed',
        audio_merge_status: 'completed',
        audio_merge_error_message: null,
        transcript_status: 'completed',
        transcript_error_message: null,
        source_keys: fileUrls.map(keyOf),
      });
      expect(new Date(row.started_at as string).toISOString()).toBe(startedAt);
      const duration = Number(row.duration_seconds);
      expect(Math.abs(duration - 6)).toBeLessThanOrEqual(0.5);

      // The merged file: one MP3 of the right length where the asset says.
      const asset = state.asset!;
      expect(asset).toMatchObject({
        storage_key: `audio/${fx.acme}/${id}.mp3`,
        content_type: 'audio/mpeg',
        format: 'mp3',
      });
      expect(Number(asset.duration_seconds)).toBe(duration);
      const file = join(t.dataDir, 'uploads', 'audio', fx.acme, `${id}.mp3`);
      const probe = await exec('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_name,channels',
        '-of',
        'json',
        file,
      ]);
      const probed = JSON.parse(probe.stdout) as {
        format: { duration: string };
        streams: { codec_name: string; channels: number }[];
      };
      expect(probed.streams).toEqual([{ codec_name: 'mp3', channels: 1 }]);
      expect(Math.abs(Number(probed.format.duration) - 6)).toBeLessThanOrEqual(0.5);
      expect(Number(asset.size_bytes)).toBeGreaterThan(40_000);

      // Peaks: 20 a second, 0..1 with two decimals; a steady tone draws a flat, non-zero line.
      const peaks = asset.peaks as number[];
      expect(peaks).toHaveLength(Math.ceil(duration * 20));
      for (const peak of peaks) {
        expect(peak).toBeGreaterThanOrEqual(0);
        expect(peak).toBeLessThanOrEqual(1);
        expect(Math.round(peak * 100) / 100).toBe(peak);
      }
      expect(peaks.slice(5, -5).every((p) => p > 0.05)).toBe(true);

      // Segments of both pieces, the second shifted by its start (4 s, to the nearest MP3 frame).
      expect(state.segments.map((s) => [s.position, s.speaker, s.text])).toEqual([
        [0, 'Speaker 1', FAKE_SEGMENTS[0]!.text.trim()],
        [1, 'Speaker 1', FAKE_SEGMENTS[1]!.text.trim()],
        [2, 'Speaker 1', FAKE_SEGMENTS[0]!.text.trim()],
        [3, 'Speaker 1', FAKE_SEGMENTS[1]!.text.trim()],
      ]);
      expect(Number(state.segments[0]!.start_seconds)).toBe(0);
      expect(Number(state.segments[1]!.end_seconds)).toBeCloseTo(2.9, 3);
      expect(Number(state.segments[2]!.start_seconds)).toBeCloseTo(4, 1);
      expect(Number(state.segments[3]!.end_seconds)).toBeCloseTo(6.9, 1);
      const pieceText = FAKE_SEGMENTS.map((s) => s.text)
        .join('')
        .trim();
      expect(row.transcript_text).toBe(`${pieceText} ${pieceText}`);

      // Capacity metering: one row, the recording's seconds.
      expect(state.usage).toHaveLength(1);
      expect(state.usage[0]!.company_id).toBe(fx.acme);
      expect(Number(state.usage[0]!.seconds)).toBe(duration);

      // interaction.completed, once, with the interaction's ids.
      expect(state.events.map((e) => e.data)).toEqual([
        {
          interaction_id: id,
          company_id: fx.acme,
          customer_id: fx.techCustomer,
          job_id: fx.openJob,
          type: 'field-recording',
          call_type: null,
        },
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'numbers recordings per company in sequence and attaches the job given by job_id',
    async () => {
      const audio = await renderAudio('sine=duration=1', 'wav');
      const first = await tech.post('/api/company/recordings', {
        job_id: fx.olderJob,
        file_urls: await uploadChunks(tech, [audio], 'wav'),
        started_at: new Date().toISOString(),
        consent: CONSENT_GIVEN,
      });
      const second = await tech.post('/api/company/recordings', {
        customer_id: fx.techCustomer,
        file_urls: await uploadChunks(tech, [audio], 'wav'),
        started_at: new Date().toISOString(),
        consent: CONSENT_GIVEN,
      });
      expect(first.status, first.text).toBe(200);
      expect(second.status, second.text).toBe(200);
      const n = (res: typeof first) => Number(String(res.body.data.interaction_id).slice(2));
      expect(n(second)).toBe(n(first) + 1);
      // Another company counts on its own: Globex's next number does not follow Acme's.
      const globexRecording = await globex.post('/api/company/recordings', {
        customer_id: fx.globexCustomer,
        file_urls: await uploadChunks(globex, [audio], 'wav'),
        started_at: new Date().toISOString(),
        consent: CONSENT_GIVEN,
      });
      expect(globexRecording.status, globexRecording.text).toBe(200);
      expect(globexRecording.body.data.interaction_id).toMatch(/^R-\d{6,}$/);
      expect(n(globexRecording)).not.toBe(n(second) + 1);

      recordingByJob = first.body.data.id as string;
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'ends a recording whose audio cannot be read with the merge error, completed, and no event',
    async () => {
      const fileUrls = await uploadChunks(tech, [Buffer.from('this is not audio, just text')]);
      const body = {
        customer_id: fx.techCustomer,
        file_urls: fileUrls,
        started_at: new Date().toISOString(),
        consent: CONSENT_GIVEN,
      };
      const { id, interaction_id: number } = await waitForCompleted(tech, body);
      const state = await t.inspect(async (q) => ({
        row: (
          await q(
            `SELECT status, audio_merge_status, audio_merge_error_message, transcript_status, duration_seconds
             FROM interactions WHERE id = $1`,
            [id],
          )
        )[0],
        assets: await q(`SELECT 1 FROM audio_assets WHERE interaction_id = $1`, [id]),
        usage: await q(`SELECT 1 FROM usage_records WHERE interaction_id = $1`, [id]),
        events: await publishedEvents(q, id),
        byJob: (
          await q(`SELECT job_id, customer_id FROM interactions WHERE id = $1`, [recordingByJob])
        )[0],
      }));
      // (the previous test's recording by job_id: that job and its customer)
      expect(state.byJob).toEqual({ job_id: fx.olderJob, customer_id: fx.techCustomer });
      expect(state.row).toEqual({
        status: 'completed',
        audio_merge_status: 'error',
        audio_merge_error_message:
          'The recording could not be converted: its audio data is unreadable.',
        transcript_status: null,
        duration_seconds: null,
      });
      expect(state.assets).toEqual([]);
      expect(state.usage).toEqual([]);
      expect(state.events).toEqual([]);
      expect(stt.requests.some((r) => r.fileName?.startsWith(`${number}.`))).toBe(false);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('personal data said in a recording', () => {
  it(
    'is masked before the transcript is stored: a card number said across two segments',
    async () => {
      const said: FakeSegment[] = [
        { start: 0, end: 1.5, text: ' Sure, my card number is four one one one, one one one one,' },
        { start: 1.5, end: 3, text: ' one one one one, one one one one. Job 4417203398 is fine.' },
      ];
      // The fallback rather than a scripted next reply: an earlier test's recording still being
      // transcribed would take that one.
      const usual = stt.fallback;
      stt.fallback = { kind: 'ok', segments: said };
      onTestFinished(() => {
        stt.fallback = usual;
      });
      const audio = await renderAudio('sine=duration=2', 'wav');
      const body = {
        customer_id: fx.techCustomer,
        file_urls: await uploadChunks(tech, [audio], 'wav'),
        started_at: new Date().toISOString(),
        consent: CONSENT_GIVEN,
      };
      expect((await tech.post('/api/company/recordings', body)).status).toBe(200);
      const { id } = await waitForCompleted(tech, body);
      const stored = await t.inspect(async (q) => ({
        text: (await q(`SELECT transcript_text FROM interactions WHERE id = $1`, [id]))[0]!
          .transcript_text as string,
        segments: (
          await q(
            `SELECT text FROM transcript_segments WHERE interaction_id = $1 ORDER BY position`,
            [id],
          )
        ).map((r) => r.text as string),
      }));
      for (const text of [stored.text, stored.segments.join(' ')]) {
        expect(text).not.toMatch(/one one one one, one one one one/);
        expect(text).toContain('1111]');
        // A job number is not a card: it stays readable.
        expect(text).toContain('Job 4417203398 is fine.');
      }
      // Each segment keeps its length, so bots' offsets and the player's lines still agree.
      expect(stored.segments.map((x) => x.length)).toEqual(said.map((x) => x.text.trim().length));
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('POST /api/company/call/download', () => {
  const callState = (q: Parameters<Parameters<typeof t.inspect>[0]>[0], id: string) =>
    q(
      `SELECT status, download_status, audio_merge_status, transcript_status, source_keys
       FROM interactions WHERE id = $1`,
      [id],
    ).then((rows) => rows[0]);

  it(
    'answers 404 and changes nothing for another company or a call the caller cannot see',
    async () => {
      const cases: [ApiClient, object][] = [
        [admin, { call_ids: [untouchedCall], company_id: fx.globex }],
        [admin, { call_ids: [untouchedCall, globexCall], company_id: fx.acme }],
        [globex, { call_ids: [untouchedCall], company_id: fx.globex }],
        [globex, { call_ids: [untouchedCall], company_id: fx.acme }],
        // A field technician sees the calls of their jobs only; this one is on someone else's.
        [tech, { call_ids: [untouchedCall], company_id: fx.acme }],
        [admin, { call_ids: ['00000000-0000-4000-8000-000000000000'], company_id: fx.acme }],
      ];
      for (const [client, body] of cases) {
        const res = await client.post('/api/company/call/download', body);
        expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(404);
      }
      const bad = await admin.post('/api/company/call/download', {
        call_ids: [],
        company_id: fx.acme,
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.call_ids).toEqual([MESSAGES.required]);
      // That nothing changed is read with the next test's results (one database read).
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    're-downloads calls from storage and from the CRM, then merges and transcribes them',
    async () => {
      const res = await admin.post('/api/company/call/download', {
        call_ids: [callFromStorage, callFromCrm],
        company_id: fx.acme,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ message: INTERACTION_MESSAGES.callDownloadStarted });
      for (const call of [callFromStorage, callFromCrm]) {
        await waitFor('the call to complete', async () => {
          const detail = await admin.get(`/api/company/interaction/${call}/csr-call`);
          expect(detail.status, detail.text).toBe(200);
          return detail.body.data.status === 'completed' ? true : undefined;
        });
      }
      const states = await t.inspect(async (q) => ({
        storage: await callState(q, callFromStorage),
        crm: await callState(q, callFromCrm),
        crmAsset: (
          await q(`SELECT duration_seconds FROM audio_assets WHERE interaction_id = $1`, [
            callFromCrm,
          ])
        )[0],
        events: [
          ...(await publishedEvents(q, callFromStorage)),
          ...(await publishedEvents(q, callFromCrm)),
        ],
        refused: [await callState(q, untouchedCall), await callState(q, globexCall)],
        usage: await q(`SELECT 1 FROM usage_records WHERE interaction_id = ANY($1::uuid[])`, [
          [callFromStorage, callFromCrm],
        ]),
      }));
      for (const state of [states.storage, states.crm]) {
        expect(state).toMatchObject({
          status: 'completed',
          download_status: 'completed',
          audio_merge_status: 'completed',
          transcript_status: 'completed',
        });
      }
      expect(states.crm!.source_keys).toEqual([`calls/${fx.acme}/${callFromCrm}.mp3`]);
      expect(Math.abs(Number(states.crmAsset!.duration_seconds) - 2)).toBeLessThanOrEqual(0.5);
      expect(states.events).toHaveLength(2);
      expect(states.usage).toHaveLength(2);
      // The calls of the refused requests of the previous test are as they were.
      for (const state of states.refused) {
        expect(state).toEqual({
          status: 'in-progress',
          download_status: 'error',
          audio_merge_status: null,
          transcript_status: null,
          source_keys: [],
        });
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('a recorded visit while a synced call is being transcribed', () => {
  it(
    'is transcribed at once, not after the call',
    async () => {
      // The transcription service holds the call's request: its worker stays busy.
      const before = stt.requests.length;
      stt.script({ kind: 'hang' });
      const res = await admin.post('/api/company/call/download', {
        call_ids: [syncedCall],
        company_id: fx.acme,
      });
      expect(res.status, res.text).toBe(200);
      await stt.waitForRequest(before + 1);
      expect(stt.requests[before]).toMatchObject({ reply: 'hang' });
      expect(stt.requests[before]!.fileName).toMatch(/^CSR-/);

      const [url] = await uploadChunks(
        tech,
        [await renderAudio('sine=frequency=370:duration=1', 'wav')],
        'wav',
      );
      const body = {
        customer_id: fx.techCustomer,
        file_urls: [url],
        started_at: new Date().toISOString(),
        consent: CONSENT_GIVEN,
      };
      expect((await tech.post('/api/company/recordings', body)).status).toBe(200);
      const { interaction_id: number } = await waitForCompleted(tech, body);
      expect(stt.requests.at(-1)!.fileName).toBe(`${number}.mp3`);
      const call = await admin.get(`/api/company/interaction/${syncedCall}/csr-call`);
      expect(call.body.data).toMatchObject({
        status: 'in-progress',
        transcript_status: 'in-progress',
      });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
