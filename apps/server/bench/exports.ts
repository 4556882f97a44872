/**
 * Benchmark (not a test) of a CSV export's memory: the server's resident memory while it streams
 * the customers list of a company with 100,000 customers, against the same export of 10,000 rows
 * in the same run. A flat export holds one batch in memory, so the two peaks are about the same;
 * one that built the file in memory would grow with the rows. Each size is downloaded twice: by a
 * client that reads as fast as it can, and by a slow one (20 ms per chunk) that makes the server
 * wait for the socket.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:exports
 *
 * A fresh database fieldbot_bench_<random> is created on that server and dropped at the end.
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { customersExportPath } from '@fieldbot/shared';
import pg from 'pg';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv, prepareBenchDatabase } from './support/bench-env';
import { hostLine } from './support/host-speed';
import { login } from './support/http-login';
import { runBench } from './support/run-bench';
import { startServerProcess } from './support/server-process';
import { printTable } from './support/table';

const SIZES = [10_000, 100_000];
const SLOW_CHUNK_MS = 20;
const ADMIN = { email: 'admin@demo.fieldbot.test', password: 'Demo@12345' };
/** A word in the synthetic customers' names, one per size, so a keyword picks each set. */
const prefix = (size: number) => `Export${size.toString(36)}x`;

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The process's resident memory, from /proc (Linux). */
async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

interface Download {
  rows: number;
  bytes: number;
  seconds: number;
  peakRss: number;
}

/** Downloads the export while sampling the server's memory every 20 ms. */
async function download(
  url: string,
  cookie: string,
  pid: number,
  slow: boolean,
): Promise<Download> {
  let peakRss = await rss(pid);
  const sampler = setInterval(() => {
    void rss(pid).then((value) => (peakRss = Math.max(peakRss, value)));
  }, 20);
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const reader = res.body!.getReader();
    let bytes = 0;
    let rows = -1; // the header
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) rows += 1;
      if (slow) await new Promise((resolve) => setTimeout(resolve, SLOW_CHUNK_MS));
    }
    return { rows, bytes, seconds: (performance.now() - started) / 1000, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error(
      'Set DATABASE_URL to a PostgreSQL server, e.g. ' +
        'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:exports',
    );
    process.exit(2);
  }
  console.log(`Fieldbot export memory benchmark; ${hostLine()}\n`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-exports-'));
  const databaseUrl = await createPostgresDatabase(adminUrl, 'fieldbot_bench_');
  try {
    const env = benchServerEnv(dataDir, databaseUrl);
    await prepareBenchDatabase(env, databaseUrl, false);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const size of SIZES) {
        await client.query(
          `INSERT INTO customers (company_id, external_id, name, type, active)
           SELECT c.id, 'X' || $2 || '-' || n, $1 || ' customer ' || lpad(n::text, 6, '0'),
             CASE WHEN n % 2 = 0 THEN 'Residential' ELSE 'Commercial' END, true
           FROM companies c, generate_series(1, $2::int) n
           WHERE c.name = 'Acme Home Services'`,
          [prefix(size), size],
        );
      }
      await client.query('VACUUM ANALYZE customers');
    } finally {
      await client.end();
    }

    const server = await startServerProcess(env);
    const results: string[][] = [];
    try {
      const cookie = await login(server.base, ADMIN);
      // Warm: the first request loads the modules and fills the session cache.
      await download(
        `${server.base}${customersExportPath}?keyword=none-such`,
        cookie,
        server.pid,
        false,
      );
      const idle = await rss(server.pid);
      console.log(`Server resident memory after warm-up: ${mib(idle)} MiB\n`);
      for (const slow of [false, true]) {
        for (const size of SIZES) {
          const url = `${server.base}${customersExportPath}?keyword=${prefix(size)}`;
          const got = await download(url, cookie, server.pid, slow);
          if (got.rows !== size) throw new Error(`expected ${size} rows, got ${got.rows}`);
          results.push([
            size.toLocaleString('en'),
            slow ? `slow (${SLOW_CHUNK_MS} ms a chunk)` : 'fast',
            mib(got.bytes),
            got.seconds.toFixed(1),
            mib(got.peakRss),
            mib(got.peakRss - idle),
          ]);
        }
      }
    } finally {
      await server.stop();
    }
    printTable(
      ['rows', 'reader', 'file MiB', 'seconds', 'peak RSS MiB', 'peak − idle MiB'],
      results,
    );
    const peak = (size: number) =>
      Math.max(
        ...results.filter((r) => r[0] === size.toLocaleString('en')).map((r) => Number(r[4])),
      );
    console.log(
      `\nPeak memory, 100,000 rows ÷ 10,000 rows: ${(peak(100_000) / peak(10_000)).toFixed(2)} ` +
        '(flat ≈ 1; a file built in memory grows with the rows)',
    );
  } finally {
    await dropPostgresDatabase(adminUrl, databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
