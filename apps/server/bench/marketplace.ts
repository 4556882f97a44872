/**
 * Benchmark (not a test) of the issue 12 reads at scale: 1,000 publishers × 50 bots, 10,000
 * companies, their subscriptions, clients and two months of metered runs (support/marketplace-
 * data.ts) on PostgreSQL, measured over HTTP with autocannon against a bare Fastify route in the
 * same run, then the EXPLAIN (ANALYZE, BUFFERS) of the clients list query the route runs.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:marketplace
 *
 * A fresh database fieldbot_bench_<random> is created on that server and dropped at the end
 * (BENCH_KEEP_DB=1 keeps it; BENCH_REUSE_DB=<its URL> measures it again without loading).
 * BENCH_CONNECTIONS (default '10'), BENCH_SECONDS (default 10), BENCH_RUNS_PER_SUBSCRIPTION
 * (default 10 a month) tune it. The largest publisher is the demo's Northwind Bots, so the demo
 * publisher admin logs in; the demo company admin is there for company-side routes.
 *
 * To add a route (e.g. the marketplace search GET /api/marketplace/bots), add an entry to
 * ROUTES below: its path, which demo account calls it, and whether its p99 is a goal.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { clientListQuerySchema, clientsPath, periodOf, periodRange } from '@fieldbot/shared';
import Fastify from 'fastify';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedDemoData, seedReferenceData } from '../src/db/seed/seed';
import { clientListQuery } from '../src/modules/clients/clients.repo';
import { createStorageProvider } from '../src/providers/storage';
import { createServer } from '../src/server';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv } from './support/bench-env';
import { login } from './support/http-login';
import { DATA_SET, loadMarketplaceData } from './support/marketplace-data';
import { measure, type Row, type Target } from './support/measure-routes';
import { runBench } from './support/run-bench';
import { printTable } from './support/table';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10')
  .split(',')
  .map((c) => Number(c.trim()))
  .filter((c) => Number.isInteger(c) && c > 0);
const WARMUP_SECONDS = 2;
const GOAL_P99_MS = 50;
/** About an eighth of the generated company names contain it. */
const KEYWORD = 'plumb';
const PASSWORD = 'Demo@12345';
const ACCOUNTS = {
  publisher: 'publisher@demo.fieldbot.test',
  companyAdmin: 'admin@demo.fieldbot.test',
} as const;

/** The measured routes. Paths are relative to the server; `as` names the demo account. */
interface BenchRoute {
  name: string;
  path: string;
  as: keyof typeof ACCOUNTS;
  goal: boolean;
}

export const CLIENT_ROUTES: BenchRoute[] = [
  {
    name: 'clients, largest publisher, this month',
    path: clientsPath,
    as: 'publisher',
    goal: true,
  },
  {
    name: `clients, largest publisher, keyword '${KEYWORD}'`,
    path: `${clientsPath}?keyword=${KEYWORD}`,
    as: 'publisher',
    goal: true,
  },
  {
    name: 'clients, largest publisher, by client cost desc, page 5',
    path: `${clientsPath}?sort_by=client_cost&sort_direction=desc&page=5`,
    as: 'publisher',
    goal: false,
  },
];

/**
 * Hook for the marketplace search (branch mktsrv): add its routes here, e.g.
 * { name: 'marketplace search', path: '/api/marketplace/bots?keyword=plumb', as: 'companyAdmin',
 *   goal: true }.
 */
export const MARKETPLACE_ROUTES: BenchRoute[] = [];

const ROUTES = [...CLIENT_ROUTES, ...MARKETPLACE_ROUTES];

