/**
 * Benchmark (not a test) of time to insight on the offline defaults (pocketsphinx transcription,
 * the rules engine): from the audio being available to the bot result being visible.
 *
 *   npm run bench:insight                      (embedded PGlite: one process serves and works)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_WORKERS=2 npm run bench:insight
 *                                              (an HTTP-only server and 2 worker processes)
 *
 * Calls of BENCH_LENGTHS minutes (default 1,5,15) are synced through the real ServiceTitan adapter
 * from the local fake (test/support/fake-servicetitan.ts), which serves each company its own audio
 * (a demo CSR clip looped to the length, after a tone that makes the bytes unique: transcripts are
 * cached by content). The clock starts at the company's Sync press (the recording is in the CRM by
 * then) and stops at the bot result's finished_at. A technician's uploaded visit of one minute is
 * timed from its POST /api/company/recordings (the audio is uploaded by then).
 *
 * Two phases, in the same run:
 * - alone: one company per length, one after the other, on an idle queue (the baseline);
 * - busy: a company's first sync from the Demo CRM, with its history starting BENCH_BACKLOG_DAYS
 *   ago (about 1,000 calls), is queued first; then BENCH_COMPANIES companies per length sync one
 *   call each, one after the other, while that backlog is being worked. The Demo CRM's calls
 *   reuse a few clips, which the transcript cache would answer after their first run; the bench
 *   empties that company's cache every second, so the backlog is transcribed call by call, as
 *   a real company's distinct calls would be.
 * Goal: each length's median ≤ 0.5 × length + 30 s, and the busy phase's p95 ≤ 2 × the alone
 * median (fair turns: every company's first job runs before anyone's second).
 *
 * Vitest is only the harness (the test support's fakes and child server); the file is outside
 * the test suites' include patterns.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  botResultResponseSchema,
  createRecordingResponseSchema,
  customerListResponseSchema,
  integrationListResponseSchema,
  interactionListResponseSchema,
} from '@fieldbot/shared';
import { afterAll, expect, it } from 'vitest';
import { DEMO_AUDIO_DIR, loadDemoClips } from '../src/lib/demo-clips';
import { insertBots } from '../test/support/bots';
import {
  prepareChildServer,
  uploadedVisitBody,
  type ChildServer,
} from '../test/support/child-server';
import { connectCrm } from '../test/support/crm-sync';
import { DEMO } from '../test/support/demo';
import { startFakeServiceTitan } from '../test/support/fake-servicetitan';
import { insertUser } from '../test/support/interaction-fixtures';
import { insertFixtures, waitFor } from '../test/support/recordings';
import type { SqlQuery } from '../test/support/test-app';
import { createTestDatabase } from '../test/support/test-database';
import { hostLine } from './support/host-speed';
import { median, percentile } from './support/percentile';

const p95 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    95,
  );

const LENGTHS = (process.env.BENCH_LENGTHS ?? '1,5,15').split(',').map(Number);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 3);
const BACKLOG_DAYS = Number(process.env.BENCH_BACKLOG_DAYS ?? 225);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const VISIT_MINUTES = 1;
/** The longest any one measurement may take before the bench gives up. */
const MEASURE_TIMEOUT_MS = 3_600_000;

const exec = promisify(execFile);
const DAY_MS = 86_400_000;

interface MeasuredCompany {
  id: string;
  email: string;
  tenant: string;
  minutes: number;
  phase: 'alone' | 'busy';
}

interface Sample {
  phase: 'alone' | 'busy';
  kind: string;
  minutes: number;
  company: string;
  startedAt: Date;
  /** The interaction whose bot result is measured. */
  interactionId: string;
}

interface Timing {
  /** Start → the call in Fieldbot (the sync committed it); null for the uploaded visit. */
  arrivedSeconds: number | null;
  /** Start → the transcript done (the automatic bot run created). */
  transcribedSeconds: number;
  /** Start → the bot result finished: visible. */
  totalSeconds: number;
}

