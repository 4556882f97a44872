import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { ConfigError, type AppConfig } from '../config.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one typed Drizzle API used everywhere, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for pg-boss's `db` option; multi-statement text is allowed when there are no values. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Applies the committed migrations (and runs `afterMigrate`) while holding a cluster-wide lock. */
  migrate(afterMigrate?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Raised when the embedded database is already open in another process. */
export class DatabaseLockedError extends ConfigError {
  override name = 'DatabaseLockedError';
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Arbitrary constant shared by every Fieldbot process: serialises migrate+seed across processes.
const MIGRATION_LOCK_KEY = 724_311_901;

export async function openDatabase(config: AppConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, '.lock'),
      stale: 30_000,
      update: 5_000,
      realpath: false,
      // PGlite runs on the main thread; a long stall must not crash the server over the lock file.
      onCompromised: (error) => console.warn(`Data folder lock: ${error.message}`),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is already in use by another Fieldbot process. ` +
          'Stop it first, or set DATABASE_URL to run several processes on PostgreSQL.',
      );
    }
    throw error;
  }
  let client: PGlite;
  try {
    client = await createPglite(dir);
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async migrate(afterMigrate) {
      // One process owns the embedded database (lock file), so no database lock is needed.
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
      await afterMigrate?.();
    },
    async close() {
      try {
        await client.close();
      } finally {
        await release();
      }
    },
  };
}

// initdb inside WASM takes seconds; a cached copy of a just-initialised cluster makes every
// later fresh data folder (new installs, each test's temp folder) start much faster.
function pgliteVersion(): string {
  try {
    // The package's exports hide package.json; find it next to the resolved entry point.
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      version: string;
    };
    return version.replace(/[^\w.-]/g, '');
  } catch {
    return 'unknown';
  }
}
const templateFile = path.join(tmpdir(), `fieldbot-pglite-${pgliteVersion()}-initdb.tar`);

// Extensions the migrations create (keyword search).
const pgliteOptions: PGliteOptions = { extensions: { pg_trgm } };

async function createPglite(dir: string): Promise<PGlite> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return PGlite.create(dir, pgliteOptions);
  if (existsSync(templateFile)) {
    try {
      const template = new Blob([await readFile(templateFile)]);
      return await PGlite.create(dir, { ...pgliteOptions, loadDataDir: template });
    } catch {
      // A damaged or incompatible template: start clean and write a new one.
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
    }
  }
  const client = await PGlite.create(dir, pgliteOptions);
  try {
    const dump = await client.dumpDataDir('none');
    const partial = `${templateFile}.${process.pid}.${Date.now()}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, templateFile);
  } catch {
    // The template is only an optimisation.
  }
  return client;
}

/** How long start-up waits for the PostgreSQL server of DATABASE_URL to answer. */
const CONNECT_TIMEOUT_MS = 10_000;

/** DATABASE_URL without its password, to name it in a message. */
function redactedUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://…';
  }
}

/** What went wrong connecting, in words: the driver's errors carry a code and, from the server, a message. */
function connectProblem(error: unknown, connectionString: string): string {
  const e = error as { code?: string; message?: string; hostname?: string };
  const url = new URL(connectionString);
  const hostPort = `${url.hostname}:${url.port || '5432'}`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return `connection refused at ${hostPort} (is PostgreSQL running on that port?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host "${url.hostname}" not found`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${hostPort} is unreachable`;
    default:
      // 'database "x" does not exist', 'role "y" does not exist', 'password authentication failed…'
      if (/timeout/i.test(e.message ?? '')) {
        return `no answer from ${hostPort} within ${CONNECT_TIMEOUT_MS / 1000} s`;
      }
      return e.message ?? String(error);
  }
}

/** Connects once before the pool is used, so that a wrong DATABASE_URL is one clear line. */
async function probePostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new ConfigError(
      `Cannot connect to DATABASE_URL (${redactedUrl(connectionString)}): ${connectProblem(error, connectionString)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function openPostgres(connectionString: string): Promise<Database> {
  await probePostgres(connectionString);
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', () => {
    // Idle-client errors (server restart) are reported on the next query instead of crashing.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      // A multi-statement text yields an array of results.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async migrate(afterMigrate) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
          await afterMigrate?.();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
