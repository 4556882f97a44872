/**
 * Benchmark (not a test) of recovery from a dead worker, per job kind, with the default liveness
 * settings (JOB_HEARTBEAT_SECONDS, JOB_LIVENESS_SECONDS, JOB_MAINTENANCE_SECONDS and the pipeline
 * expiry left unset):
 *
 *   npm run bench:recovery                       (embedded PGlite: the server is the worker)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:recovery
 *
 * For each kind the real server runs as a child process (`src/main.ts`, HTTP and workers), a job
 * is started through the API, and the outside service it calls (the local fakes of test/support)
 * holds the request, so the worker is mid-job when it is killed with SIGKILL. The server is
 * started again at once (on PGlite after removing the dead process's lock, as an operator would)
 * and the figure is the time from the kill to the job's result being visible through the API.
 * The baseline, in the same run: the same job without a crash, from the request to its result.
 *
 * Vitest is only the harness here (it runs the test support's fakes and child server); the file
 * is outside the test suites' include patterns.
 */
import {
  botResultResponseSchema,
  customerListResponseSchema,
  interactionListResponseSchema,
} from '@fieldbot/shared';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { demoTranscribedRecording, insertBots } from '../test/support/bots';
import {
  prepareChildServer,
  uploadedVisitBody,
  type ChildServer,
  type HttpClient,
} from '../test/support/child-server';
import { companyOf, connectCrm } from '../test/support/crm-sync';
import { DEMO } from '../test/support/demo';
import { jsonAnswer, startFakeOpenAi } from '../test/support/fake-openai';
import { startFakeServiceTitan } from '../test/support/fake-servicetitan';
import { startFakeSttServer } from '../test/support/fake-stt-server';
import { insertFixtures, renderAudio, waitFor } from '../test/support/recordings';
import { createTestDatabase } from '../test/support/test-database';

interface Row {
  kind: string;
  baselineSeconds: number;
  recoverySeconds: number;
  afterRestartSeconds: number;
}
const rows: Row[] = [];
const seconds = (from: number) => (performance.now() - from) / 1000;

afterAll(() => {
  const config = loadConfig({ ...process.env, SESSION_SECRET: 'x'.repeat(32) });
  console.info(
    `\nWorker recovery on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} with the defaults: ` +
      `heartbeat ${config.jobLiveness.heartbeatSeconds} s, liveness ${config.jobLiveness.livenessSeconds} s, ` +
      `maintenance every ${config.jobMaintenanceSeconds} s, pipeline expiry ${config.pipeline.jobTimeoutSeconds} s`,
  );
  console.table(
    rows.map((r) => ({
      'job kind': r.kind,
      'no crash (s)': r.baselineSeconds.toFixed(1),
      'kill → result (s)': r.recoverySeconds.toFixed(1),
      'restart → result (s)': r.afterRestartSeconds.toFixed(1),
      'ratio to no crash': (r.recoverySeconds / r.baselineSeconds).toFixed(1),
    })),
  );
});

/** Runs `trigger` once undisturbed and once with a kill mid-job; `done` polls for the result. */
async function measure(
  kind: string,
  server: ChildServer,
  holdNext: () => void,
  held: () => boolean,
  trigger: () => Promise<() => Promise<boolean>>,
) {
  await server.start();
  let started = performance.now();
  const undisturbed = await trigger();
  await waitFor(`${kind} without a crash`, async () => ((await undisturbed()) ? true : undefined));
  const baselineSeconds = seconds(started);

  holdNext();
  const done = await trigger();
  await waitFor(`${kind} to reach its service`, async () => (held() ? true : undefined));
  started = performance.now();
  await server.stop('SIGKILL');
  await server.clearCrashLock();
  await server.start();
  const restarted = performance.now();
  await waitFor(`${kind} after the kill`, async () => ((await done()) ? true : undefined), 600_000);
  rows.push({
    kind,
    baselineSeconds,
    recoverySeconds: seconds(started),
    afterRestartSeconds: seconds(restarted),
  });
  await server.stop('SIGTERM');
}

