import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareChildServer, uploadedVisitBody, type ChildServer } from './support/child-server';
import { DEMO } from './support/demo';
import { FAKE_SEGMENTS, startFakeSttServer, type FakeSttServer } from './support/fake-stt-server';
import {
  insertFixtures,
  publishedEvents,
  renderAudio,
  subscribeTestQueue,
  waitFor,
  type Fixtures,
} from './support/recordings';
import { HOOK_TIMEOUT_MS } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

// A worker process is killed (SIGKILL) in the middle of a transcription job and started again:
// the job is retried once its expiry has passed and finishes exactly once (one set of segments,
// one usage row, one interaction.completed). The process is `npm start` (server + workers, as in
// embedded mode, where PGlite allows one process), run as a child so that it can really die.

let db: TestDatabase;
let stt: FakeSttServer;
let server: ChildServer;
let fx: Fixtures;

beforeAll(async () => {
  db = await createTestDatabase();
  stt = await startFakeSttServer();
  server = await prepareChildServer(db, {
    STT_BASE_URL: stt.baseUrl,
    STT_TIMEOUT_SECONDS: '120',
    // A job still active 8 s after it started belongs to a dead worker; look every second.
    PIPELINE_JOB_TIMEOUT_SECONDS: '8',
    JOB_MAINTENANCE_SECONDS: '1',
    PIPELINE_RETRY_LIMIT: '2',
    PIPELINE_RETRY_DELAY_SECONDS: '0',
  });
  // The test's own rows, beside the demo data.
  await server.query(async (q) => {
    fx = await insertFixtures(q);
    await subscribeTestQueue(q);
  });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await stt?.close();
  await db?.drop();
}, HOOK_TIMEOUT_MS);

it('finishes a job exactly once after its worker is killed mid-job and started again', async () => {
  await server.start();
  const tech = server.client();
  await tech.login(DEMO.tech.email);
  const audio = await renderAudio('sine=duration=2', 'wav');
  const body = await uploadedVisitBody(tech, audio, fx.techCustomer);

  // The transcription service holds the first request: the worker is mid-job when it dies.
  stt.script({ kind: 'hang' });
  const created = await tech.request('POST', '/api/company/recordings', body);
  expect(created.status, created.text).toBe(200);
  const { id, interaction_id: number } = created.json().data as {
    id: string;
    interaction_id: string;
  };
  await stt.waitForRequest(1);
  await server.stop('SIGKILL');

  await server.clearCrashLock();
  await server.start();
  await waitFor(
    'the interaction to complete after the restart',
    async () => {
      const res = await tech.request('POST', '/api/company/recordings', body);
      expect(res.status, res.text).toBe(200);
      return res.json().data.status === 'completed' ? true : undefined;
    },
    60_000,
  );
  await server.stop('SIGTERM');

  // The killed attempt and the retry reached the service; only the retry's answer was kept.
  expect(stt.requests.map((r) => [r.fileName, r.reply])).toEqual([
    [`${number}.mp3`, 'hang'],
    [`${number}.mp3`, 'ok'],
  ]);
  const state = await server.query(async (q) => ({
    interaction: (
      await q(
        `SELECT status, audio_merge_status, transcript_status FROM interactions WHERE id = $1`,
        [id],
      )
    )[0],
    segments: await q(
      `SELECT position FROM transcript_segments WHERE interaction_id = $1 ORDER BY position`,
      [id],
    ),
    usage: await q(`SELECT seconds FROM usage_records WHERE interaction_id = $1`, [id]),
    events: await publishedEvents(q, id),
    transcribeJobs: await q(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'transcribe' AND data->>'interactionId' = $1`,
      [id],
    ),
  }));
  expect(state.interaction).toEqual({
    status: 'completed',
    audio_merge_status: 'completed',
    transcript_status: 'completed',
  });
  expect(state.segments.map((s) => s.position)).toEqual(FAKE_SEGMENTS.map((_, i) => i));
  expect(state.usage).toHaveLength(1);
  expect(state.events).toHaveLength(1);
  // One job, run twice: the attempt that died and its retry.
  expect(state.transcribeJobs).toEqual([{ state: 'completed', retry_count: 1 }]);
}, 150_000);
