/**
 * Benchmark (not a test) of the customer and interaction reads at scale: 100,000
 * customers and 1,000,000 interactions in one company on PostgreSQL, measured over HTTP with
 * autocannon against a bare Fastify route in the same run, then the EXPLAIN (ANALYZE, BUFFERS) of
 * each query, built by the same query builders the routes use (interactions.repo.ts). The search
 * targets look for a rare word, a common word and a two-word phrase in the transcripts (every
 * other interaction has one, split into a segment per sentence); their goal is p99 ≤ 100 ms.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:interactions
 *
 * A fresh database fieldbot_bench_<random> is created on that server and dropped at the end
 * (BENCH_KEEP_DB=1 keeps it; BENCH_REUSE_DB=<its URL> measures it again without loading). The
 * big company is the demo's Acme Home Services (the demo seed runs first), so the demo admin logs
 * in; one customer holds 20,000 interactions spread over the table. The data are made on the
 * server with INSERT … SELECT generate_series (secondary indexes dropped during the load and
 * rebuilt from their own definitions afterwards; the jobs_count and interactions_count triggers
 * off, the counts recomputed once), then VACUUM ANALYZE.
 * Each target runs at every concurrency of BENCH_CONNECTIONS (default '1,10'): one connection gives
 * the latency of a request on its own, ten the latency once the two cores are saturated.
 * BENCH_SECONDS (default 10) sets the length of each run. BENCH_RESULT_FILE names a JSON file the
 * measured rows are written to (npm run bench reads it for its summary).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  customerListQuerySchema,
  interactionListQuerySchema,
  searchPath,
  type InteractionType,
} from '@fieldbot/shared';
import pg from 'pg';
import { login } from './support/http-login';
import { flagFailures, measure, type Row, type Target } from './support/measure-routes';
import { startBareProcess, startServerProcess } from './support/server-process';
import { hostLine } from './support/host-speed';
import { printTable } from './support/table';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import {
  customerCountQuery,
  customerListQuery,
  interactionCountQuery,
  interactionDetailQuery,
  interactionListQuery,
  transcriptSegmentsQuery,
  type ViewerScope,
} from '../src/modules/interactions/interactions.repo';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv, prepareBenchDatabase } from './support/bench-env';
import { prepareBulkLoad, timed } from './support/bulk-load';
import { runBench } from './support/run-bench';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10')
  .split(',')
  .map((c) => Number(c.trim()))
  .filter((c) => Number.isInteger(c) && c > 0);
const WARMUP_SECONDS = 2;
const CUSTOMERS = 100_000;
const INTERACTIONS = 1_000_000;
const BIG_CUSTOMER_INTERACTIONS = 20_000;
const REGULAR_JOBS = 200_000;
const BIG_CUSTOMER_JOBS = 500;
/** Interactions of the big customer with merged audio (2,000 peaks) and transcript segments. */
const WITH_AUDIO = 1_000;
/** The detail target: the big customer's newest, a one-hour recording with 600 segments. */
const DETAIL_SEGMENTS = 600;
const EXTRA_TECHNICIANS = 200;
const DEEP_PAGE = 1500;
/** A surname fragment, as typed in the search box: about 1.5 % of the customers match. */
const KEYWORD = 'hernan';
/** In about one transcript in 10,000 (the search's rare word is its last). */
const RARE_SENTENCE = 'The customer asked about a zephyr humidifier.';
const RARE_WORD = 'zephyr';
/** In six of seven transcripts, and a phrase in one of seven (CLOSINGS). */
const COMMON_WORD = 'customer';
const PHRASE = '"maintenance plan"';
const SEARCH_GOAL_P99_MS = 100;
const GOAL_P99_MS = 50;
const GOAL_DEEP_RATIO = 2;
const ADMIN = { email: 'admin@demo.fieldbot.test', password: 'Demo@12345' };
const TECH = { email: 'tech@demo.fieldbot.test', password: 'Demo@12345' };
const BIG_TABLES = ['customers', 'jobs', 'interactions'];

// ---------------------------------------------------------------------------------------------
// Data