/** `minutes` of speech (a demo CSR clip looped) after a short tone of `toneHz`, as MP3. */
async function speechAudio(minutes: number, toneHz: number, type: 'csr-call' | 'field-recording') {
  const clip = loadDemoClips().find((c) => c.type === type)!;
  const { stdout } = await exec(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${toneHz}:duration=0.4`],
      ...['-stream_loop', '-1', '-i', path.join(DEMO_AUDIO_DIR, clip.file)],
      '-filter_complex',
      `[0:a]aresample=16000,aformat=channel_layouts=mono[t];` +
        `[1:a]aresample=16000,aformat=channel_layouts=mono,atrim=0:${minutes * 60}[s];` +
        `[t][s]concat=n=2:v=0:a=1`,
      ...['-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  return stdout;
}

async function insertCompany(q: SqlQuery, name: string, email: string): Promise<string> {
  const [company] = await q(
    `INSERT INTO companies (name, is_billing_connected, is_crm_connected)
     VALUES ($1, true, true) RETURNING id`,
    [name],
  );
  const id = String(company!.id);
  await insertUser(q, { email, name: `${name} Admin`, role: 'company_admin', companyId: id });
  return id;
}

/** Presses Sync as the company's admin; answers the interaction id of its first call, once synced. */
async function pressSync(server: ChildServer, email: string, slug: string) {
  const admin = server.client();
  await admin.login(email);
  const list = integrationListResponseSchema.parse(
    JSON.parse((await admin.request('GET', '/api/integration')).text),
  ).data;
  const integrationId = list.find((i) => i.slug === slug)!.id;
  const startedAt = new Date();
  const pressed = await admin.request('POST', '/api/integration/sync', {
    integration_id: integrationId,
  });
  expect(pressed.status, pressed.text).toBe(200);
  return { admin, startedAt, integrationId };
}

/** Syncs the company's one call and waits until its bot result is visible. */
async function syncedCall(server: ChildServer, company: MeasuredCompany): Promise<Sample> {
  const { admin, startedAt } = await pressSync(server, company.email, 'servicetitan');
  const interactionId = await waitFor(
    `${company.minutes}-minute call of ${company.tenant} to arrive`,
    async () => {
      const customers = customerListResponseSchema.parse(
        JSON.parse((await admin.request('GET', '/api/company/customers')).text),
      ).data.items;
      for (const customer of customers) {
        const list = interactionListResponseSchema.parse(
          JSON.parse((await admin.request('GET', `/api/company/interactions/${customer.id}`)).text),
        ).data.items;
        const call = list.find((i) => i.type === 'csr-call');
        if (call) return call.id;
      }
      return undefined;
    },
    MEASURE_TIMEOUT_MS,
  );
  await resultVisible(admin, interactionId, 'csr-call');
  return {
    phase: company.phase,
    kind: `${company.minutes}-minute call`,
    minutes: company.minutes,
    company: company.tenant,
    startedAt,
    interactionId,
  };
}

async function resultVisible(
  client: ReturnType<ChildServer['client']>,
  interactionId: string,
  type: string,
) {
  await waitFor(
    `the bot result of ${interactionId}`,
    async () => {
      const res = await client.request(
        'GET',
        `/api/company/bot-result/interaction/${interactionId}/${type}`,
      );
      if (res.status !== 200) return undefined;
      const latest = botResultResponseSchema.parse(JSON.parse(res.text)).data;
      const done = latest && latest.status !== 'running' && latest.results.length > 0;
      return done ? true : undefined;
    },
    MEASURE_TIMEOUT_MS,
  );
}

/** The technician uploads a visit; waits until its bot result is visible. */
async function uploadedVisit(
  server: ChildServer,
  phase: Sample['phase'],
  customerId: string,
  audio: Buffer,
): Promise<Sample> {
  const tech = server.client();
  await tech.login(DEMO.tech.email);
  const body = await uploadedVisitBody(tech, audio, customerId);
  const startedAt = new Date();
  const created = await tech.request('POST', '/api/company/recordings', body);
  expect(created.status, created.text).toBe(200);
  const interactionId = createRecordingResponseSchema.parse(JSON.parse(created.text)).data.id;
  await resultVisible(tech, interactionId, 'field-recording');
  return {
    phase,
    kind: `${VISIT_MINUTES}-minute uploaded visit`,
    minutes: VISIT_MINUTES,
    company: 'Acme',
    startedAt,
    interactionId,
  };
}

/** Each sample's stages, from the database (read when the server is stopped, for PGlite). */
async function timingsOf(q: SqlQuery, samples: Sample[]): Promise<Map<Sample, Timing>> {
  const out = new Map<Sample, Timing>();
  for (const sample of samples) {
    const [row] = await q(
      `SELECT i.created_at, min(r.created_at) AS transcribed_at, max(r.finished_at) AS finished_at
         FROM interactions i
         JOIN bot_runs br ON br.interaction_id = i.id AND br.run_type = 'automatic'
         JOIN bot_results r ON r.run_id = br.id
        WHERE i.id = $1
        GROUP BY i.created_at`,
      [sample.interactionId],
    );
    const since = (at: unknown) =>
      (new Date(at as string).getTime() - sample.startedAt.getTime()) / 1000;
    out.set(sample, {
      arrivedSeconds: sample.kind.includes('call') ? since(row!.created_at) : null,
      transcribedSeconds: since(row!.transcribed_at),
      totalSeconds: since(row!.finished_at),
    });
  }
  return out;
}

const lines: string[] = [];
afterAll(() => console.info(`\n${lines.join('\n')}`));

it(
  'time to insight',
  async () => {
    const host = hostLine();
    const db = await createTestDatabase();
    const workersLabel =
      WORKERS > 0
        ? `PostgreSQL, an HTTP server and ${WORKERS} worker process${WORKERS > 1 ? 'es' : ''}`
        : db.databaseUrl
          ? 'PostgreSQL, one process serving and working'
          : 'embedded PGlite, one process serving and working';

    const companies: MeasuredCompany[] = [];
    let tenant = 5000;
    for (const minutes of LENGTHS) {
      companies.push({ id: '', email: '', tenant: String(++tenant), minutes, phase: 'alone' });
      for (let i = 0; i < COMPANIES; i++) {
        companies.push({ id: '', email: '', tenant: String(++tenant), minutes, phase: 'busy' });
      }
    }
    const audio = new Map<string, Buffer>();
    for (const [i, c] of companies.entries()) {
      audio.set(c.tenant, await speechAudio(c.minutes, 300 + 20 * i, 'csr-call'));
    }
    const visitAudio = {
      alone: await speechAudio(VISIT_MINUTES, 2000, 'field-recording'),
      busy: await speechAudio(VISIT_MINUTES, 2100, 'field-recording'),
    };
    const crm = await startFakeServiceTitan({
      counts: { technicians: 1, customers: 1, locations: 1, jobs: 1, calls: 1 },
      otherTenants: companies.map((c) => c.tenant),
      recordingOf: (t) => {
        const body = audio.get(t);
        return body && { body, contentType: 'audio/mpeg' };
      },
    });
    const env = {
      SERVICETITAN_AUTH_URL: crm.url,
      SERVICETITAN_API_URL: crm.url,
      CRM_SYNC_INTERVAL_MINUTES: '0',
      CRM_CREDENTIALS_SECRET: 'time-to-insight-bench-crm-secret-0123456789',
    };
    const server = await prepareChildServer(db, env, { workers: WORKERS });
    const backlog = { email: 'backlog.admin@example.test', id: '' };
    let visitCustomer = '';
    try {
      const { credentials } = crm.controls;
      await server.query(async (q) => {
        for (const c of companies) {
          c.email = `insight.${c.tenant}@example.test`;
          c.id = await insertCompany(q, `Insight ${c.tenant}`, c.email);
          await connectCrm({ env }, q, c.id, 'servicetitan', {
            client_id: credentials.clientId,
            secret: credentials.clientSecret,
            tenant_id: c.tenant,
            app_key: credentials.appKey,
          });
        }
        backlog.id = await insertCompany(q, 'Backlog Plumbing', backlog.email);
        const start = new Date(Date.now() - BACKLOG_DAYS * DAY_MS).toISOString().slice(0, 10);
        await connectCrm({ env }, q, backlog.id, 'demo-crm', {
          tenant_id: '4242',
          start_date: start,
        });
        const [acme] = await q(`SELECT company_id FROM users WHERE email = $1`, [DEMO.admin.email]);
        await insertBots(q, [
          {
            name: 'Insight Call Bot',
            trigger: 'call-complete',
            trigger_event: 'every',
            companies: [...companies.map((c) => c.id), backlog.id],
          },
          {
            name: 'Insight Visit Bot',
            trigger: 'recording-complete',
            trigger_event: 'every',
            companies: [String(acme!.company_id)],
          },
        ]);
        visitCustomer = (await insertFixtures(q)).techCustomer;
      });

      await server.start();
      const samples: Sample[] = [];
      for (const c of companies.filter((x) => x.phase === 'alone')) {
        samples.push(await syncedCall(server, c));
      }
      samples.push(await uploadedVisit(server, 'alone', visitCustomer, visitAudio.alone));

      // The backlog: the Demo CRM company's first sync, finished (its calls queued) before the others.
      const backlogCache = path.join(db.dataDir, 'uploads', 'transcript-cache', backlog.id);
      const sweep = setInterval(() => {
        void rm(backlogCache, { recursive: true, force: true }).catch(() => undefined);
      }, 1000).unref();
      const big = await pressSync(server, backlog.email, 'demo-crm');
      await waitFor(
        'the backlog sync to finish',
        async () => {
          const list = integrationListResponseSchema.parse(
            JSON.parse((await big.admin.request('GET', '/api/integration')).text),
          ).data;
          const status = list.find((i) => i.slug === 'demo-crm')?.sync_process_status;
          expect(status).not.toBe('fail');
          return status === 'success' ? true : undefined;
        },
        600_000,
      );
      const busyStarted = new Date();
      for (const minutes of LENGTHS) {
        for (const c of companies.filter((x) => x.phase === 'busy' && x.minutes === minutes)) {
          samples.push(await syncedCall(server, c));
        }
      }
      samples.push(await uploadedVisit(server, 'busy', visitCustomer, visitAudio.busy));
      const busyEnded = new Date();
      clearInterval(sweep);

      await server.stop('SIGTERM');
      await server.clearCrashLock();
      const { timings, backlogCalls, backlogDone } = await server.query(async (q) => {
        const [calls] = await q(
          `SELECT count(*)::int AS n FROM interactions WHERE company_id = $1 AND type = 'csr-call'`,
          [backlog.id],
        );
        const [done] = await q(
          `SELECT count(*)::int AS n FROM bot_results WHERE company_id = $1 AND finished_at <= $2`,
          [backlog.id, busyEnded],
        );
        return {
          timings: await timingsOf(q, samples),
          backlogCalls: Number(calls!.n),
          backlogDone: Number(done!.n),
        };
      });

      lines.push(
        `Time to insight on the offline defaults (pocketsphinx, rules engine), ${workersLabel}.`,
        host,
        `Busy phase: Backlog Plumbing's first Demo CRM sync queued ${backlogCalls} calls; ` +
          `${backlogDone} of its bot results had finished when the busy phase ended ` +
          `(${((busyEnded.getTime() - busyStarted.getTime()) / 1000).toFixed(0)} s after it began).`,
      );
      const perSample = samples.map((s) => ({ s, t: timings.get(s)! }));
      console.table(
        perSample.map(({ s, t }) => ({
          phase: s.phase,
          what: s.kind,
          company: s.company,
          'in Fieldbot (s)': t.arrivedSeconds?.toFixed(1) ?? '–',
          'transcribed (s)': t.transcribedSeconds.toFixed(1),
          'result visible (s)': t.totalSeconds.toFixed(1),
        })),
      );
      const kinds = [...new Set(samples.map((s) => s.kind))];
      const summary = kinds.map((kind) => {
        const of = (phase: Sample['phase']) =>
          perSample
            .filter(({ s }) => s.kind === kind && s.phase === phase)
            .map(({ t }) => t.totalSeconds);
        const alone = median(of('alone'));
        const busy = of('busy');
        const minutes = samples.find((s) => s.kind === kind)!.minutes;
        const goal = 0.5 * minutes * 60 + 30;
        return {
          what: kind,
          'alone median (s)': alone.toFixed(1),
          'busy median (s)': median(busy).toFixed(1),
          'busy p95 (s)': p95(busy).toFixed(1),
          n: busy.length,
          'goal: median ≤ (s)': goal.toFixed(0),
          'median within goal': median([alone, ...busy]) <= goal ? 'yes' : 'no',
          'busy p95 ÷ alone median': (p95(busy) / alone).toFixed(2),
          'within 2×': p95(busy) <= 2 * alone ? 'yes' : 'no',
        };
      });
      console.table(summary);
      lines.push(JSON.stringify(summary));
    } finally {
      await server.stop('SIGKILL');
      await crm.close();
      await db.drop();
    }
  },
  4 * MEASURE_TIMEOUT_MS,
);
