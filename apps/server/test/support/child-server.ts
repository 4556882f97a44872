import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_COOKIE, CSRF_HEADER } from '@fieldbot/shared';
import { expect } from 'vitest';
import { loadConfig } from '../../src/config';
import { createServer } from '../../src/server';
import { DEMO_PASSWORD } from './api-client';
import { waitFor } from './recordings';
import { queryTestDatabase, type SqlQuery } from './test-app';
import type { TestDatabase } from './test-database';

/**
 * The real server (`src/main.ts`: HTTP and workers, as in embedded mode, where PGlite allows one
 * process) run as a child process on a test database, so that a test can SIGKILL it mid-job and
 * start it again: the crash tests of the job queues.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ChildServer {
  origin: string;
  /** Starts the process and waits until /api/health answers. */
  start(): Promise<void>;
  /** Sends `signal` and waits for the process to exit (nothing when it is not running). */
  stop(signal: NodeJS.Signals): Promise<void>;
  /**
   * What an operator does before restarting after a crash: the dead process could not release
   * PGlite's data folder lock (it would expire after 30 s anyway). PostgreSQL has no such lock.
   */
  clearCrashLock(): Promise<void>;
  /** SQL on the test database: on PGlite only while the child is stopped, beside it on PostgreSQL. */
  query<T>(run: (q: SqlQuery) => Promise<T>): Promise<T>;
  /** A browser-like client of this server. */
  client(): HttpClient;
}

/**
 * Prepares `db` in this process (migrations, demo data, pg-boss's schema) with the child's
 * environment plus `env`; the child is not started yet. With `workers` (PostgreSQL only) the
 * server serves HTTP alone and that many worker processes (`src/worker.ts`) work the queues.
 */
export async function prepareChildServer(
  db: TestDatabase,
  env: Record<string, string>,
  { workers = 0 }: { workers?: number } = {},
): Promise<ChildServer> {
  if (workers > 0 && !db.databaseUrl) throw new Error('Worker processes need PostgreSQL.');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string | undefined> = {
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
    ...(workers > 0 ? { RUN_WORKERS: 'false' } : {}),
    ...env,
  };
  if (childEnv.DATABASE_URL === undefined) delete childEnv.DATABASE_URL;
  const prepared = await createServer(loadConfig({ ...childEnv }));
  await prepared.close();

  let child: ChildProcess | undefined;
  let workerProcs: ChildProcess[] = [];
  let output = '';
  const spawnScript = (script: string) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: serverRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return proc;
  };
  const kill = async (proc: ChildProcess, signal: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill(signal);
    await exited;
  };
  return {
    origin,
    async start() {
      const proc = spawnScript('src/main.ts');
      child = proc;
      workerProcs = Array.from({ length: workers }, () => spawnScript('src/worker.ts'));
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
    },
    async stop(signal) {
      const procs = [...(child ? [child] : []), ...workerProcs];
      child = undefined;
      workerProcs = [];
      await Promise.all(procs.map((proc) => kill(proc, signal)));
    },
    async clearCrashLock() {
      if (!db.databaseUrl)
        await rm(path.join(db.dataDir, '.lock'), { recursive: true, force: true });
    },
    query: (run) => queryTestDatabase(db, run),
    client: () => new HttpClient(origin),
  };
}

/** A browser-like client over real HTTP: cookies, and the CSRF header on mutating requests. */
export class HttpClient {
  private jar = new Map<string, string>();

  constructor(private readonly origin: string) {}

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
    const res = await fetch(url.startsWith('http') ? url : `${this.origin}${url}`, {
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

/**
 * Uploads `audio` as a technician's recording through the pre-signed URL and returns the body of
 * POST /api/company/recordings that files it (the caller posts it, and may post it again to poll).
 */
export async function uploadedVisitBody(tech: HttpClient, audio: Buffer, customerId: string) {
  const presign = await tech.request('POST', '/api/data/pre-signed-url', {
    folder: 'recordings',
    file_name: 'visit.wav',
  });
  expect(presign.status, presign.text).toBe(200);
  const { upload_url: uploadUrl, file_url: fileUrl } = presign.json().data as Record<
    string,
    string
  >;
  const put = await tech.request('PUT', uploadUrl!, audio, 'audio/wav');
  expect(put.status, put.text).toBe(200);
  return {
    customer_id: customerId,
    file_urls: [fileUrl],
    started_at: new Date().toISOString(),
    // The company's default consent method: the technician confirms the customer agreed.
    consent: { customer_agreed: true },
  };
}