const FIRST_NAMES = `
Maria James Linda Robert Patricia Michael Jennifer David Elizabeth William Susan Carlos
Jessica Daniel Sarah Thomas Karen Anthony Nancy Kevin Emily Brian Aisha Jorge Mei Omar Grace
Luis Hannah Ethan Sofia Noah Olivia Liam Ava Mateo Chloe Ryan Zoe Samuel`
  .trim()
  .split(/\s+/);
const LAST_NAMES = `
Gonzalez Smith Johnson Nguyen Williams Brown Garcia Miller Davis Martinez Hernandez Lopez
Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Clark
Patel Kim Walker Young Allen King Wright Scott Torres Hill Flores Green Adams Nelson Baker
Hall Rivera Campbell Mitchell Carter Roberts Kowalski Murphy Cook Rogers Morgan Cooper Reed
Bailey Bell Howard Ward Cox Diaz Richardson`
  .trim()
  .split(/\s+/);
const BUSINESSES =
  'Dental, Bakery, Apartments, Property Group, Cafe, Clinic, Brewing, Fitness, Salon, Auto Care'.split(
    ', ',
  );
const OPENINGS = [
  'The capacitor on the condenser failed and the compressor would not start.',
  'The furnace flame sensor was dirty and the system was short cycling.',
  'The water heater is leaking from the bottom seam and needs replacing.',
  'The kitchen faucet cartridge was worn and the supply line was loose.',
  'The thermostat lost power because the common wire was disconnected.',
  'The main sewer line has root intrusion at about forty feet.',
  'The evaporator coil is frozen because the filter is completely clogged.',
  'The garbage disposal is jammed and the reset button keeps tripping.',
  'The heat pump defrost board failed and the outdoor coil iced over.',
  'The sump pump float switch is stuck and the basement took on water.',
];
const CLOSINGS = [
  'The customer approved the repair and we finished it today.',
  'I quoted a replacement and the customer will think about it.',
  'We signed the customer up for the maintenance plan.',
  'The customer asked for a second opinion before deciding.',
  'Parts are ordered and we will return on Thursday morning.',
  'Everything is working and the customer is happy with the result.',
  'I explained the warranty and left the invoice on the counter.',
];

