/**
 * `npm run bench` (not a test; the npm script builds apps/web first). One run on PostgreSQL prints
 * and checks every budget of the first-load and session hot path (ADR 012, 013):
 *
 * 1. GET /api/user/me (logged in) against a bare Fastify route in the same process: the req/s
 *    ratio, goal ≥ 0.5 (also shown without the per-process session cache, for information);
 * 2. Lighthouse (default mobile throttling, Debian's Chromium) on /login, /customers and an
 *    interaction page as the logged-in demo admin: performance ≥ 90 and LCP ≤ 2.5 s;
 * 3. the JS and CSS the login page loaded in that Lighthouse run, gzipped from apps/web/dist:
 *    JS ≤ 150 KB, CSS ≤ 25 KB;
 * 4. Load: LOAD_SESSIONS (200) logged-in sessions, one connection each, for
 *    LOAD_SECONDS (60) cycling through /me, the customers list, a customer's interactions and an
 *    interaction's detail on the demo data: p99 ≤ 200 ms. The server runs in a process of its own
 *    (as `npm start` does), so that the load generator does not share its event loop;
 * 5. the customers and interactions lists at 10 connections on the full data set of
 *    bench/interactions.ts (100,000 customers, 1,000,000 interactions), p99 ≤ 50 ms.
 *
 * Every figure is printed; any goal missed is named on a `BENCH FAILED` line and the exit code is 1.
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 * the bench creates its own databases there and drops them. BENCH_SECONDS (default 10),
 * BENCH_CONNECTIONS (default 10), BENCH_LIGHTHOUSE_RUNS (default 1, the median is kept),
 * BENCH_LIGHTHOUSE_AS_INDEX (scores the pages as a host of that benchmarkIndex would, e.g. 1200),
 * BENCH_REUSE_DB (a database kept by `BENCH_KEEP_DB=1 npm run bench:interactions`, to skip the
 * data load) and BENCH_SKIP_LISTS=1 tune it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { createServer } from '../src/server';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { assetSizes, htmlAssets, totalGzip, type PageAssets } from './support/bundle-size';
import { login } from './support/http-login';
import {
  runLighthouse,
  type LighthouseFailure,
  type LighthouseFigures,
} from './support/lighthouse-run';
import { hostLine, hostSpeedIndex } from './support/host-speed';
import { kb, printTable } from './support/table';
import { benchServerEnv } from './support/bench-env';
import { runBench } from './support/run-bench';
import { startServerProcess } from './support/server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const WARMUP_SECONDS = 2;
const DEMO_ADMIN = { email: 'admin@demo.fieldbot.test', password: 'Demo@12345' };

const GOAL_ME_RATIO = 0.5;
const BUDGET_JS_KB = 150;
const BUDGET_CSS_KB = 25;
const GOAL_LIGHTHOUSE_SCORE = 90;
const GOAL_LCP_MS = 2500;
const GOAL_LIST_P99_MS = 50;
const LOAD_SESSIONS = Number(process.env.BENCH_LOAD_SESSIONS ?? 200);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const GOAL_LOAD_P99_MS = 200;

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../web/dist');

interface Goal {
  what: string;
  figure: string;
  goal: string;
  met: boolean;
}

const goals: Goal[] = [];
const check = (what: string, figure: string, goal: string, met: boolean) =>
  goals.push({ what, figure, goal, met });

// ---------------------------------------------------------------------------------------------
// /me against a bare route

interface Rate {
  target: string;
  rps: number;
  /** Requests per CPU second of this process (server and load generator alike). */
  perCpuSecond: number;
  p99: number;
  failures: number;
}

const ROUNDS = 3;

/**
 * Both targets in alternating slices (ROUNDS of SECONDS / ROUNDS each), so a change in the
 * machine's load during the run weighs on both alike; the CPU time this process spent per
 * request is measured too, as a shared machine starves both targets but not per request.
 */
