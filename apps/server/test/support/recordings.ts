import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { DEMO } from './demo';
import { sleep, type SqlQuery } from './test-app';

const exec = promisify(execFile);

/**
 * Renders an ffmpeg lavfi source (e.g. 'sine=frequency=440:duration=6') as mono audio in the given
 * container, streamed (no seeking back), as a browser's MediaRecorder writes it.
 */
export async function renderAudio(
  source: string,
  format: 'webm' | 'ogg' | 'wav' | 'mp3',
): Promise<Buffer> {
  const codec = { webm: 'libopus', ogg: 'libopus', wav: 'pcm_s16le', mp3: 'libmp3lame' }[format];
  const { stdout } = await exec(
    'ffmpeg',
    ['-v', 'error', '-f', 'lavfi', '-i', source, '-ac', '1', '-c:a', codec, '-f', format, 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

/** Cuts bytes into `n` pieces: MediaRecorder's timeslice chunks (only the first has the header). */
export function splitBytes(bytes: Buffer, n: number): Buffer[] {
  const size = Math.ceil(bytes.length / n);
  return Array.from({ length: n }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

/** POST /api/data/pre-signed-url, then PUT to the upload URL; returns the file_url. */
export async function uploadFile(
  client: ApiClient,
  body: Buffer,
  fileName: string,
  contentType: string,
  folder: 'recordings' | 'profile' = 'recordings',
): Promise<string> {
  const presign = await client.post('/api/data/pre-signed-url', { folder, file_name: fileName });
  expect(presign.status, presign.text).toBe(200);
  const { upload_url: uploadUrl, file_url: fileUrl } = presign.body.data as {
    upload_url: string;
    file_url: string;
  };
  const put = await client.request('PUT', uploadUrl, undefined, {
    raw: body,
    contentType,
    csrf: 'omit',
  });
  expect(put.status, put.text).toBe(200);
  return fileUrl;
}

/** The storage key of a file_url (a path of this server, `/api/files/{key}`). */
export const keyOf = (fileUrl: string) => fileUrl.slice('/api/files/'.length);

/** Polls until `check` returns a value other than undefined. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** A queue of the test's own subscribed to `interaction.completed`: each event is a job in it. */
export const TEST_EVENT_QUEUE = 'test-interaction-completed';

export async function subscribeTestQueue(q: SqlQuery): Promise<void> {
  await q(`SELECT pgboss.create_queue($1, '{"policy":"standard"}'::json)`, [TEST_EVENT_QUEUE]);
  await q(`INSERT INTO pgboss.subscription (event, name) VALUES ('interaction.completed', $1)`, [
    TEST_EVENT_QUEUE,
  ]);
}

export async function publishedEvents(q: SqlQuery, interactionId: string) {
  return q(`SELECT data FROM pgboss.job WHERE name = $1 AND data->>'interaction_id' = $2`, [
    TEST_EVENT_QUEUE,
    interactionId,
  ]);
}

export interface Fixtures {
  acme: string;
  globex: string;
  techId: string;
  adminId: string;
  /** Acme customer with jobs of the demo technician (one of them completed, the newest). */
  techCustomer: string;
  /** The technician's latest open job at techCustomer: a recording by customer attaches it. */
  openJob: string;
  olderJob: string;
  completedJob: string;
  /** Acme customer whose only job belongs to another technician (the manager here). */
  otherCustomer: string;
  otherJob: string;
  globexCustomer: string;
  globexJob: string;
}

let fixtureCounter = 0;

/**
 * Customers and jobs of the test's own (independent of the demo data's), inserted with SQL, for
 * the given accounts: by default the demo technician, admin and manager, and the Globex admin.
 */
export async function insertFixtures(
  q: SqlQuery,
  emails: { tech: string; admin: string; manager: string; globex: string } = {
    tech: DEMO.tech.email,
    admin: DEMO.admin.email,
    manager: DEMO.manager.email,
    globex: DEMO.globex.email,
  },
): Promise<Fixtures> {
  fixtureCounter += 1;
  const tag = `T${fixtureCounter}-${Date.now().toString(36)}`;
  const user = async (email: string) => {
    const [row] = await q(`SELECT id, company_id FROM users WHERE lower(email) = $1`, [email]);
    return { id: String(row!.id), companyId: String(row!.company_id) };
  };
  const tech = await user(emails.tech);
  const admin = await user(emails.admin);
  const manager = await user(emails.manager);
  const globexAdmin = await user(emails.globex);
  const customer = async (companyId: string, name: string) => {
    const [row] = await q(
      `INSERT INTO customers (company_id, external_id, name, type) VALUES ($1, $2, $3, 'Residential') RETURNING id`,
      [companyId, `${tag}-${name}`, `${name} ${tag}`],
    );
    return String(row!.id);
  };
  const job = async (
    companyId: string,
    customerId: string,
    technicianId: string,
    status: string,
    daysAgo: number,
  ) => {
    const [row] = await q(
      `INSERT INTO jobs (company_id, customer_id, job_number, technician_id, status, created_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6)) RETURNING id`,
      [companyId, customerId, `${tag}-J${daysAgo}-${status}`, technicianId, status, daysAgo],
    );
    return String(row!.id);
  };
  const techCustomer = await customer(tech.companyId, 'Tech Customer');
  const olderJob = await job(tech.companyId, techCustomer, tech.id, 'scheduled', 3);
  const openJob = await job(tech.companyId, techCustomer, tech.id, 'dispatched', 2);
  const completedJob = await job(tech.companyId, techCustomer, tech.id, 'completed', 1);
  const otherCustomer = await customer(tech.companyId, 'Other Customer');
  const otherJob = await job(tech.companyId, otherCustomer, manager.id, 'scheduled', 1);
  const globexCustomer = await customer(globexAdmin.companyId, 'Globex Customer');
  const globexJob = await job(
    globexAdmin.companyId,
    globexCustomer,
    globexAdmin.id,
    'scheduled',
    1,
  );
  return {
    acme: tech.companyId,
    globex: globexAdmin.companyId,
    techId: tech.id,
    adminId: admin.id,
    techCustomer,
    openJob,
    olderJob,
    completedJob,
    otherCustomer,
    otherJob,
    globexCustomer,
    globexJob,
  };
}

/** A CSR call as the CRM sync would create it: not downloaded yet, recording at `sourceUrl`. */
export async function insertCall(
  q: SqlQuery,
  companyId: string,
  customerId: string,
  jobId: string | null,
  sourceUrl: string,
  downloadStatus: 'error' | null = 'error',
): Promise<string> {
  fixtureCounter += 1;
  const [row] = await q(
    `INSERT INTO interactions (company_id, customer_id, job_id, number, type, call_type, status, download_status, source_url)
     VALUES ($1, $2, $3, $4, 'csr-call', 'Booked', 'in-progress', $5, $6) RETURNING id`,
    [
      companyId,
      customerId,
      jobId,
      `CSR-T${fixtureCounter}-${Date.now()}`,
      downloadStatus,
      sourceUrl,
    ],
  );
  return String(row!.id);
}