const sqlText = (items: string[]) =>
  `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

interface Loaded {
  companyId: string;
  techId: string;
  bigCustomerId: string;
  detailId: string;
  detailType: InteractionType;
}

/** The synthetic data set, made on the server; ids are uuid v4 shaped md5 of a label. */
async function loadData(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = (text: string, values?: unknown[]) => client.query(text, values);
    // Triggers off when the connection may (a superuser): the load only gets slower without it.
    const replica = await prepareBulkLoad(q);
    const company = await q(`SELECT id FROM companies WHERE name = 'Acme Home Services'`);
    const companyId = company.rows[0].id as string;
    // A company this size has a few hundred technicians: the demo's three and EXTRA_TECHNICIANS
    // more (same password), so the demo technician has about 1,000 customers, not a third of all.
    await q(
      `INSERT INTO users (name, email, password_hash, email_verified_at, role_id, company_id)
       SELECT 'Bench Technician ' || t, 'bench.tech' || t || '@bench.fieldbot.test',
         u.password_hash, now(), u.role_id, u.company_id
       FROM users u, generate_series(1, ${EXTRA_TECHNICIANS}) t
       WHERE u.email = $1`,
      [TECH.email],
    );
    const techRows = await q(
      `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
       WHERE u.company_id = $1 AND r.alias = 'field_team' ORDER BY u.email = $2 DESC, u.email`,
      [companyId, TECH.email],
    );
    const techs = techRows.rows.map((r: { id: string }) => r.id);
    const tech = (expr: string) => `($2::uuid[])[1 + (${expr}) % ${techs.length}]`;

    // Secondary indexes go during the load and come back from their own definitions after it.
    const indexes = await q(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'public' AND tablename = ANY($1)
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = indexname)`,
      [BIG_TABLES],
    );
    await timed(`drop ${indexes.rowCount} secondary indexes`, async () => {
      for (const row of indexes.rows) await q(`DROP INDEX "${row.indexname as string}"`);
    });
    // The counting triggers would update a customer row per inserted row; the counts are
    // recomputed once after the load instead.
    await q(`ALTER TABLE jobs DISABLE TRIGGER jobs_count_trigger`);
    await q(`ALTER TABLE interactions DISABLE TRIGGER interactions_count_trigger`);

    const first = sqlText(FIRST_NAMES);
    const last = sqlText(LAST_NAMES);
    await timed(`customers: ${CUSTOMERS.toLocaleString('en')} + 1 big`, async () => {
      await q(
        `INSERT INTO customers (id, company_id, external_id, name, type, active, created_at, updated_at)
         SELECT pg_temp.bench_uuid('c' || n), $1, 'B-' || lpad(n::text, 7, '0'),
           CASE WHEN n % 5 = 0
             THEN (${last})[1 + (n / 5) % ${LAST_NAMES.length}] || ' ' || (${sqlText(BUSINESSES)})[1 + n % ${BUSINESSES.length}]
             ELSE (${first})[1 + n % ${FIRST_NAMES.length}] || ' ' || (${last})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]
           END,
           CASE WHEN n % 5 = 0 THEN 'Commercial' ELSE 'Residential' END,
           n % 9 <> 0,
           now() - (n % 1400) * interval '1 day', now()
         FROM generate_series(1, ${CUSTOMERS}) n`,
        [companyId],
      );
      await q(
        `INSERT INTO customers (id, company_id, external_id, name, type, active)
         VALUES (pg_temp.bench_uuid('big'), $1, 'B-BIG', 'Megaplex Property Management', 'Commercial', true)`,
        [companyId],
      );
    });
    await timed(`jobs: ${(REGULAR_JOBS + BIG_CUSTOMER_JOBS).toLocaleString('en')}`, async () => {
      // Job j belongs to customer 1 + (j - 1) % CUSTOMERS: two jobs per customer.
      await q(
        `INSERT INTO jobs (id, company_id, customer_id, job_number, technician_id, status, revenue, completed_at, created_at)
         SELECT pg_temp.bench_uuid('j' || j), $1, pg_temp.bench_uuid('c' || (1 + (j - 1) % ${CUSTOMERS})),
           'BJ-' || lpad(j::text, 7, '0'), ${tech('j')},
           CASE WHEN j % 20 = 0 THEN 'scheduled' ELSE 'completed' END,
           CASE WHEN j % 20 = 0 THEN NULL ELSE (j % 5000) + 0.99 END,
           CASE WHEN j % 20 = 0 THEN NULL ELSE now() - (j % 700) * interval '1 day' END,
           now() - (j % 700) * interval '1 day' - interval '2 hours'
         FROM generate_series(1, ${REGULAR_JOBS}) j`,
        [companyId, techs],
      );
      await q(
        `INSERT INTO jobs (id, company_id, customer_id, job_number, technician_id, status, revenue, completed_at)
         SELECT pg_temp.bench_uuid('bj' || j), $1, pg_temp.bench_uuid('big'),
           'BJB-' || lpad(j::text, 5, '0'), ${tech('j')}, 'completed', 250, now()
         FROM generate_series(1, ${BIG_CUSTOMER_JOBS}) j`,
        [companyId, techs],
      );
      await q(
        `UPDATE customers c SET jobs_count = x.n
         FROM (SELECT customer_id, count(*)::int AS n FROM jobs GROUP BY customer_id) x
         WHERE c.id = x.customer_id AND c.company_id = $1`,
        [companyId],
      );
    });

    // About one transcript in 10,000 holds the rare word the search targets look for.
    const transcript = `(${sqlText(OPENINGS)})[1 + n % ${OPENINGS.length}] || ' ' || (${sqlText(CLOSINGS)})[1 + (n / ${OPENINGS.length}) % ${CLOSINGS.length}] || CASE WHEN n % 9973 = 0 THEN ' ${RARE_SENTENCE}' ELSE '' END`;
    const every = INTERACTIONS / BIG_CUSTOMER_INTERACTIONS;
    await timed(`interactions: ${INTERACTIONS.toLocaleString('en')}`, async () => {
      // One INSERT in time order, so the big customer's rows are spread over the whole table as
      // they would be in life: row k is the big customer's n-th when k is a multiple of `every`,
      // else the n-th of the others (customer 1 + (n - 1) % CUSTOMERS, one of its two jobs).
      // n = 1 is the newest of each.
      const regularJob = `(1 + (n - 1) % ${CUSTOMERS} + ${CUSTOMERS} * (((n - 1) / ${CUSTOMERS}) % 2))`;
      const bigJob = `(1 + n % ${BIG_CUSTOMER_JOBS})`;
      await q(
        `INSERT INTO interactions (id, company_id, customer_id, job_id, number, type, call_type,
           status, download_status, recorded_by_id, started_at, duration_seconds,
           audio_merge_status, transcript_status, transcript_text)
         SELECT
           pg_temp.bench_uuid(CASE WHEN big THEN 'bi' ELSE 'i' END || n), $1,
           CASE WHEN big THEN pg_temp.bench_uuid('big')
             ELSE pg_temp.bench_uuid('c' || (1 + (n - 1) % ${CUSTOMERS})) END,
           CASE WHEN big THEN pg_temp.bench_uuid('bj' || ${bigJob})
             ELSE pg_temp.bench_uuid('j' || ${regularJob}) END,
           CASE WHEN n % 3 = 0 THEN 'CSR-' || (6000000 + k) ELSE 'R-' || (1000000 + k) END,
           CASE WHEN n % 3 = 0 THEN 'csr-call' ELSE 'field-recording' END,
           CASE WHEN n % 3 = 0 THEN (CASE WHEN n % 2 = 0 THEN 'Booked' ELSE 'Unbooked' END) END,
           CASE WHEN n % 50 = 0 THEN 'in-progress' ELSE 'completed' END,
           CASE WHEN n % 3 = 0 THEN (CASE WHEN n % 50 = 0 THEN 'error' ELSE 'completed' END) END,
           CASE WHEN n % 3 = 0 THEN NULL
             WHEN big THEN ${tech(bigJob)} ELSE ${tech(regularJob)} END,
           now() - CASE WHEN big THEN n * interval '25 minutes' ELSE n * interval '31 seconds' END,
           CASE WHEN n % 50 = 0 THEN NULL ELSE 30 + (n * 7) % 3000 END,
           CASE WHEN n % 50 = 0 THEN NULL ELSE 'completed' END,
           CASE WHEN n % 50 = 0 THEN NULL ELSE 'completed' END,
           CASE WHEN n % 50 <> 0 AND n % 2 = 0 THEN ${transcript} END
         FROM (
           SELECT k, k % ${every} = 0 AS big,
             CASE WHEN k % ${every} = 0 THEN k / ${every} ELSE k - k / ${every} END AS n
           FROM generate_series(1, ${INTERACTIONS}) k
         ) g
         ORDER BY k DESC`,
        [companyId, techs],
      );
    });
    await timed(`audio assets (2,000 peaks) and segments for ${WITH_AUDIO}`, async () => {
      await q(
        `INSERT INTO audio_assets (interaction_id, storage_key, content_type, format, duration_seconds, size_bytes, peaks)
         SELECT i.id, 'bench/' || k || '.mp3', 'audio/mpeg', 'mp3', 3600, 28800000, p.peaks
         FROM generate_series(1, ${WITH_AUDIO}) k
         JOIN interactions i ON i.id = pg_temp.bench_uuid('bi' || k) AND i.status = 'completed'
         CROSS JOIN LATERAL (
           SELECT jsonb_agg(round((0.5 + 0.45 * sin(k + s / 7.0))::numeric, 2) ORDER BY s) AS peaks
           FROM generate_series(1, 2000) s
         ) p`,
      );
      await q(
        `INSERT INTO transcript_segments (interaction_id, position, start_seconds, end_seconds, speaker, text)
         SELECT a.interaction_id, s, s * 6, s * 6 + 5.5,
           CASE WHEN s % 2 = 0 THEN 'Technician' ELSE 'Customer' END,
           (${sqlText(OPENINGS)})[1 + s % ${OPENINGS.length}]
         FROM audio_assets a, generate_series(0,
           CASE WHEN a.interaction_id = pg_temp.bench_uuid('bi1') THEN ${DETAIL_SEGMENTS - 1} ELSE 59 END) s
         WHERE a.storage_key LIKE 'bench/%'`,
      );
      await q(
        `UPDATE interactions SET duration_seconds = 3600
         WHERE id IN (SELECT interaction_id FROM audio_assets WHERE storage_key LIKE 'bench/%')`,
      );
    });
    await timed('segments of every other transcript (one per sentence)', async () => {
      await q(
        `INSERT INTO transcript_segments (interaction_id, position, start_seconds, end_seconds, speaker, text)
         SELECT i.id, s.n - 1, (s.n - 1) * 8, (s.n - 1) * 8 + 7.5,
           CASE WHEN s.n % 2 = 1 THEN 'Technician' ELSE 'Customer' END, s.text
         FROM interactions i
         CROSS JOIN LATERAL regexp_split_to_table(i.transcript_text, '(?<=\\.) ')
           WITH ORDINALITY s(text, n)
         WHERE i.transcript_text IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM audio_assets a WHERE a.interaction_id = i.id)`,
      );
    });

    await timed('interactions_count', async () => {
      await q(
        `UPDATE customers c SET interactions_count = x.n
         FROM (SELECT customer_id, count(*)::int AS n FROM interactions GROUP BY customer_id) x
         WHERE c.id = x.customer_id AND c.company_id = $1`,
        [companyId],
      );
    });
    await q(`ALTER TABLE jobs ENABLE TRIGGER jobs_count_trigger`);
    await q(`ALTER TABLE interactions ENABLE TRIGGER interactions_count_trigger`);
    if (replica) await q(`SET session_replication_role = DEFAULT`);
    await timed(`rebuild ${indexes.rowCount} indexes`, async () => {
      for (const row of indexes.rows) await q(row.indexdef as string);
    });
    await timed('VACUUM ANALYZE', async () => {
      for (const table of [...BIG_TABLES, 'audio_assets', 'transcript_segments', 'users']) {
        await q(`VACUUM (ANALYZE) ${table}`);
      }
    });
    const counts = await q(
      `SELECT (SELECT count(*) FROM customers WHERE company_id = $1)::int AS customers,
              (SELECT count(*) FROM interactions WHERE company_id = $1)::int AS interactions,
              (SELECT count(*) FROM jobs WHERE company_id = $1)::int AS jobs,
              (SELECT pg_size_pretty(pg_database_size(current_database()))) AS size`,
      [companyId],
    );
    const c = counts.rows[0] as Record<string, unknown>;
    console.log(
      `  Acme now has ${String(c.customers)} customers, ${String(c.jobs)} jobs and ` +
        `${String(c.interactions)} interactions; database ${String(c.size)}`,
    );
  } finally {
    await client.end();
  }
}