async function meAgainstBare(base: string, cookie: string, bareUrl: string, label: string) {
  const targets: { target: string; url: string; headers: Record<string, string> }[] = [
    {
      target: `GET /api/user/me (logged in${label})`,
      url: `${base}/api/user/me`,
      headers: { cookie },
    },
    { target: 'GET /bare (bare Fastify, same process)', url: bareUrl, headers: {} },
  ];
  const totals = targets.map(() => ({
    requests: 0,
    seconds: 0,
    cpuMicros: 0,
    p99: 0,
    failures: 0,
  }));
  for (const t of targets) {
    await autocannon({
      url: t.url,
      connections: CONNECTIONS,
      duration: WARMUP_SECONDS,
      headers: t.headers,
    });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, t] of targets.entries()) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result: Result = await autocannon({
        url: t.url,
        connections: CONNECTIONS,
        duration: SECONDS / ROUNDS,
        headers: t.headers,
        timeout: 10,
      });
      const used = process.cpuUsage(cpu);
      const total = totals[i]!;
      total.requests += result.requests.total;
      total.seconds += (performance.now() - started) / 1000;
      total.cpuMicros += used.user + used.system;
      total.p99 = Math.max(total.p99, result.latency.p99);
      total.failures += result.non2xx + result.errors + result.timeouts;
    }
  }
  const [me, bare] = targets.map((t, i): Rate => ({
    target: t.target,
    rps: totals[i]!.requests / totals[i]!.seconds,
    perCpuSecond: totals[i]!.requests / (totals[i]!.cpuMicros / 1e6),
    p99: totals[i]!.p99,
    failures: totals[i]!.failures,
  })) as [Rate, Rate];
  return { me, bare, ratio: me.rps / bare.rps, cpuRatio: me.perCpuSecond / bare.perCpuSecond };
}