async function explainClients(databaseUrl: string): Promise<{ name: string; text: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id FROM publishers WHERE name = 'Northwind Bots'`);
    const publisherId = rows[0].id as string;
    const month = periodRange(periodOf(new Date(), 'UTC'), 'UTC');
    const dialect = new PgDialect();
    const out = [];
    for (const [name, raw] of [
      ['clients list, this month', {}],
      [`clients list, keyword '${KEYWORD}'`, { keyword: KEYWORD }],
    ] as const) {
      const query = dialect.sqlToQuery(
        clientListQuery(publisherId, clientListQuerySchema.parse(raw), month),
      );
      const explain = `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`;
      await client.query(explain, query.params); // warms the cache
      const plan = await client.query(explain, query.params);
      out.push({ name, text: plan.rows.map((r) => String(r['QUERY PLAN'])).join('\n') });
    }
    return out;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error(
      'Set DATABASE_URL to a PostgreSQL server, e.g. ' +
        'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:marketplace',
    );
    process.exit(2);
  }
  console.log(
    `Fieldbot marketplace/clients benchmark: autocannon, ${CONNECTIONS.join(' and ')} connections, ` +
      `${SECONDS} s per target after ${WARMUP_SECONDS} s warm-up; Node ${process.version}; ` +
      `${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)} at start\n` +
      `Data set: ${JSON.stringify(DATA_SET)}\n`,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-marketplace-'));
  const reuse = process.env.BENCH_REUSE_DB;
  const databaseUrl = reuse ?? (await createPostgresDatabase(adminUrl, 'fieldbot_bench_'));
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  try {
    const env = benchServerEnv(dataDir, databaseUrl);
    if (reuse) {
      console.log(`Reusing ${new URL(databaseUrl).pathname.slice(1)} (BENCH_REUSE_DB).`);
    } else {
      console.log(`Database ${new URL(databaseUrl).pathname.slice(1)}: migrations and demo seed …`);
      const config = loadConfig({ ...env });
      const setup = await openDatabase(config);
      try {
        await setup.migrate(async () => {
          await seedReferenceData(setup.db);
          await seedDemoData(setup.db, { storage: createStorageProvider(config) });
        });
      } finally {
        await setup.close();
      }
      console.log('Loading the synthetic data set …');
      await loadMarketplaceData(databaseUrl);
    }

    const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
    const server = await createServer(loadConfig({ ...env }));
    let rows: Row[];
    try {
      const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const cookies = new Map<string, string>();
      for (const as of new Set(ROUTES.map((r) => r.as))) {
        cookies.set(as, await login(base, { email: ACCOUNTS[as], password: PASSWORD }));
      }
      const targets: Target[] = [
        { name: 'GET /bare (bare Fastify)', url: bareUrl, goal: false },
        ...ROUTES.map((r) => ({
          name: r.name,
          url: `${base}${r.path}`,
          cookie: cookies.get(r.as),
          goal: r.goal,
        })),
      ];
      console.log('\nMeasuring …');
      rows = await measure(targets, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
      });
    } finally {
      await server.close();
    }

    console.log('\nQuery plans (EXPLAIN ANALYZE, BUFFERS; second run of each) …\n');
    const plans = await explainClients(databaseUrl);
    for (const plan of plans) {
      const usesIndex = plan.text.includes('bot_usage_publisher_idx');
      console.log(`--- ${plan.name}${usesIndex ? '' : '  <-- bot_usage_publisher_idx NOT used'}`);
      console.log(plan.text);
      console.log('');
    }

    console.log(
      `Load average ${loadavg()[0]!.toFixed(1)} at the end (figures are only comparable on an idle machine).\n`,
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
        'p99 ÷ bare',
        `p99 ≤ ${GOAL_P99_MS} ms`,
        'non-2xx',
      ],
      rows.map((r) => [
        r.name,
        String(r.connections),
        r.rps.toFixed(0),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        (r.rps / bareRow(r.connections).rps).toFixed(3),
        (r.p99 / Math.max(bareRow(r.connections).p99, 1)).toFixed(1),
        r.goal ? (r.p99 <= GOAL_P99_MS ? 'met' : 'NOT met') : '-',
        String(r.non2xx + r.errors),
      ]),
    );
    const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failed.length > 0 || plans.some((p) => !p.text.includes('bot_usage_publisher_idx'))) {
      console.log(
        `\nWARNING: non-2xx responses, errors or a plan without the index: ${failed.map((r) => r.name).join(', ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await bare.close();
    if (process.env.BENCH_KEEP_DB || reuse) console.log(`Kept ${databaseUrl}`);
    else await dropPostgresDatabase(adminUrl, databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
