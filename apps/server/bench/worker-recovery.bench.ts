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
import { botResultResponseSchema } from '@fieldbot/shared';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { demoTranscribedRecording, insertBots } from '../test/support/bots';
import {
  prepareChildServer,
  uploadedVisitBody,
  type ChildServer,
  type HttpClient,
} from '../test/support/child-server';
import { DEMO } from '../test/support/demo';
import { jsonAnswer, startFakeOpenAi } from '../test/support/fake-openai';
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

it('transcription', async () => {
  const db = await createTestDatabase();
  const stt = await startFakeSttServer();
  const server = await prepareChildServer(db, {
    STT_BASE_URL: stt.baseUrl,
    STT_TIMEOUT_SECONDS: '3600',
  });
  try {
    const fx = await server.query((q) => insertFixtures(q));
    let tech: HttpClient | undefined;
    let frequency = 440;
    const trigger = async () => {
      // New audio each time: audio already transcribed is answered from the transcript cache.
      const audio = await renderAudio(`sine=frequency=${(frequency += 110)}:duration=2`, 'wav');
      tech ??= server.client();
      await tech.login(DEMO.tech.email);
      const body = await uploadedVisitBody(tech, audio, fx.techCustomer);
      const created = await tech.request('POST', '/api/company/recordings', body);
      expect(created.status, created.text).toBe(200);
      return async () => {
        const res = await tech!.request('POST', '/api/company/recordings', body);
        return res.status === 200 && res.json().data.status === 'completed';
      };
    };
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