/** The demo admin's first customer with an interaction: its ids. */
async function firstInteraction(base: string, cookie: string) {
  const get = async (p: string) => {
    const res = await fetch(`${base}${p}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
    return ((await res.json()) as { data: { items: { id: string; type?: string }[] } }).data;
  };
  for (const customer of (await get('/api/company/customers')).items) {
    const [first] = (await get(`/api/company/interactions/${customer.id}`)).items;
    if (first) return { customerId: customer.id, id: first.id, type: first.type! };
  }
  throw new Error('no demo customer has an interaction');
}

/** Many sessions at once, each on its own connection, doing what the pages do. */
async function sustainedLoad(base: string): Promise<Rate & { requests: number }> {
  const accounts = ['admin', 'manager'].map((who) => ({
    email: `${who}@demo.fieldbot.test`,
    password: DEMO_ADMIN.password,
  }));
  const cookies: string[] = [];
  while (cookies.length < LOAD_SESSIONS) {
    const batch = Math.min(4, LOAD_SESSIONS - cookies.length);
    cookies.push(
      ...(await Promise.all(
        Array.from({ length: batch }, (_, i) => login(base, accounts[(cookies.length + i) % 2]!)),
      )),
    );
  }
  const shown = await firstInteraction(base, cookies[0]!);
  const paths = [
    '/api/user/me',
    '/api/company/customers',
    `/api/company/interactions/${shown.customerId}`,
    `/api/company/interaction/${shown.id}/${shown.type}`,
  ];
  let next = 0;
  const result: Result = await autocannon({
    url: base,
    connections: LOAD_SESSIONS,
    duration: LOAD_SECONDS,
    timeout: 10,
    requests: paths.map((path) => ({
      path,
      setupRequest: (request, context) => {
        context.cookie ??= cookies[next++ % cookies.length];
        return { ...request, headers: { ...request.headers, cookie: String(context.cookie) } };
      },
    })),
  });
  return {
    target: `${LOAD_SESSIONS} sessions for ${LOAD_SECONDS} s (/me, customers, interactions, detail)`,
    rps: result.requests.average,
    perCpuSecond: Number.NaN,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

// ---------------------------------------------------------------------------------------------
// Lists (bench/interactions.ts in a child process, so its data set and server are its own)

interface ListRow {
  name: string;
  connections: number;
  rps: number;
  p99: number;
  goal: boolean;
  bareRps: number;
  failures: number;
}

async function lists(adminUrl: string): Promise<{ rows: ListRow[]; dataSet: string } | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-lists-'));
  const resultFile = path.join(dir, 'result.json');
  try {
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [...process.execArgv, path.join(here, 'interactions.ts')],
        {
          stdio: 'inherit',
          env: {
            ...process.env,
            DATABASE_URL: adminUrl,
            BENCH_CONNECTIONS: String(CONNECTIONS),
            BENCH_RESULT_FILE: resultFile,
          },
        },
      );
      child.on('error', reject);
      child.on('exit', (c) => resolve(c ?? 1));
    });
    if (!existsSync(resultFile)) {
      console.log(`bench/interactions.ts ended with code ${code} and no result`);
      return null;
    }
    const result = JSON.parse(await readFile(resultFile, 'utf8')) as {
      dataSet: { customers: number; interactions: number; reused: boolean };
      rows: ListRow[];
    };
    const d = result.dataSet;
    return {
      rows: result.rows,
      dataSet:
        `full data set: ${d.customers.toLocaleString('en')} customers, ` +
        `${d.interactions.toLocaleString('en')} interactions` +
        (d.reused ? ' (BENCH_REUSE_DB, loaded earlier)' : ''),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

function bundleChecks(assets: PageAssets): void {
  console.log(`\nLogin page assets (${assets.source}; gzip -9 of apps/web/dist):`);
  printTable(
    ['file', 'raw KB', 'gzip KB'],
    [...assets.js, ...assets.css].map((f) => [f.file, kb(f.raw), kb(f.gzip)]),
  );
  const js = totalGzip(assets.js);
  const css = totalGzip(assets.css);
  check('login page JS, gzip', `${kb(js)} KB`, `≤ ${BUDGET_JS_KB} KB`, js <= BUDGET_JS_KB * 1024);
  check(
    'login page CSS, gzip',
    `${kb(css)} KB`,
    `≤ ${BUDGET_CSS_KB} KB`,
    css <= BUDGET_CSS_KB * 1024,
  );
}

function lighthouseChecks(figures: (LighthouseFigures | LighthouseFailure)[]): void {
  for (const f of figures) {
    if ('error' in f) {
      check(`Lighthouse, ${f.name}`, `not measured: ${f.error}`, 'a result', false);
      continue;
    }
    const where = new URL(f.finalUrl).pathname;
    const redirected = where === new URL(f.url).pathname ? '' : ` (ended at ${where})`;
    check(
      `Lighthouse mobile performance, ${f.name}${redirected}`,
      `${f.score} (host benchmarkIndex ${Math.round(f.benchmarkIndex)}, CPU slowdown ${f.cpuSlowdown.toFixed(1)}×)`,
      `≥ ${GOAL_LIGHTHOUSE_SCORE}`,
      f.score >= GOAL_LIGHTHOUSE_SCORE && redirected === '',
    );
    check(
      `Lighthouse mobile LCP, ${f.name}`,
      `${(f.lcpMs / 1000).toFixed(2)} s`,
      `≤ ${GOAL_LCP_MS / 1000} s`,
      f.lcpMs <= GOAL_LCP_MS,
    );
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(
    `Fieldbot benchmark on PostgreSQL: autocannon ${CONNECTIONS} connections, ${SECONDS} s per ` +
      `target after ${WARMUP_SECONDS} s warm-up; ${hostLine()}\n`,
  );
  if (!existsSync(path.join(webDist, 'index.html'))) {
    check('apps/web/dist built', 'missing', 'run npm run build -w @fieldbot/web', false);
  }

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-'));
  const databaseUrl = await createPostgresDatabase(adminUrl, 'fieldbot_bench_');
  const rates: Rate[] = [];
  let cpuRatio = Number.NaN;
  try {
    console.log(`Demo data in ${new URL(databaseUrl).pathname.slice(1)} …`);
    const env = benchServerEnv(dataDir, databaseUrl);
    const server = await createServer(loadConfig({ ...env }));
    try {
      const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await login(base, DEMO_ADMIN);
      console.log('GET /api/user/me against a bare route …');
      const m = await meAgainstBare(base, cookie, bareUrl, '');
      rates.push(m.me, m.bare);
      check(
        'GET /api/user/me req/s ÷ bare Fastify req/s',
        `${m.ratio.toFixed(3)} (${m.me.rps.toFixed(0)} ÷ ${m.bare.rps.toFixed(0)})`,
        `≥ ${GOAL_ME_RATIO}`,
        m.ratio >= GOAL_ME_RATIO && m.me.failures === 0,
      );
      console.log(
        `  req/s per CPU second of the process: ${m.me.perCpuSecond.toFixed(0)} ÷ ` +
          `${m.bare.perCpuSecond.toFixed(0)} = ${m.cpuRatio.toFixed(3)} (less sensitive to a shared machine)`,
      );
      cpuRatio = m.cpuRatio;

      const shown = await firstInteraction(base, cookie);
      if (existsSync(path.join(webDist, 'index.html'))) {
        console.log(`Lighthouse (${LIGHTHOUSE_RUNS} run(s) per page) …`);
        const pages = [
          { name: '/login', url: `${base}/login` },
          { name: '/customers', url: `${base}/customers`, cookie },
          {
            name: 'interaction page',
            url: `${base}/customers/${shown.customerId}/interaction/${shown.id}/${shown.type}`,
            cookie,
          },
        ];
        const figures = await runLighthouse(pages, LIGHTHOUSE_RUNS);
        lighthouseChecks(figures);
        const loginRun = figures[0];
        bundleChecks(
          loginRun && !('error' in loginRun)
            ? assetSizes(
                webDist,
                loginRun.assetPaths,
                'scripts and stylesheets /login loaded in the Lighthouse run',
              )
            : htmlAssets(webDist, 'login.html'),
        );
      }
    } finally {
      await server.close();
    }

    // For information: the same without the per-process session cache (one round trip per call).
    const noCache = await createServer(loadConfig({ ...env, SESSION_CACHE_MS: '0' }));
    try {
      const base = await noCache.app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await login(base, DEMO_ADMIN);
      const m = await meAgainstBare(base, cookie, bareUrl, ', SESSION_CACHE_MS=0');
      rates.push(m.me, m.bare);
    } finally {
      await noCache.close();
    }

    if (LOAD_SESSIONS > 0) {
      console.log(
        `${LOAD_SESSIONS} concurrent sessions for ${LOAD_SECONDS} s, the server in a process of its own …`,
      );
      const server = await startServerProcess(env);
      try {
        const load = await sustainedLoad(server.base);
        rates.push(load);
        check(
          `${LOAD_SESSIONS} concurrent sessions, p99`,
          `${load.p99.toFixed(0)} ms at ${load.rps.toFixed(0)} req/s, ${load.failures} failed ` +
            `(host speed index ${hostSpeedIndex()} after the load)`,
          `≤ ${GOAL_LOAD_P99_MS} ms, no failures`,
          load.p99 <= GOAL_LOAD_P99_MS && load.failures === 0,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await dropPostgresDatabase(adminUrl, databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
    await bare.close();
  }

  let listResult: Awaited<ReturnType<typeof lists>> = null;
  if (process.env.BENCH_SKIP_LISTS) {
    check('customers and interactions lists', 'skipped (BENCH_SKIP_LISTS)', '-', false);
  } else {
    console.log('\nCustomers and interactions lists (bench/interactions.ts) …\n');
    listResult = await lists(adminUrl);
    if (!listResult) check('customers and interactions lists', 'no result', '-', false);
    for (const r of listResult?.rows.filter((row) => row.goal) ?? []) {
      check(
        `${r.name}, p99 at ${r.connections} conn.`,
        `${r.p99.toFixed(0)} ms (${(r.rps / r.bareRps).toFixed(3)} × bare req/s)`,
        `≤ ${GOAL_LIST_P99_MS} ms`,
        r.p99 <= GOAL_LIST_P99_MS && r.failures === 0,
      );
    }
  }

  console.log(
    `\n=== Summary (load average ${loadavg()[0]!.toFixed(1)} at the end; figures are only ` +
      'comparable on an idle machine) ===\n',
  );
  printTable(
    ['target', 'req/s', 'req per CPU s', 'worst p99 ms', 'failures'],
    rates.map((r) => [
      r.target,
      r.rps.toFixed(0),
      Number.isNaN(r.perCpuSecond) ? '-' : r.perCpuSecond.toFixed(0),
      r.p99.toFixed(1),
      String(r.failures),
    ]),
  );
  console.log(`\n/me ÷ bare per CPU second (information): ${cpuRatio.toFixed(3)}`);
  if (listResult) console.log(`\nLists: ${listResult.dataSet}.`);
  console.log('');
  printTable(
    ['goal', 'figure', 'budget', 'verdict'],
    goals.map((g) => [g.what, g.figure, g.goal, g.met ? 'met' : 'NOT MET']),
  );
  const missed = goals.filter((g) => !g.met);
  if (missed.length > 0) {
    console.log('');
    for (const g of missed) console.log(`BENCH FAILED: ${g.what}: ${g.figure} (budget ${g.goal})`);
    process.exitCode = 1;
  } else {
    console.log('\nAll goals met.');
  }
}

runBench(main);
