/**
 * Benchmark (not a test): a logged-in GET /api/user/me on the real server against a bare Fastify
 * route in the same process, on PGlite and, when DATABASE_URL is set, on PostgreSQL (in a temp
 * database that is dropped afterwards). Then the gzip size of the JS the login page loads.
 *
 *   npm run bench                      # PGlite only
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10) tune the runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { createServer } from '../src/server';
import { login } from './support/http-login';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 2;
const DEMO_ADMIN = { email: 'admin@demo.fieldbot.test', password: 'Demo@12345' };
const GOAL_RATIO = 0.3;
const GOAL_LOGIN_JS_KB = 200;

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../web/dist');

interface Row {
  database: string;
  target: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Logs the demo admin in and checks the session works. */
async function loginAdmin(base: string): Promise<string> {
  const cookie = await login(base, DEMO_ADMIN);
  const me = await fetch(`${base}/api/user/me`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/user/me answered ${me.status}`);
  return cookie;
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, timeout: 10 });
}

async function measure(
  database: string,
  env: Record<string, string | undefined>,
  bareUrl: string,
): Promise<Row[]> {
  const server = await createServer(loadConfig(env));
  try {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = await loginAdmin(address);
    const meUrl = `${address}/api/user/me`;
    const rows: Row[] = [];
    // Warm both (JIT, connection pools), then measure each in turn.
    await load(meUrl, { cookie }, WARMUP_SECONDS);
    await load(bareUrl, {}, WARMUP_SECONDS);
    for (const [target, url, headers] of [
      ['GET /api/user/me (logged in)', meUrl, { cookie }],
      ['GET /bare (bare Fastify)', bareUrl, {}],
    ] as const) {
      const result = await load(url, headers, SECONDS);
      rows.push({
        database,
        target,
        rps: result.requests.average,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    }
    return rows;
  } finally {
    await server.close();
  }
}

function baseEnv(dataDir: string): Record<string, string | undefined> {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return {
    ...rest,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    APP_URL: 'http://127.0.0.1:3000',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
    // Request logging to stdout would be measured too and drown the table.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  };
}

/** The JS of index.html: its module script and modulepreload links, each gzipped. */
function loginPageJs(): { files: { file: string; raw: number; gzip: number }[]; note: string } {
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) {
    return {
      files: [],
      note: 'apps/web/dist is missing: run `npm run build -w @fieldbot/web` first.',
    };
  }
  const html = readFileSync(indexHtml, 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    if (!/type=["']module["']/.test(tag)) continue;
    const src = /src=["']([^"']+)["']/.exec(tag)?.[1];
    if (src) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (!/rel=["']modulepreload["']/.test(tag)) continue;
    const href = /href=["']([^"']+)["']/.exec(tag)?.[1];
    if (href) urls.add(href);
  }
  const files = [...urls]
    .filter((u) => !/^https?:\/\//.test(u))
    .map((u) => {
      const file = path.join(webDist, u.replace(/^\//, '').split('?')[0] ?? '');
      const body = readFileSync(file);
      return {
        file: path.relative(webDist, file),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      };
    });
  return {
    files,
    note: 'index.html entry + modulepreload links; lazily loaded route chunks come on top (gzip -9).',
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (/^[\d.]+$/.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `${bareAddress}/bare`;

  console.log(
    `Fieldbot benchmark: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per target, ` +
      `${WARMUP_SECONDS} s warm-up; Node ${process.version}; ${cpus().length} CPUs, ` +
      `load average ${loadavg()[0]!.toFixed(1)} at start\n`,
  );

  const rows: Row[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-'));
  try {
    console.log('PGlite (embedded) …');
    rows.push(...(await measure('PGlite', baseEnv(dataDir), bareUrl)));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const pgDataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-pg-'));
    const databaseUrl = await createPostgresDatabase(adminUrl, 'fieldbot_bench_');
    try {
      console.log(`PostgreSQL (${new URL(databaseUrl).pathname.slice(1)}) …`);
      rows.push(
        ...(await measure(
          'PostgreSQL',
          { ...baseEnv(pgDataDir), DATABASE_URL: databaseUrl },
          bareUrl,
        )),
      );
      // The same without the per-process session cache: the cost of one database round trip per call.
      rows.push(
        ...(await measure(
          'PostgreSQL, SESSION_CACHE_MS=0',
          { ...baseEnv(pgDataDir), DATABASE_URL: databaseUrl, SESSION_CACHE_MS: '0' },
          bareUrl,
        )),
      );
    } finally {
      await dropPostgresDatabase(adminUrl, databaseUrl);
      await rm(pgDataDir, { recursive: true, force: true });
    }
  } else {
    console.log(
      'PostgreSQL skipped: set DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to include it.',
    );
  }
  await bare.close();

  console.log(
    `\nLoad average ${loadavg()[0]!.toFixed(1)} at the end (figures are only comparable on an idle machine).\n`,
  );
  printTable(
    ['database', 'target', 'req/s', 'p99 ms', 'non-2xx', 'errors'],
    rows.map((r) => [
      r.database,
      r.target,
      r.rps.toFixed(0),
      r.p99.toFixed(1),
      String(r.non2xx),
      String(r.errors),
    ]),
  );

  console.log('');
  const ratios: string[][] = [];
  for (const database of [...new Set(rows.map((r) => r.database))]) {
    const me = rows.find((r) => r.database === database && r.target.startsWith('GET /api/user/me'));
    const b = rows.find((r) => r.database === database && r.target.startsWith('GET /bare'));
    if (!me || !b) continue;
    const ratio = me.rps / b.rps;
    const goal =
      database === 'PostgreSQL'
        ? ratio >= GOAL_RATIO
          ? 'met'
          : 'NOT met'
        : '(goal applies to PostgreSQL)';
    ratios.push([database, ratio.toFixed(3), `≥ ${GOAL_RATIO}: ${goal}`]);
  }
  printTable(['database', 'me/bare req/s ratio', 'goal'], ratios);

  console.log('');
  const js = loginPageJs();
  if (js.files.length === 0) {
    console.log(`Login page JS: ${js.note}`);
  } else {
    const total = js.files.reduce((sum, f) => sum + f.gzip, 0);
    printTable(
      ['login page JS file', 'raw KB', 'gzip KB'],
      [
        ...js.files.map((f) => [f.file, kb(f.raw), kb(f.gzip)]),
        ['total', kb(js.files.reduce((s, f) => s + f.raw, 0)), kb(total)],
      ],
    );
    const verdict = total / 1024 <= GOAL_LOGIN_JS_KB ? 'met' : 'NOT met';
    console.log(`goal ≤ ${GOAL_LOGIN_JS_KB} KB gzip: ${verdict}. ${js.note}`);
    console.log('Rebuild first for current figures: npm run build -w @fieldbot/web');
  }

  const bad = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (bad.length > 0) {
    console.log(
      `\nWARNING: non-2xx responses or errors in: ${bad.map((r) => `${r.database} ${r.target}`).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

main().then(
  // pg-boss and pool timers must not keep a finished benchmark alive.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