/**
 * A technician's uploaded visit: `trigger` files a new recording and returns its check (the
 * recording completed: merged and transcribed).
 */
function uploadedVisits(server: ChildServer, techCustomer: string) {
  let tech: HttpClient | undefined;
  let frequency = 440;
  return async () => {
    // New audio each time: audio already transcribed is answered from the transcript cache.
    const audio = await renderAudio(`sine=frequency=${(frequency += 110)}:duration=2`, 'wav');
    tech ??= server.client();
    await tech.login(DEMO.tech.email);
    const body = await uploadedVisitBody(tech, audio, techCustomer);
    const created = await tech.request('POST', '/api/company/recordings', body);
    expect(created.status, created.text).toBe(200);
    return async () => {
      const res = await tech!.request('POST', '/api/company/recordings', body);
      return res.status === 200 && res.json().data.status === 'completed';
    };
  };
}

it('transcription', async () => {
  const db = await createTestDatabase();
  const stt = await startFakeSttServer();
  const server = await prepareChildServer(db, {
    STT_BASE_URL: stt.baseUrl,
    STT_TIMEOUT_SECONDS: '3600',
  });
  try {
    const fx = await server.query((q) => insertFixtures(q));
    const trigger = uploadedVisits(server, fx.techCustomer);
    const requestsBefore = () => stt.requests.length;
    let heldAt = 0;
    await measure(
      'transcription',
      server,
      () => {
        heldAt = requestsBefore();
        stt.script({ kind: 'hang' });
      },
      () => stt.requests.length > heldAt,
      trigger,
    );
  } finally {
    await server.stop('SIGKILL');
    await stt.close();
    await db.drop();
  }
}, 900_000);

it('LLM bot run', async () => {
  const db = await createTestDatabase();
  const openai = await startFakeOpenAi();
  const server = await prepareChildServer(db, {
    LLM_BASE_URL: openai.baseUrl,
    LLM_MODEL: 'gpt-bench',
    LLM_MAX_RETRIES: '0',
    LLM_TIMEOUT_SECONDS: '3600',
  });
  try {
    const target = await server.query(async (q) => {
      const { companyId: company, ...recording } = await demoTranscribedRecording(
        q,
        DEMO.admin.email,
      );
      const bots = await insertBots(q, [
        {
          name: 'Recovery Bot',
          trigger: 'recording-complete',
          trigger_event: 'every',
          engine: 'llm',
          companies: [company],
        },
      ]);
      return {
        ...recording,
        bot: bots['Recovery Bot']!.id,
      };
    });
    openai.fallback = jsonAnswer(
      { tags: { tag_0: { value: 'Yes', quotes: [target.quote] } } },
      {
        prompt_tokens: 100,
        completion_tokens: 10,
      },
    );
    let admin: HttpClient | undefined;
    const trigger = async () => {
      admin ??= server.client();
      await admin.login(DEMO.admin.email);
      const before = new Date();
      const run = await admin.request('POST', '/api/company/bot-run', {
        bot_ids: [target.bot],
        id: target.id,
        type: target.type,
      });
      expect(run.status, run.text).toBe(200);
      return async () => {
        const res = await admin!.request(
          'GET',
          `/api/company/bot-result/interaction/${target.id}/${target.type}`,
        );
        if (res.status !== 200) return false;
        const latest = botResultResponseSchema.parse(JSON.parse(res.text)).data;
        return Boolean(
          latest &&
          latest.status !== 'running' &&
          latest.results.some((r) => r.bot_id === target.bot) &&
          new Date(latest.run_at) >= new Date(before.getTime() - 1000),
        );
      };
    };
    let heldAt = 0;
    await measure(
      'LLM bot run',
      server,
      () => {
        heldAt = openai.requests.length;
        openai.script({ kind: 'hang' });
      },
      () => openai.requests.length > heldAt,
      trigger,
    );
  } finally {
    await server.stop('SIGKILL');
    await openai.close();
    await db.drop();
  }
}, 900_000);

