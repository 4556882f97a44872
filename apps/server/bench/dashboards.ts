/**
 * Benchmark (not a test) of the dashboards at scale on PostgreSQL:
 *
 * 1. the JS a dashboard page loads beyond the app's entry: apps/web built into a temp folder with
 *    Vite's manifest, the route's chunks (page, logged-in shell, lazy parts of the page) minus
 *    index.html's closure (what every page of the app loads first), gzip -9;
 * 2. one company (the demo's Acme) with 24 months of history — 1,000,000 interactions, 300,000
 *    jobs, 500,000 bot results metered in bot_usage, usage records (support/dashboard-data.ts) —
 *    loaded with INSERT … SELECT generate_series and triggers off, then every day marked dirty in
 *    one statement and the rollups built with refreshDirtyDays (days/s printed);
 * 3. GET /api/company/dashboard (a full month, as the company admin and as a field technician) and
 *    GET /api/publisher/dashboard (a full month, the demo publisher) under autocannon against a bare
 *    Fastify route in the same run: p50, p99, req/s and the ratios to the bare route (goal p99 ≤
 *    50 ms on 2 cores; reported, as the other benches do, not failed);
 * 4. EXPLAIN (ANALYZE, BUFFERS) of every read the dashboard routes send, captured from the server's
 *    own node-postgres client during one request each: top line and execution time.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dashboards
 *
 * A fresh database fieldbot_bench_<random> is created and dropped at the end (BENCH_KEEP_DB=1 keeps
 * it; BENCH_REUSE_DB=<its URL> measures it again without loading). BENCH_SCALE (default 1) scales
 * the data set, BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default '10') the load,
 * BENCH_SKIP_WEB=1 skips the web build, BENCH_PLANS=full prints whole plans.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  companyDashboardPath,
  previousMonth,
  publisherDashboardPath,
  toMonthValue,
} from '@fieldbot/shared';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { markCompanyDays, refreshDirtyDays } from '../src/modules/dashboards/rollup-refresh';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv, prepareBenchDatabase } from './support/bench-env';
import { totalGzip } from './support/bundle-size';
import { captureQueries, type CapturedQuery } from './support/capture-queries';
import {
  DASHBOARD_ACCOUNTS,
  dashboardDataSet,
  loadDashboardData,
  type LoadedIds,
} from './support/dashboard-data';
import { login } from './support/http-login';
import { accountTargets, flagFailures, measure, type Row } from './support/measure-routes';
import { startBareProcess, startServerProcess } from './support/server-process';
import { buildWebWithManifest, routeJsBeyondEntry } from './support/route-chunks';
import { runBench } from './support/run-bench';
import { hostLine } from './support/host-speed';
import { kb, printTable } from './support/table';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10')
  .split(',')
  .map((c) => Number(c.trim()))
  .filter((c) => Number.isInteger(c) && c > 0);
const WARMUP_SECONDS = 2;
const GOAL_P99_MS = 50;
const PASSWORD = 'Demo@12345';
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** The month before this one (UTC; the company's zone differs only in the first hours of a month). */
function lastMonthValue(now = new Date()): string {
  return toMonthValue(previousMonth({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }));
}

interface BenchRoute {
  name: string;
  path: string;
  as: keyof typeof DASHBOARD_ACCOUNTS;
  goal: boolean;
}

function dashboardRoutes(): BenchRoute[] {
  const month = `?month=${encodeURIComponent(lastMonthValue())}`;
  return [
    {
      name: 'company dashboard, admin, last month',
      path: `${companyDashboardPath}${month}`,
      as: 'companyAdmin',
      goal: true,
    },
    {
      name: 'company dashboard, field technician, last month',
      path: `${companyDashboardPath}${month}`,
      as: 'technician',
      goal: true,
    },
    {
      name: 'publisher dashboard, last month',
      path: `${publisherDashboardPath}${month}`,
      as: 'publisher',
      goal: true,
    },
    {
      name: 'company dashboard, admin, this month (default)',
      path: companyDashboardPath,
      as: 'companyAdmin',
      goal: false,
    },
  ];
}

// ---------------------------------------------------------------------------------------------