/** The ids the measurements need, found in a loaded database (BENCH_REUSE_DB skips the load). */
async function locate(databaseUrl: string): Promise<Loaded> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT c.company_id, c.id AS customer_id, i.id AS detail_id, i.type AS detail_type,
         (SELECT id FROM users WHERE email = $1) AS tech_id
       FROM customers c
       JOIN companies co ON co.id = c.company_id AND co.name = 'Acme Home Services'
       CROSS JOIN LATERAL (
         SELECT id, type FROM interactions WHERE customer_id = c.id
         ORDER BY started_at DESC LIMIT 1
       ) i
       WHERE c.external_id = 'B-BIG'`,
      [TECH.email],
    );
    const row = rows[0] as Record<string, string> | undefined;
    if (!row) throw new Error(`${databaseUrl} holds no benchmark data set`);
    return {
      companyId: row.company_id!,
      techId: row.tech_id!,
      bigCustomerId: row.customer_id!,
      detailId: row.detail_id!,
      detailType: row.detail_type as InteractionType,
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP

const goalCell = (p99: number, goalMs: number) =>
  `≤ ${goalMs} ms ${p99 <= goalMs ? 'met' : 'NOT met'}`;

const measureAll = (targets: Target[]) =>
  measure(targets, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });

// ---------------------------------------------------------------------------------------------
// Plans

interface Plan {
  name: string;
  text: string;
  seqScans: string[];
}

async function explain(
  database: Database,
  name: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<Plan> {
  const { sql, params } = query.toSQL();
  const result = await database.executeSql(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  const text = result.rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  const seqScans = [...text.matchAll(/Seq Scan on (\w+)/g)]
    .map((m) => m[1]!)
    .filter((table) => BIG_TABLES.includes(table));
  return { name, text, seqScans };
}

async function plans(env: Record<string, string | undefined>, data: Loaded): Promise<Plan[]> {
  const database = await openDatabase(loadConfig({ ...env }));
  try {
    const db = database.db;
    const admin: ViewerScope = { companyId: data.companyId, technicianId: null };
    const customersKw = customerListQuerySchema.parse({ keyword: KEYWORD });
    const page = (n: number) =>
      interactionListQuerySchema.parse({ page: n, sort_by: 'created_at', sort_direction: 'desc' });
    const out: Plan[] = [];
    // Each twice: the first run warms the cache, the second is the one shown.
    const twice = async (name: string, query: Parameters<typeof explain>[2]) => {
      await explain(database, name, query);
      out.push(await explain(database, name, query));
    };
    await twice(`customers list, keyword '${KEYWORD}'`, customerListQuery(db, admin, customersKw));
    await twice(
      `customers count, keyword '${KEYWORD}'`,
      customerCountQuery(db, admin, customersKw),
    );
    await twice(
      'interactions list, big customer, page 1',
      interactionListQuery(db, admin, data.bigCustomerId, page(1)),
    );
    await twice(
      `interactions list, big customer, page ${DEEP_PAGE}`,
      interactionListQuery(db, admin, data.bigCustomerId, page(DEEP_PAGE)),
    );
    await twice(
      'interactions count, big customer (only with a keyword, type or technician)',
      interactionCountQuery(db, admin, data.bigCustomerId, page(1)),
    );
    await twice(
      'interaction detail',
      interactionDetailQuery(db, admin, data.detailId, data.detailType),
    );
    await twice(
      'interaction detail: transcript segments',
      transcriptSegmentsQuery(db, data.detailId),
    );
    const technician: ViewerScope = { companyId: data.companyId, technicianId: data.techId };
    const firstPage = customerListQuerySchema.parse({});
    await twice(
      'customers list, technician scope (information)',
      customerListQuery(db, technician, firstPage),
    );
    await twice(
      'customers count, technician scope (information)',
      customerCountQuery(db, technician, firstPage),
    );
    return out;
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error(
      'Set DATABASE_URL to a PostgreSQL server, e.g. ' +
        'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:interactions',
    );
    process.exit(2);
  }
  console.log(
    `Fieldbot interactions benchmark: autocannon, ${CONNECTIONS.join(' and ')} connections, ${SECONDS} s per ` +
      `target after ${WARMUP_SECONDS} s warm-up; ${hostLine()}\n`,
  );

  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-interactions-'));
  const reuse = process.env.BENCH_REUSE_DB;
  const databaseUrl = reuse ?? (await createPostgresDatabase(adminUrl, 'fieldbot_bench_'));
  let bare: Awaited<ReturnType<typeof startBareProcess>> | undefined;
  try {
    const env = benchServerEnv(dataDir, databaseUrl);
    if (await prepareBenchDatabase(env, databaseUrl, Boolean(reuse))) {
      await timed('total', () => loadData(databaseUrl));
    }
    const data = await locate(databaseUrl);

    bare = await startBareProcess();
    const bareUrl = bare.url;
    const server = await startServerProcess(env);
    let rows: Row[];
    try {
      const base = server.base;
      const admin = await login(base, ADMIN);
      const tech = await login(base, TECH);
      const list = (page: number) =>
        `${base}/api/company/interactions/${data.bigCustomerId}?page=${page}&sort_by=created_at&sort_direction=desc`;
      console.log('\nMeasuring …');
      rows = await measureAll([
        { name: 'GET /bare (bare Fastify)', url: bareUrl, goal: false },
        {
          name: `customers list, keyword '${KEYWORD}'`,
          url: `${base}/api/company/customers?keyword=${KEYWORD}`,
          cookie: admin,
          goal: true,
        },
        {
          name: 'interactions of the big customer, page 1',
          url: list(1),
          cookie: admin,
          goal: true,
        },
        {
          name: `interactions of the big customer, page ${DEEP_PAGE}`,
          url: list(DEEP_PAGE),
          cookie: admin,
          goal: true,
        },
        {
          name: 'interaction detail (2,000 peaks, 600 segments)',
          url: `${base}/api/company/interaction/${data.detailId}/${data.detailType}`,
          cookie: admin,
          goal: true,
        },
        ...(
          [
            ['rare word', RARE_WORD],
            ['common word', COMMON_WORD],
            ['two-word phrase', PHRASE],
          ] as const
        ).map(([kind, q]) => ({
          name: `search, ${kind} ${q}`,
          url: `${base}${searchPath}?q=${encodeURIComponent(q)}`,
          cookie: admin,
          goal: true,
          goalMs: SEARCH_GOAL_P99_MS,
        })),
        {
          name: `search, common word ${COMMON_WORD}, field technician scope`,
          url: `${base}${searchPath}?q=${COMMON_WORD}`,
          cookie: tech,
          goal: false,
        },
        {
          name: 'customers list, field technician scope',
          url: `${base}/api/company/customers`,
          cookie: tech,
          goal: false,
        },
      ]);
    } finally {
      await server.stop();
    }

    console.log('\nQuery plans (EXPLAIN ANALYZE, BUFFERS; second run of each) …\n');
    const explained = await plans(env, data);
    for (const plan of explained) {
      console.log(`--- ${plan.name}${plan.seqScans.length ? '  <-- SEQ SCAN' : ''}`);
      console.log(plan.text);
      console.log('');
    }

    console.log(
      `Load average ${loadavg()[0]!.toFixed(1)} at the end (figures are only comparable on an idle machine).\n`,
    );
    const bareRow = (connections: number) =>
      rows.find((r) => r.connections === connections && r.name.startsWith('GET /bare'))!;
    printTable(
      ['target', 'conn.', 'req/s', 'p50 ms', 'p99 ms', 'req/s ÷ bare', 'p99 goal', 'non-2xx'],
      rows.map((r) => [
        r.name,
        String(r.connections),
        r.rps.toFixed(0),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        (r.rps / bareRow(r.connections).rps).toFixed(3),
        r.goal ? goalCell(r.p99, r.goalMs ?? GOAL_P99_MS) : '-',
        String(r.non2xx + r.errors),
      ]),
    );
    console.log('');
    for (const connections of CONNECTIONS) {
      const at = rows.filter((r) => r.connections === connections);
      const page1 = at.find((r) => r.name.endsWith('page 1'))!;
      const deep = at.find((r) => r.name.endsWith(`page ${DEEP_PAGE}`))!;
      const ratio = deep.p99 / page1.p99;
      console.log(
        `Deep page p99 ÷ page 1 p99 at ${connections} conn.: ${ratio.toFixed(2)} ` +
          `(goal ≤ ${GOAL_DEEP_RATIO}: ${ratio <= GOAL_DEEP_RATIO ? 'met' : 'NOT met'})`,
      );
    }
    const resultFile = process.env.BENCH_RESULT_FILE;
    if (resultFile) {
      await writeFile(
        resultFile,
        JSON.stringify({
          dataSet: { customers: CUSTOMERS, interactions: INTERACTIONS, reused: Boolean(reuse) },
          rows: rows.map((r) => ({
            name: r.name,
            connections: r.connections,
            rps: r.rps,
            p99: r.p99,
            goal: r.goal,
            bareRps: bareRow(r.connections).rps,
            failures: r.non2xx + r.errors,
          })),
        }),
      );
    }
    const seq = explained.filter((p) => p.seqScans.length > 0);
    console.log(
      seq.length === 0
        ? `No sequential scan on ${BIG_TABLES.join(', ')} in any plan.`
        : `SEQ SCAN on a big table in: ${seq.map((p) => `${p.name} (${p.seqScans.join(', ')})`).join('; ')}`,
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