it('audio merge', async () => {
  // ffmpeg behind a shim that hangs once when asked to (the hold file), so the worker is killed in
  // the middle of a merge; otherwise it is the real ffmpeg.
  const dir = await mkdtemp(path.join(tmpdir(), 'fieldbot-merge-hold-'));
  const hold = path.join(dir, 'hold');
  const held = path.join(dir, 'held');
  const shim = path.join(dir, 'ffmpeg');
  await writeFile(
    shim,
    `#!/bin/sh\nif [ -e '${hold}' ]; then rm -f '${hold}'; touch '${held}'; exec sleep 900; fi\nexec ffmpeg "$@"\n`,
  );
  await chmod(shim, 0o755);
  const db = await createTestDatabase();
  const stt = await startFakeSttServer();
  const server = await prepareChildServer(db, { STT_BASE_URL: stt.baseUrl, FFMPEG_PATH: shim });
  try {
    const fx = await server.query((q) => insertFixtures(q));
    await measure(
      'audio merge',
      server,
      () => void writeFile(hold, ''),
      // The held marker outlives the kill, so once seen it stays seen.
      () => existsSync(held),
      uploadedVisits(server, fx.techCustomer),
    );
  } finally {
    await server.stop('SIGKILL');
    await stt.close();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}, 900_000);

it('call download', async () => {
  const db = await createTestDatabase();
  const stt = await startFakeSttServer();
  // One customer, so every call is theirs; calls are added one per trigger.
  const crm = await startFakeServiceTitan({
    counts: { technicians: 1, customers: 1, locations: 1, jobs: 1, calls: 0 },
  });
  const env = {
    STT_BASE_URL: stt.baseUrl,
    SERVICETITAN_AUTH_URL: crm.url,
    SERVICETITAN_API_URL: crm.url,
    CRM_SYNC_INTERVAL_MINUTES: '0',
    CRM_CREDENTIALS_SECRET: 'worker-recovery-bench-crm-secret-0123456789',
  };
  const server = await prepareChildServer(db, env);
  try {
    const { credentials } = crm.controls;
    await server.query(async (q) =>
      connectCrm({ env }, q, await companyOf(q, DEMO.admin.email), 'servicetitan', {
        client_id: credentials.clientId,
        secret: credentials.clientSecret,
        tenant_id: credentials.tenantId,
        app_key: credentials.appKey,
      }),
    );
    let admin: HttpClient | undefined;
    let integrationId: number | undefined;
    /** The synced call's row in its customer's interactions, once the sync has brought it. */
    const callRow = async (callId: string) => {
      const customers = customerListResponseSchema.parse(
        JSON.parse((await admin!.request('GET', '/api/company/customers?keyword=Ortiz')).text),
      ).data.items;
      for (const customer of customers) {
        const list = interactionListResponseSchema.parse(
          JSON.parse(
            (await admin!.request('GET', `/api/company/interactions/${customer.id}`)).text,
          ),
        ).data.items;
        const row = list.find((i) => i.interaction_id === callId);
        if (row) return row;
      }
      return undefined;
    };
    const trigger = async () => {
      admin ??= server.client();
      await admin.login(DEMO.admin.email);
      if (integrationId === undefined) {
        const list = JSON.parse((await admin.request('GET', '/api/integration')).text) as {
          data: { id: number; slug: string }[];
        };
        integrationId = list.data.find((i) => i.slug === 'servicetitan')!.id;
      }
      const [callId] = crm.controls.addRecords('calls', 1);
      // 409 while the previous sync still runs (its lease); the press is taken once it is over.
      await waitFor('the Sync press to be taken', async () => {
        const res = await admin!.request('POST', '/api/integration/sync', {
          integration_id: integrationId,
        });
        return res.status === 200 ? true : undefined;
      });
      return async () => (await callRow(String(callId)))?.download_status === 'completed';
    };
    await measure(
      'call download',
      server,
      () => crm.controls.holdNextRecording(),
      () => crm.controls.held() > 0,
      trigger,
    );
  } finally {
    crm.controls.release();
    await server.stop('SIGKILL');
    await crm.close();
    await stt.close();
    await db.drop();
  }
}, 900_000);
