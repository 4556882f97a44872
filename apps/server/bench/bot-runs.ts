/**
 * Benchmark (not a test) of bot automation, on PostgreSQL: 1,000 interactions
 * complete at once and each triggers the company's recording-complete bots (three here) as
 * automatic runs, one pg-boss job per bot, worked by the server process and BENCH_WORKERS extra
 * `npm run worker` processes (default 0). Prints runs/s, the time until every result has finished,
 * duplicates and lost runs (both must be 0), then the p99 of the interaction bot-result endpoint
 * under 10 connections.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:bots
 *
 * A fresh database fieldbot_bench_<random> is created and dropped at the end. The engines are the
 * ones the server is configured with (createBotEngines), so the figures include the real engine.
 * The data live in the demo's Globex company (the demo bots subscribe Acme), inserted with SQL;
 * the events are queued as pg-boss `publish` does (one job per subscribed queue).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createServer } from '../src/server';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv } from './support/bench-env';
import { login } from './support/http-login';
import { runBench } from './support/run-bench';

const INTERACTIONS = 1_000;
const SEGMENTS = 20;
const BOT_NAMES = ['Bench Visit Summary', 'Bench Price Quoted', 'Bench Concerns'];
const EXTRA_WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TIMEOUT_MS = 15 * 60_000;
const GLOBEX = { email: 'admin@globex.fieldbot.test', password: 'Demo@12345' };
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function loadData(q: (text: string, values?: unknown[]) => Promise<pg.QueryResult>) {
  const { rows } = await q(`SELECT company_id FROM users WHERE email = $1`, [GLOBEX.email]);
  const companyId = String(rows[0].company_id);
  // The demo gives Globex a hard capacity; a thousand runs would reach it and wait on the hold.
  await q(
    `UPDATE companies SET soft_capacity_cents = NULL, hard_capacity_cents = NULL WHERE id = $1`,
    [companyId],
  );
  const customer = await q(
    `INSERT INTO customers (company_id, external_id, name, type)
     VALUES ($1, 'BENCH-BOTS', 'Bench Bots Customer', 'Residential') RETURNING id`,
    [companyId],
  );
  const customerId = String(customer.rows[0].id);
  await q(
    `INSERT INTO interactions (company_id, customer_id, number, type, status, transcript_status,
       started_at)
     SELECT $1, $2, 'BENCH-' || g, 'field-recording', 'completed', 'completed',
       now() - g * interval '1 minute'
     FROM generate_series(1, ${INTERACTIONS}) g`,
    [companyId, customerId],
  );
  await q(
    `INSERT INTO transcript_segments (interaction_id, position, start_seconds, end_seconds, speaker, text)
     SELECT i.id, s, s * 5, s * 5 + 5, CASE WHEN s % 2 = 0 THEN 'Technician' ELSE 'Customer' END,
       CASE WHEN s % 2 = 0
         THEN 'We can add the annual maintenance plan for 189 dollars, it covers two visits.'
         ELSE 'I am worried the boiler is leaking again near the valve, is that expensive?' END
     FROM interactions i, generate_series(0, ${SEGMENTS - 1}) s WHERE i.customer_id = $1`,
    [customerId],
  );
  const publisher = await q(
    `INSERT INTO publishers (name, code) VALUES ('Bench Publisher', 'BENCHPUB') RETURNING id`,
  );
  const tags = JSON.stringify([
    {
      index: 0,
      label: 'Maintenance plan offered',
      description: 'Did the technician offer a plan?',
      rule: { phrases: ['maintenance plan'], speaker: 'agent', extractors: ['money'] },
    },
  ]);
  for (const name of BOT_NAMES) {
    const bot = await q(
      `INSERT INTO bots (publisher_id, name, prompt, color, trigger, trigger_event, output_tags,
         engine, status, latest_version, has_unpublished_changes)
       VALUES ($1, $2, 'Bench', 'blue', 'recording-complete', 'every', $3, 'rules', 'published', 1, false)
       RETURNING id`,
      [publisher.rows[0].id, name, tags],
    );
    const version = await q(
      `INSERT INTO bot_versions (bot_id, number, name, prompt, color, trigger, trigger_event,
         output_tags, engine, changelog)
       VALUES ($1, 1, $2, 'Bench', 'blue', 'recording-complete', 'every', $3, 'rules', 'Bench')
       RETURNING id`,
      [bot.rows[0].id, name, tags],
    );
    await q(`INSERT INTO company_bots (company_id, bot_id, version_id) VALUES ($1, $2, $3)`, [
      companyId,
      bot.rows[0].id,
      version.rows[0].id,
    ]);
  }
  const bots = await q(
    `SELECT count(*)::int AS n FROM company_bots cb JOIN bot_versions v ON v.id = cb.version_id
     WHERE cb.company_id = $1 AND v.trigger = 'recording-complete'`,
    [companyId],
  );
  return { companyId, customerId, botsPerInteraction: Number(bots.rows[0].n) };
}

function startWorker(env: Record<string, string | undefined>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (see the header).');
  const databaseUrl = await createPostgresDatabase(adminUrl, 'fieldbot_bench_');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-bots-'));
  const env = { ...benchServerEnv(dataDir, databaseUrl), RUN_WORKERS: 'true' };
  const client = new pg.Client({ connectionString: databaseUrl });
  const workers: ChildProcess[] = [];
  let server: Awaited<ReturnType<typeof createServer>> | undefined;
  try {
    server = await createServer(loadConfig({ ...env }));
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    await client.connect();
    const q = (text: string, values?: unknown[]) => client.query(text, values);
    const data = await loadData(q);
    for (let i = 0; i < EXTRA_WORKERS; i++) workers.push(startWorker(env));
    const expected = INTERACTIONS * data.botsPerInteraction;
    console.log(
      `${INTERACTIONS} interactions × ${data.botsPerInteraction} bots = ${expected} results; ` +
        `1 server process + ${EXTRA_WORKERS} worker process(es)`,
    );

    const started = Date.now();
    await q(
      `INSERT INTO pgboss.job (name, id, data)
       SELECT s.name, i.id, jsonb_build_object('interaction_id', i.id, 'company_id', i.company_id,
         'customer_id', i.customer_id, 'job_id', null, 'type', i.type, 'call_type', i.call_type)
       FROM interactions i, pgboss.subscription s
       WHERE s.event = 'interaction.completed' AND i.customer_id = $1`,
      [data.customerId],
    );
    let finished = 0;
    let allRunsAt: number | undefined;
    while (finished < expected) {
      if (Date.now() - started > TIMEOUT_MS) throw new Error('timed out waiting for the results');
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { rows } = await q(
        `SELECT (SELECT count(*)::int FROM bot_runs WHERE company_id = $1) AS runs,
                (SELECT count(*)::int FROM bot_results WHERE company_id = $1
                   AND status <> 'running') AS finished`,
        [data.companyId],
      );
      finished = Number(rows[0].finished);
      if (allRunsAt === undefined && Number(rows[0].runs) >= INTERACTIONS) allRunsAt = Date.now();
    }
    const elapsed = (Date.now() - started) / 1000;

    const { rows: checks } = await q(
      `SELECT
         (SELECT count(*) - count(DISTINCT interaction_id) FROM bot_runs WHERE company_id = $1)::int
           AS duplicate_runs,
         (SELECT count(*) - count(DISTINCT (run_id, bot_id)) FROM bot_results WHERE company_id = $1)::int
           AS duplicate_results,
         (SELECT count(*) - count(DISTINCT result_id) FROM bot_usage WHERE company_id = $1)::int
           AS duplicate_usage,
         (SELECT count(*) FROM interactions i WHERE i.customer_id = $2
            AND NOT EXISTS (SELECT 1 FROM bot_runs r WHERE r.interaction_id = i.id))::int
           AS lost_runs,
         (SELECT count(*) FROM bot_results b WHERE b.company_id = $1
            AND NOT EXISTS (SELECT 1 FROM bot_usage u WHERE u.result_id = b.id))::int
           AS unmetered_results,
         (SELECT count(*) FROM bot_results WHERE company_id = $1 AND status = 'success')::int
           AS succeeded,
         (SELECT min(error_message) FROM bot_results WHERE company_id = $1 AND status = 'failed')
           AS a_failure`,
      [data.companyId, data.customerId],
    );
    const c = checks[0]!;
    console.log(
      `all ${INTERACTIONS} runs created after ${((allRunsAt! - started) / 1000).toFixed(1)} s`,
    );
    console.log(`all ${expected} results finished after ${elapsed.toFixed(1)} s`);
    console.log(
      `runs/s ${(INTERACTIONS / elapsed).toFixed(1)} (${(INTERACTIONS / elapsed / (1 + EXTRA_WORKERS)).toFixed(1)} per worker process), results/s ${(expected / elapsed).toFixed(1)}`,
    );
    console.log(
      `duplicates: runs ${c.duplicate_runs}, results ${c.duplicate_results}, usage ${c.duplicate_usage}; ` +
        `lost runs ${c.lost_runs}; unmetered results ${c.unmetered_results}; ` +
        `succeeded ${c.succeeded} of ${expected}${c.a_failure ? ` (a failure: ${c.a_failure})` : ''}`,
    );

    const { rows: target } = await q(
      `SELECT id FROM interactions WHERE customer_id = $1 ORDER BY started_at DESC LIMIT 1`,
      [data.customerId],
    );
    const cookie = await login(address, GLOBEX);
    const url = `${address}/api/company/bot-result/interaction/${target[0].id}/field-recording`;
    const probe = await fetch(url, { headers: { cookie } });
    if (probe.status !== 200) throw new Error(`the result route answered ${probe.status}`);
    await autocannon({ url, connections: 10, duration: 2, headers: { cookie } });
    const result = await autocannon({
      url,
      connections: 10,
      duration: SECONDS,
      headers: { cookie },
    });
    console.log(
      `GET interaction bot-result, 10 connections, ${SECONDS} s: p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s, ` +
        `non-2xx ${result.non2xx}`,
    );
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await client.end().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await dropPostgresDatabase(adminUrl, databaseUrl).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