async function webBudget(): Promise<void> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-web-'));
  try {
    console.log('Building apps/web with a manifest …');
    await buildWebWithManifest(webRoot, outDir);
    const routes = [
      ['company dashboard', ['src/features/company-dashboard/']],
      ['publisher dashboard', ['src/features/publisher-dashboard/']],
      // Pages that must not carry the charts: their totals should not move with the dashboards.
      ['customers list (for comparison)', ['src/features/customers/pages/customers-page']],
      [
        'company info page (for comparison)',
        ['src/features/company-settings/pages/company-info-page'],
      ],
    ] as const;
    const rows: string[][] = [];
    for (const [name, dirs] of routes) {
      const { chunks } = routeJsBeyondEntry(outDir, [...dirs]);
      if (chunks.length === 0) {
        rows.push([name, '(no page chunk in this build)', '-', '-']);
        continue;
      }
      for (const c of chunks) rows.push([name, c.file, kb(c.raw), kb(c.gzip)]);
      rows.push([
        `${name}, total`,
        `${chunks.length} files`,
        kb(chunks.reduce((sum, c) => sum + c.raw, 0)),
        kb(totalGzip(chunks)),
      ]);
    }
    console.log("\nJS a page loads beyond the app's entry, index.html (Vite manifest; gzip -9):\n");
    printTable(['route', 'file', 'raw KB', 'gzip KB'], rows);
    console.log('');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

async function buildRollups(env: Record<string, string | undefined>, ids: LoadedIds, days: number) {
  const database = await openDatabase(loadConfig({ ...env }));
  try {
    const day = (offsetDays: number) =>
      new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    // Loaded with triggers off: every day of the window is marked in one statement.
    await markCompanyDays(database.db, ids.companyId, day(-days - 2), day(1));
    const dirty = await database.executeSql(`SELECT count(*)::int AS n FROM dashboard_dirty_days`);
    const marked = Number(dirty.rows[0]?.n);
    const started = performance.now();
    const done = await refreshDirtyDays(database.db);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  rollups: ${done} of ${marked} dirty days recomputed in ${seconds.toFixed(1)} s ` +
        `(${(done / seconds).toFixed(1)} days/s)`,
    );
    await database.executeSql(
      `VACUUM (ANALYZE) dashboard_technician_days, dashboard_customer_days, dashboard_bot_days,
         dashboard_company_bot_days, dashboard_customer_months`,
    );
    const sizes = await database.executeSql(
      `SELECT (SELECT count(*) FROM dashboard_technician_days)::int AS technician_days,
         (SELECT count(*) FROM dashboard_customer_days)::int AS customer_days,
         (SELECT count(*) FROM dashboard_bot_days)::int AS bot_days,
         (SELECT count(*) FROM dashboard_company_bot_days)::int AS company_bot_days,
         (SELECT count(*) FROM dashboard_customer_months)::int AS customer_months`,
    );
    console.log(`  ${JSON.stringify(sizes.rows[0])}`);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------

interface Plan {
  name: string;
  statement: string;
  top: string;
  executionMs: string;
  text: string;
}

/** The reads a dashboard answer is made of (not the session lookup, not the refresh's claims). */
const isDashboardRead = (q: CapturedQuery) =>
  /^\s*(select|with)\b/i.test(q.sql) &&
  !/\b(for update|delete|insert|update)\b/i.test(q.sql) &&
  /\b(dashboard_\w+|interactions|jobs|usage_records|bot_usage|company_bots)\b/i.test(q.sql);

async function explainRoutes(
  client: pg.Client,
  routes: { name: string; url: string; cookie: string }[],
): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const route of routes) {
    // Requests still queued from the load would be captured too: let them drain first.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const { queries } = await captureQueries(() =>
      fetch(route.url, { headers: { cookie: route.cookie } }).then((r) => r.text()),
    );
    const seen = new Set<string>();
    const reads = queries.filter((q) => isDashboardRead(q) && !seen.has(q.sql) && seen.add(q.sql));
    for (const [i, q] of reads.entries()) {
      const text = `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`;
      const statement = q.sql.replace(/\s+/g, ' ').trim().slice(0, 110);
      const name = `${route.name} (${i + 1}/${reads.length})`;
      try {
        await client.query(text, q.params); // warms the cache
        const lines = (await client.query(text, q.params)).rows.map((r) =>
          String((r as Record<string, unknown>)['QUERY PLAN']),
        );
        plans.push({
          name,
          statement,
          top: (lines[0] ?? '').replace(/\s*\(cost=[^)]*\)/, '').trim(),
          executionMs:
            lines.find((l) => l.startsWith('Execution Time'))?.replace(/[^\d.]/g, '') ?? '',
          text: lines.join('\n'),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        plans.push({ name, statement, top: `ERROR: ${message}`, executionMs: '-', text: message });
      }
    }
    if (reads.length === 0) console.log(`  ${route.name}: no dashboard reads captured`);
  }
  return plans;
}

/** Page views timed after a write made today dirty again (the read-through refresh's cost). */
const FRESHNESS_VIEWS = 5;

/**
 * The latency of a dashboard view that must first recompute today: the company's local today is
 * marked dirty (as any write of an interaction, job or result does) before each of a few views,
 * one at a time; the median is shown. Between views of a busy company, today is usually dirty.
 */
async function freshnessViews(
  client: pg.Client,
  companyId: string,
  routes: { name: string; url: string; cookie: string }[],
): Promise<string[][]> {
  const rows: string[][] = [];
  for (const route of routes) {
    const times: number[] = [];
    const statuses = new Set<number>();
    for (let i = 0; i < FRESHNESS_VIEWS; i += 1) {
      await client.query(
        `INSERT INTO dashboard_dirty_days (company_id, day)
         VALUES ($1, (now() AT TIME ZONE dashboard_zone($1))::date) ON CONFLICT DO NOTHING`,
        [companyId],
      );
      const started = performance.now();
      const res = await fetch(route.url, { headers: { cookie: route.cookie } });
      await res.text();
      times.push(performance.now() - started);
      statuses.add(res.status);
    }
    const sorted = [...times].sort((a, b) => a - b);
    rows.push([
      route.name,
      sorted[Math.floor(sorted.length / 2)]!.toFixed(0),
      sorted.at(-1)!.toFixed(0),
      [...statuses].join(', '),
    ]);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const set = dashboardDataSet(SCALE);
  console.log(
    `Fieldbot dashboards benchmark: autocannon, ${CONNECTIONS.join(' and ')} connections, ` +
      `${SECONDS} s per target after ${WARMUP_SECONDS} s warm-up; ${hostLine()}\n` +
      `Data set (BENCH_SCALE=${SCALE}): ${JSON.stringify(set)}\n`,
  );
  if (!process.env.BENCH_SKIP_WEB) await webBudget();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-dashboards-'));
  const reuse = process.env.BENCH_REUSE_DB;
  const databaseUrl = reuse ?? (await createPostgresDatabase(adminUrl, 'fieldbot_bench_'));
  let bare: Awaited<ReturnType<typeof startBareProcess>> | undefined;
  try {
    const env = benchServerEnv(dataDir, databaseUrl);
    if (await prepareBenchDatabase(env, databaseUrl, Boolean(reuse))) {
      const loadStarted = performance.now();
      const ids = await loadDashboardData(databaseUrl, set);
      console.log(`  load: ${((performance.now() - loadStarted) / 1000).toFixed(1)} s in all`);
      console.log('Building the rollups …');
      await buildRollups(env, ids, set.days);
    }

    const routes = dashboardRoutes();
    bare = await startBareProcess();
    const bareUrl = bare.url;
    const server = await startServerProcess(env);
    let rows: Row[];
    let plans: Plan[];
    let freshness: string[][];
    try {
      const base = server.base;
      const { targets, cookies } = await accountTargets(base, bareUrl, routes, (as) =>
        login(base, { email: DASHBOARD_ACCOUNTS[as], password: PASSWORD }),
      );
      console.log('\nMeasuring …');
      rows = await measure(targets, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
      });
      console.log(
        '\nQuery plans of the dashboard reads (EXPLAIN ANALYZE, BUFFERS; second run) …\n',
      );
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        plans = await explainRoutes(
          client,
          routes
            .filter((r) => r.goal)
            .map((r) => ({ name: r.name, url: `${base}${r.path}`, cookie: cookies.get(r.as)! })),
        );
        const companyId = String(
          (
            await client.query(`SELECT company_id FROM users WHERE email = $1`, [
              DASHBOARD_ACCOUNTS.companyAdmin,
            ])
          ).rows[0]?.company_id,
        );
        // This month's views: their refresh range holds today.
        freshness = await freshnessViews(client, companyId, [
          {
            name: 'company dashboard, admin, this month',
            url: `${base}${companyDashboardPath}`,
            cookie: cookies.get('companyAdmin')!,
          },
          {
            name: 'publisher dashboard, this month',
            url: `${base}${publisherDashboardPath}`,
            cookie: cookies.get('publisher')!,
          },
        ]);
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }

    if (process.env.BENCH_PLANS === 'full') {
      for (const p of plans) console.log(`--- ${p.name}: ${p.statement}\n${p.text}\n`);
    }
    printTable(
      ['statement', 'SQL (start)', 'plan top line', 'exec. ms'],
      plans.map((p) => [p.name, p.statement, p.top, p.executionMs]),
    );
    console.log(
      `\nA view right after a write to today (today marked dirty first; ${FRESHNESS_VIEWS} views, one at a time):\n`,
    );
    printTable(['target', 'median ms', 'max ms', 'HTTP status'], freshness);
    console.log(
      `\nLoad average ${loadavg()[0]!.toFixed(1)} at the end (figures are only comparable on an idle machine).\n`,
    );
    const bareRow = (connections: number) =>
      rows.find((r) => r.connections === connections && r.name.startsWith('GET /bare'))!;
    printTable(
      [
        'target',
        'conn.',
        'req/s',
        'p50 ms',
        'p99 ms',
        'req/s ÷ bare',
        'p50 ÷ bare',
        'p99 ÷ bare',
        `p99 ≤ ${GOAL_P99_MS} ms`,
        'non-2xx',
      ],
      rows.map((r) => {
        const b = bareRow(r.connections);
        return [
          r.name,
          String(r.connections),
          r.rps.toFixed(0),
          r.p50.toFixed(1),
          r.p99.toFixed(1),
          (r.rps / b.rps).toFixed(3),
          (r.p50 / Math.max(b.p50, 1)).toFixed(1),
          (r.p99 / Math.max(b.p99, 1)).toFixed(1),
          !r.goal
            ? '-'
            : r.non2xx + r.errors > 0
              ? 'not measured'
              : r.p99 <= GOAL_P99_MS
                ? 'met'
                : 'NOT met',
          String(r.non2xx + r.errors),
        ];
      }),
    );
    flagFailures(rows);
  } finally {
    await bare?.stop();
    if (process.env.BENCH_KEEP_DB || reuse) console.log(`Kept ${databaseUrl}`);
    else await dropPostgresDatabase(adminUrl, databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
