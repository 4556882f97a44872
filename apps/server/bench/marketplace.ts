/**
 * Benchmark (not a test) of the marketplace and clients reads at scale: 1,000 publishers × 50 bots, 10,000
 * companies, their subscriptions, clients and two months of metered runs (support/marketplace-
 * data.ts) on PostgreSQL, measured over HTTP with autocannon against a bare Fastify route in the
 * same run, then the EXPLAIN (ANALYZE, BUFFERS) of the queries the clients list and the
 * marketplace routes run (captured from the repositories through Drizzle's query logger).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:marketplace
 *
 * A fresh database fieldbot_bench_<random> is created on that server and dropped at the end
 * (BENCH_KEEP_DB=1 keeps it; BENCH_REUSE_DB=<its URL> measures it again without loading).
 * BENCH_CONNECTIONS (default '10'), BENCH_SECONDS (default 10), BENCH_RUNS_PER_SUBSCRIPTION
 * (default 10 a month) tune it. The largest publisher is the demo's Northwind Bots, so the demo
 * publisher admin logs in; the demo company admin is there for company-side routes.
 *
 * To add a route, add an entry to CLIENT_ROUTES or marketplaceRoutes below: its path, which demo
 * account calls it, and whether its p99 is a goal. The marketplace is measured as the demo company
 * admin (Acme: a client of publishers 1–20, so their private bots are visible to it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  clientListQuerySchema,
  clientsPath,
  marketplaceBotListQuerySchema,
  marketplaceBotPath,
  marketplaceBotsPath,
  marketplacePublisherPath,
  periodOf,
  periodRange,
} from '@fieldbot/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { createClientsRepo } from '../src/modules/clients/clients.repo';
import { createMarketplaceRepo } from '../src/modules/marketplace/marketplace.repo';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv, prepareBenchDatabase } from './support/bench-env';
import { login } from './support/http-login';
import { DATA_SET, loadMarketplaceData } from './support/marketplace-data';
import { accountTargets, flagFailures, measure, type Row } from './support/measure-routes';
import { startBareProcess, startServerProcess } from './support/server-process';
import { runBench } from './support/run-bench';
import { hostLine } from './support/host-speed';
import { printTable } from './support/table';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10')
  .split(',')
  .map((c) => Number(c.trim()))
  .filter((c) => Number.isInteger(c) && c > 0);
const WARMUP_SECONDS = 2;
const GOAL_P99_MS = 50;
/** The clients list reads the month rollup's key, never a month of runs. */
const CLIENTS_PLAN_INDEX = 'publisher_client_months_publisher_id_month_start_company_id_pk';
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

/** Rows the marketplace routes name, looked up once the data is loaded. */
interface MarketplaceIds {
  /** The demo company admin's company. */
  companyId: string;
  /** Bench Publisher 1: a mid-sized publisher the demo company is a client of. */
  publisherId: string;
  /** The most used public bot with three versions (the detail lists them). */
  botId: string;
}

/** Keyword, trigger, sorts and the publisher page are the list's query; a page is 20 bots. */
const marketplaceLists = (ids: MarketplaceIds): [string, Record<string, string>][] => [
  ['browse, popular', {}],
  [`keyword '${KEYWORD}'`, { keyword: KEYWORD }],
  ["trigger 'job-complete'", { trigger: 'job-complete' }],
  ['sort by rating', { sort_by: 'rating' }],
  ['sort by price', { sort_by: 'price' }],
  ['publisher page list', { publisher_id: ids.publisherId }],
];

export const marketplaceRoutes = (ids: MarketplaceIds): BenchRoute[] => [
  ...marketplaceLists(ids).map(([name, query]): BenchRoute => {
    const search = new URLSearchParams(query).toString();
    return {
      name: `marketplace, ${name}`,
      path: search ? `${marketplaceBotsPath}?${search}` : marketplaceBotsPath,
      as: 'companyAdmin',
      goal: true,
    };
  }),
  {
    name: 'marketplace, bot detail (3 versions)',
    path: marketplaceBotPath(ids.botId),
    as: 'companyAdmin',
    goal: true,
  },
  {
    name: 'marketplace, publisher page header',
    path: marketplacePublisherPath(ids.publisherId),
    as: 'companyAdmin',
    goal: false,
  },
];

async function marketplaceIds(databaseUrl: string): Promise<MarketplaceIds> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text: string, values: unknown[] = []) =>
      (await client.query(text, values)).rows[0]?.id as string;
    return {
      companyId: await one(`SELECT company_id AS id FROM users WHERE email = $1`, [
        ACCOUNTS.companyAdmin,
      ]),
      publisherId: await one(`SELECT id FROM publishers WHERE name = 'Bench Publisher 1'`),
      botId: await one(
        `SELECT id FROM bots WHERE status = 'published' AND visibility = 'marketplace'
           AND latest_version = 3 ORDER BY subscribers_count DESC, id LIMIT 1`,
      ),
    };
  } finally {
    await client.end();
  }
}

interface Plan {
  name: string;
  text: string;
}

