/**
 * Benchmark (not a test) of the CRM sync, on PostgreSQL: a first sync of a company
 * from the local ServiceTitan fake (test/support/fake-servicetitan.ts) of BENCH_CUSTOMERS customers
 * (default 100,000), as many locations, BENCH_JOBS jobs (300,000), BENCH_CALLS calls (100,000) and
 * BENCH_TECHNICIANS technicians (300), then an incremental sync after 1 % of each entity changed.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:crm
 *   CRM_SYNC_PAGE_SIZE=2000 npm run bench:crm   (records per export page, default 500)
 *
 * The real path: requestSync queues the crm-sync job, a forked worker process (bench/support/
 * crm-sync-worker.ts: the crm-sync worker only) runs it through the ServiceTitan adapter, over
 * HTTP to the fake (SERVICETITAN_AUTH_URL/API_URL), into the repos' upserts. No pipeline worker
 * runs, so the ~92,000 call downloads the sync queues stay queued: the figures are the sync's
 * alone. The worker samples its memory every 20 ms (peak RSS and heap). Before the incremental
 * sync the synced calls are marked downloaded, as the pipeline would have left them.
 *
 * The baseline, measured in the same run: the rows the sync wrote, copied to another company with
 * plain multi-row INSERT … ON CONFLICT DO UPDATE statements of the same page size from this
 * process (the floor of any sync writing through the same tables and indexes).
 *
 * A fresh database fieldbot_bench_crm_<random> is created and dropped at the end (BENCH_KEEP=1
 * keeps it).
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { CRM_ENTITIES, type CrmEntity } from '../src/db/schema/index';
import { createServer } from '../src/server';
import { companyOf, connectCrm } from '../test/support/crm-sync';
import { startFakeServiceTitan } from '../test/support/fake-servicetitan';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv } from './support/bench-env';
import type { MemoryPeak, WorkerMessage } from './support/crm-sync-worker';
import { printTable } from './support/table';
import { runBench } from './support/run-bench';

const COUNTS = {
  technicians: Number(process.env.BENCH_TECHNICIANS ?? 300),
  customers: Number(process.env.BENCH_CUSTOMERS ?? 100_000),
  locations: Number(process.env.BENCH_LOCATIONS ?? process.env.BENCH_CUSTOMERS ?? 100_000),
  jobs: Number(process.env.BENCH_JOBS ?? 300_000),
  calls: Number(process.env.BENCH_CALLS ?? 100_000),
};
const PAGE_SIZE = Number(process.env.CRM_SYNC_PAGE_SIZE ?? 500);
const CHANGED_PERCENT = 1;
const ACME_EMAIL = 'admin@demo.fieldbot.test';

type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

interface SyncFigures {
  seconds: number;
  rows: number;
  counts: Record<string, { created: number; updated: number; skipped: number }>;
  /** Seconds from the run's start (or the previous entity's last page) to the entity's last page. */
  entitySeconds: Map<CrmEntity, number>;
  memory: MemoryPeak;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Forks the worker process and waits until its crm-sync worker polls. */
function startWorker(env: Record<string, string | undefined>) {
  const script = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    'support/crm-sync-worker.ts',
  );
  const child = fork(script, [], { env, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const next = (type: WorkerMessage['type']) =>
    new Promise<WorkerMessage>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the worker exited (${code})`));
      child.once('exit', onExit);
      const onMessage = (message: WorkerMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      child.on('message', onMessage);
    });
  return {
    child,
    ready: next('ready'),
    async peak(): Promise<MemoryPeak> {
      const answer = next('peak');
      child.send({ type: 'peak' });
      return (await answer) as MemoryPeak & { type: 'peak' };
    },
  };
}

async function syncOnce(
  q: Query,
  requestSync: () => Promise<void>,
  worker: ReturnType<typeof startWorker>,
  integrationId: string,
): Promise<SyncFigures> {
  await worker.peak(); // resets the peaks
  const t0 = Date.now();
  await requestSync();
  let run: Record<string, unknown> | undefined;
  for (;;) {
    await sleep(100);
    const [row] = await q(
      `SELECT status, counts, error, started_at, finished_at FROM crm_sync_runs
       WHERE company_integration_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [integrationId],
    );
    if (row?.finished_at) {
      run = row;
      break;
    }
  }
  const wall = (Date.now() - t0) / 1000;
  const memory = await worker.peak();
  if (run.status !== 'success')
    throw new Error(`the sync ended ${String(run.status)}: ${String(run.error)}`);
  const counts = run.counts as SyncFigures['counts'];
  const cursors = await q(
    `SELECT entity, updated_at FROM crm_sync_cursors WHERE company_integration_id = $1`,
    [integrationId],
  );
  const endOf = new Map(
    cursors.map((c) => [c.entity as CrmEntity, (c.updated_at as Date).getTime()]),
  );
  const entitySeconds = new Map<CrmEntity, number>();
  let previous = (run.started_at as Date).getTime();
  for (const entity of CRM_ENTITIES) {
    const end = endOf.get(entity) ?? previous;
    entitySeconds.set(entity, (end - previous) / 1000);
    previous = end;
  }
  const rows = Object.values(counts).reduce((n, c) => n + c.created + c.updated, 0);
  const seconds = ((run.finished_at as Date).getTime() - (run.started_at as Date).getTime()) / 1000;
  console.log(`  (${wall.toFixed(1)} s from requestSync to the run's end, queue pick-up included)`);
  return { seconds, rows, counts, entitySeconds, memory };
}

