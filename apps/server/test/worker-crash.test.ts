import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_COOKIE, CSRF_HEADER } from '@fieldbot/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createServer } from '../src/server';
import { DEMO_PASSWORD } from './support/api-client';
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
import { HOOK_TIMEOUT_MS, queryTestDatabase, type SqlQuery } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

// A worker process is killed (SIGKILL) in the middle of a transcription job and started again:
// the job is retried once its expiry has passed and finishes exactly once (one set of segments,
// one usage row, one interaction.completed). The process is `npm start` (server + workers, as in
// embedded mode, where PGlite allows one process), run as a child so that it can really die.

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let db: TestDatabase;
let stt: FakeSttServer;
let env: Record<string, string | undefined>;
let origin: string;
let fx: Fixtures;
let child: ChildProcess | undefined;
let output = '';

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs SQL on the test database while no server holds it (PGlite) or beside it (PostgreSQL). */
const query = <T>(run: (q: SqlQuery) => Promise<T>) => queryTestDatabase(db, run);

async function startChild(): Promise<void> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    'the server to answer',
    async () => {
      if (proc.exitCode !== null)
        throw new Error(`the server exited (${proc.exitCode}):\n${output}`);
      const ok = await fetch(`${origin}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      return ok ? true : undefined;
    },
    90_000,
  );
}

async function stopChild(signal: NodeJS.Signals): Promise<void> {
  const proc = child;
  child = undefined;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill(signal);
  await exited;
}

/** A browser-like client over real HTTP: cookies, and the CSRF header on mutating requests. */
class HttpClient {
  private jar = new Map<string, string>();

  async request(method: string, url: string, body?: Buffer | object, contentType?: string) {
    const headers: Record<string, string> = {
      cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const csrf = this.jar.get(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = decodeURIComponent(csrf);
    let payload: Buffer | string | undefined;
    if (Buffer.isBuffer(body)) payload = body;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = contentType ?? 'application/json';
    const res = await fetch(url.startsWith('http') ? url : `${origin}${url}`, {
      method,
      headers,
      body: payload,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      this.jar.set(name!.trim(), rest.join('='));
    }
    const text = await res.text();
    return {
      status: res.status,
      text,
      json: () => JSON.parse(text) as { data: Record<string, string> },
    };
  }

  async login(email: string) {
    await this.request('GET', '/api/csrf-cookie');
    const res = await this.request('POST', '/api/user/login', { email, password: DEMO_PASSWORD });
    expect(res.status, res.text).toBe(200);
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  stt = await startFakeSttServer();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl,
    SEED_DEMO: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: origin,
    LOG_LEVEL: 'error',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SESSION_CACHE_MS: '0',
    STT_BASE_URL: stt.baseUrl,
    STT_TIMEOUT_SECONDS: '120',
    // A job still active 8 s after it started belongs to a dead worker; look every second.
    PIPELINE_JOB_TIMEOUT_SECONDS: '8',
    JOB_MAINTENANCE_SECONDS: '1',
    PIPELINE_RETRY_LIMIT: '2',
    PIPELINE_RETRY_DELAY_SECONDS: '0',
  };
  if (env.DATABASE_URL === undefined) delete env.DATABASE_URL;
  // Migrations, demo data and pg-boss's schema, in this process; then the test's own rows.
  const prepared = await createServer(loadConfig({ ...env }));
  await prepared.close();
  await query(async (q) => {
    fx = await insertFixtures(q);
    await subscribeTestQueue(q);
  });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await stopChild('SIGKILL');
  await stt?.close();
  await db?.drop();
}, HOOK_TIMEOUT_MS);

it('finishes a job exactly once after its worker is killed mid-job and started again', async () => {
  await startChild();
  const tech = new HttpClient();
  await tech.login(DEMO.tech.email);
  const presign = await tech.request('POST', '/api/data/pre-signed-url', {
    folder: 'recordings',
    file_name: 'visit.wav',
  });
  expect(presign.status, presign.text).toBe(200);
  const { upload_url: uploadUrl, file_url: fileUrl } = presign.json().data as Record<
    string,
    string
  >;
  const put = await tech.request(
    'PUT',
    uploadUrl!,
    await renderAudio('sine=duration=2', 'wav'),
    'audio/wav',
  );
  expect(put.status, put.text).toBe(200);

  // The transcription service holds the first request: the worker is mid-job when it dies.
  stt.script({ kind: 'hang' });
  const body = {
    customer_id: fx.techCustomer,
    file_urls: [fileUrl],
    started_at: new Date().toISOString(),
  };
  const created = await tech.request('POST', '/api/company/recordings', body);
  expect(created.status, created.text).toBe(200);
  const { id, interaction_id: number } = created.json().data as {
    id: string;
    interaction_id: string;
  };
  await stt.waitForRequest(1);
  await stopChild('SIGKILL');

  // The dead process could not release the data folder's lock; an operator restarting after a
  // crash removes it (it would expire after 30 s anyway). PostgreSQL has no such lock.
  if (!db.databaseUrl) await rm(path.join(db.dataDir, '.lock'), { recursive: true, force: true });
  await startChild();
  await waitFor(
    'the interaction to complete after the restart',
    async () => {
      const res = await tech.request('POST', '/api/company/recordings', body);
      expect(res.status, res.text).toBe(200);
      return res.json().data.status === 'completed' ? true : undefined;
    },
    60_000,
  );
  await stopChild('SIGTERM');

  // The killed attempt and the retry reached the service; only the retry's answer was kept.
  expect(stt.requests.map((r) => [r.fileName, r.reply])).toEqual([
    [`${number}.mp3`, 'hang'],
    [`${number}.mp3`, 'ok'],
  ]);
  const state = await query(async (q) => ({
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