async function explain(
  client: pg.Client,
  name: string,
  query: { sql: string; params: unknown[] },
): Promise<Plan> {
  const text = `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`;
  await client.query(text, query.params); // warms the cache
  const plan = await client.query(text, query.params);
  return { name, text: plan.rows.map((r) => String(r['QUERY PLAN'])).join('\n') };
}

type Scenario = [name: string, run: () => Promise<unknown>];

/**
 * The statements the repositories run for each scenario, captured through Drizzle's query logger
 * (so the plans are of the app's own SQL), then explained one by one.
 */
async function explainScenarios(
  client: pg.Client,
  databaseUrl: string,
  scenariosOf: (db: Db) => Scenario[],
): Promise<Plan[]> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl });
  try {
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Db;
    const out = [];
    for (const [name, run] of scenariosOf(db)) {
      captured.length = 0;
      await run();
      const statements = [...captured];
      for (const [i, query] of statements.entries()) {
        const label =
          statements.length > 1 ? `${name} (statement ${i + 1}/${statements.length})` : name;
        out.push(await explain(client, label, query));
      }
    }
    return out;
  } finally {
    await pool.end();
  }
}

async function explainClients(client: pg.Client, databaseUrl: string): Promise<Plan[]> {
  const { rows } = await client.query(`SELECT id FROM publishers WHERE name = 'Northwind Bots'`);
  const publisherId = rows[0].id as string;
  const month = periodRange(periodOf(new Date(), 'UTC'), 'UTC');
  return explainScenarios(client, databaseUrl, (db) => {
    const repo = createClientsRepo(db);
    return [
      ['clients list, this month', {}],
      [`clients list, keyword '${KEYWORD}'`, { keyword: KEYWORD }],
    ].map(([name, raw]): Scenario => [
      name as string,
      () => repo.listPage(publisherId, clientListQuerySchema.parse(raw), month),
    ]);
  });
}

function explainMarketplace(
  client: pg.Client,
  databaseUrl: string,
  ids: MarketplaceIds,
): Promise<Plan[]> {
  return explainScenarios(client, databaseUrl, (db) => {
    const repo = createMarketplaceRepo(db);
    return [
      ...marketplaceLists(ids).map(([name, raw]): Scenario => [
        `marketplace ${name}`,
        () => repo.list(ids.companyId, marketplaceBotListQuerySchema.parse(raw)),
      ]),
      [
        'marketplace bot detail',
        () =>
          Promise.all([
            repo.find(ids.companyId, ids.botId),
            repo.versions(ids.botId),
            repo.rating(ids.companyId, ids.botId),
          ]),
      ],
    ];
  });
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
      `${SECONDS} s per target after ${WARMUP_SECONDS} s warm-up; ${hostLine()}\n` +
      `Data set: ${JSON.stringify(DATA_SET)}\n`,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-marketplace-'));
  const reuse = process.env.BENCH_REUSE_DB;
  const databaseUrl = reuse ?? (await createPostgresDatabase(adminUrl, 'fieldbot_bench_'));
  let bare: Awaited<ReturnType<typeof startBareProcess>> | undefined;
  try {
    const env = benchServerEnv(dataDir, databaseUrl);
    if (await prepareBenchDatabase(env, databaseUrl, Boolean(reuse))) {
      await loadMarketplaceData(databaseUrl);
    }

    const ids = await marketplaceIds(databaseUrl);
    const ROUTES = [...CLIENT_ROUTES, ...marketplaceRoutes(ids)];
    bare = await startBareProcess();
    const bareUrl = bare.url;
    const server = await startServerProcess(env);
    let rows: Row[];
    try {
      const base = server.base;
      const { targets } = await accountTargets(base, bareUrl, ROUTES, (as) =>
        login(base, { email: ACCOUNTS[as], password: PASSWORD }),
      );
      console.log('\nMeasuring …');
      rows = await measure(targets, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
      });
    } finally {
      await server.stop();
    }

    console.log('\nQuery plans (EXPLAIN ANALYZE, BUFFERS; second run of each) …\n');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let plans: Plan[];
    try {
      plans = await explainClients(client, databaseUrl);
      for (const plan of [...plans, ...(await explainMarketplace(client, databaseUrl, ids))]) {
        const flag =
          plan.name.startsWith('clients') && !plan.text.includes(CLIENTS_PLAN_INDEX)
            ? `  <-- ${CLIENTS_PLAN_INDEX} NOT used`
            : '';
        console.log(`--- ${plan.name}${flag}`);
        console.log(plan.text);
        console.log('');
      }
    } finally {
      await client.end();
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
    flagFailures(rows, {
      failed: plans.some((p) => !p.text.includes(CLIENTS_PLAN_INDEX)),
      why: `a clients plan without ${CLIENTS_PLAN_INDEX}`,
    });
  } finally {
    await bare?.stop();
    if (process.env.BENCH_KEEP_DB || reuse) console.log(`Kept ${databaseUrl}`);
    else await dropPostgresDatabase(adminUrl, databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