/** A table the baseline copies, and the columns the sync's upsert writes. */
const BASELINE_TABLES: { entity: CrmEntity; table: string; key: string; columns: string[] }[] = [
  {
    entity: 'customers',
    table: 'customers',
    key: '(company_id, external_id)',
    columns: ['external_id', 'name', 'type', 'active'],
  },
  {
    entity: 'locations',
    table: 'customer_locations',
    key: '(company_id, external_id)',
    columns: [
      'customer_id',
      'external_id',
      'name',
      'street',
      'city',
      'state',
      'zipcode',
      'country',
      'active',
    ],
  },
  {
    entity: 'jobs',
    table: 'jobs',
    key: '(company_id, external_id) WHERE external_id IS NOT NULL',
    columns: [
      'customer_id',
      'external_id',
      'job_number',
      'location_id',
      'technician_id',
      'status',
      'revenue',
      'completed_at',
      'created_at',
    ],
  },
  {
    entity: 'calls',
    table: 'interactions',
    key: '(company_id, number)',
    columns: [
      'customer_id',
      'job_id',
      'number',
      'type',
      'call_type',
      'status',
      'download_status',
      'started_at',
      'duration_seconds',
      'agent_name',
      'source_integration_id',
      'source_url',
    ],
  },
];

/**
 * The same rows as the sync wrote for `from`, upserted for company `to` in pages of PAGE_SIZE with
 * one multi-row INSERT … ON CONFLICT DO UPDATE each. Only the INSERTs are timed.
 */
async function baseline(
  q: Query,
  from: string,
  to: string,
): Promise<Map<CrmEntity, { rows: number; seconds: number }>> {
  const out = new Map<CrmEntity, { rows: number; seconds: number }>();
  for (const { entity, table, key, columns } of BASELINE_TABLES) {
    const list = columns.map((c) => `"${c}"`).join(', ');
    const update = columns.filter((c) => c !== 'external_id' && c !== 'number');
    const sql = (n: number) => {
      const width = columns.length + 1;
      const values = Array.from(
        { length: n },
        (_, r) =>
          `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`,
      ).join(', ');
      return `INSERT INTO ${table} (company_id, ${list}) VALUES ${values}
        ON CONFLICT ${key} DO UPDATE SET ${update.map((c) => `"${c}" = excluded."${c}"`).join(', ')}, updated_at = now()
        WHERE (${update.map((c) => `${table}."${c}"`).join(', ')}) IS DISTINCT FROM (${update.map((c) => `excluded."${c}"`).join(', ')})
        RETURNING (xmax = 0) AS inserted`;
    };
    let after = '00000000-0000-0000-0000-000000000000';
    let rows = 0;
    let ms = 0;
    for (;;) {
      const page = await q(
        `SELECT id, ${list} FROM ${table} WHERE company_id = $1 AND id > $2 ORDER BY id LIMIT ${PAGE_SIZE}`,
        [from, after],
      );
      if (page.length === 0) break;
      after = String(page.at(-1)!.id);
      const params = page.flatMap((row) => [to, ...columns.map((c) => row[c])]);
      const t0 = performance.now();
      rows += (await q(sql(page.length), params)).length;
      ms += performance.now() - t0;
    }
    out.set(entity, { rows, seconds: ms / 1000 });
  }
  return out;
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (see the header).');
  const databaseUrl = await createPostgresDatabase(adminUrl, 'fieldbot_bench_crm_');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-crm-'));
  const fake = await startFakeServiceTitan({ counts: COUNTS, maxPageSize: 5000 });
  const env = {
    ...benchServerEnv(dataDir, databaseUrl),
    SERVICETITAN_AUTH_URL: fake.url,
    SERVICETITAN_API_URL: fake.url,
    CRM_SYNC_PAGE_SIZE: String(PAGE_SIZE),
    CRM_SYNC_INTERVAL_MINUTES: '0',
  };
  const config = loadConfig({ ...env });
  const client = new pg.Client({ connectionString: databaseUrl });
  let server: Awaited<ReturnType<typeof createServer>> | undefined;
  let worker: ReturnType<typeof startWorker> | undefined;
  try {
    // Migrations, the demo data and the queues; this process runs no worker.
    server = await createServer(config);
    await client.connect();
    const q: Query = async (text, values) => (await client.query(text, values)).rows;
    const acme = await companyOf(q, ACME_EMAIL);
    const { credentials } = fake.controls;
    const integrationId = await connectCrm({ env }, q, acme, 'servicetitan', {
      client_id: credentials.clientId,
      secret: credentials.clientSecret,
      tenant_id: credentials.tenantId,
      app_key: credentials.appKey,
    });
    worker = startWorker(env);
    await worker.ready;
    const crmSync = server.crmSync;
    const requestSync = () => crmSync.requestSync(integrationId, 'manual');

    const total = Object.values(COUNTS).reduce((a, b) => a + b, 0);
    console.log(
      `First sync of ${total} records (${Object.entries(COUNTS)
        .map(([e, n]) => `${n} ${e}`)
        .join(', ')}), page size ${PAGE_SIZE}:`,
    );
    const first = await syncOnce(q, requestSync, worker, integrationId);
    const [queued] = await q(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'call-download'`,
    );

    // What the pipeline would have done by the next sync: every synced call downloaded.
    await q(
      `UPDATE interactions SET download_status = 'completed' WHERE source_integration_id = $1`,
      [integrationId],
    );
    for (const entity of CRM_ENTITIES) fake.controls.mutate(entity, CHANGED_PERCENT);
    console.log(`Incremental sync after ${CHANGED_PERCENT} % of each entity changed:`);
    const incremental = await syncOnce(q, requestSync, worker, integrationId);

    const [baselineCompany] = await q(
      `INSERT INTO companies (name) VALUES ('Bench baseline copy') RETURNING id`,
    );
    const floor = await baseline(q, acme, String(baselineCompany!.id));

    console.log(
      `\nFirst sync: ${first.rows} rows in ${first.seconds.toFixed(1)} s → ${Math.round(first.rows / first.seconds)} rows/s; ${queued!.n} call downloads queued (not run)`,
    );
    console.log(
      `Worker peak: RSS ${mb(first.memory.rssBytes)} MB (idle ${mb(first.memory.idleRssBytes)} MB), heap used ${mb(first.memory.heapUsedBytes)} MB\n`,
    );
    const rows: string[][] = [];
    let floorRows = 0;
    let floorSeconds = 0;
    for (const entity of CRM_ENTITIES) {
      const c = first.counts[entity] ?? { created: 0, updated: 0, skipped: 0 };
      const written = c.created + c.updated;
      const seconds = first.entitySeconds.get(entity) ?? 0;
      const base = floor.get(entity);
      const rate = written / seconds;
      if (base) {
        floorRows += base.rows;
        floorSeconds += base.seconds;
      }
      const baseRate = base ? base.rows / base.seconds : Number.NaN;
      rows.push([
        entity,
        String(written),
        String(c.skipped),
        seconds.toFixed(1),
        String(Math.round(rate)),
        base ? String(Math.round(baseRate)) : '-',
        base ? (rate / baseRate).toFixed(3) : '-',
        (incremental.entitySeconds.get(entity) ?? 0).toFixed(2),
        String(
          (incremental.counts[entity]?.updated ?? 0) + (incremental.counts[entity]?.created ?? 0),
        ),
      ]);
    }
    printTable(
      [
        'entity',
        'rows',
        'skipped',
        'first sync s',
        'sync rows/s',
        'INSERT rows/s',
        'sync ÷ INSERT',
        'incremental s',
        'incr. rows',
      ],
      rows,
    );
    const floorRate = floorRows / floorSeconds;
    const syncRate = first.rows / first.seconds;
    console.log(
      `\nBaseline (same run): multi-row INSERT … ON CONFLICT of ${floorRows} rows, pages of ${PAGE_SIZE}: ` +
        `${floorSeconds.toFixed(1)} s → ${Math.round(floorRate)} rows/s; sync ÷ baseline ${(syncRate / floorRate).toFixed(3)}`,
    );
    console.log(
      `Incremental sync: ${incremental.rows} rows in ${incremental.seconds.toFixed(2)} s ` +
        `(${(incremental.seconds / first.seconds).toFixed(3)} of the first sync); worker peak RSS ${mb(incremental.memory.rssBytes)} MB, heap ${mb(incremental.memory.heapUsedBytes)} MB`,
    );
  } finally {
    worker?.child.kill();
    await client.end().catch(() => undefined);
    await server?.close();
    await fake.close();
    if (!process.env.BENCH_KEEP) await dropPostgresDatabase(adminUrl, databaseUrl);
    else console.log(`Kept ${databaseUrl}`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
