import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A database that belongs to one test file. DATA_DIR is always a fresh temp folder (PGlite files,
 * the mail outbox and local uploads live there); on the CI PostgreSQL pass (DATABASE_URL set) a
 * fresh database is also created on that server and dropped afterwards.
 */
export interface TestDatabase {
  dataDir: string;
  /** The per-file database URL on PostgreSQL; undefined on PGlite. */
  databaseUrl: string | undefined;
  kind: 'pglite' | 'postgres';
  /** Drops the database (FORCE) and removes DATA_DIR. */
  drop(): Promise<void>;
}

/** The PostgreSQL server the CI pass points at, or undefined for the embedded default. */
export function serverDatabaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url && url.trim() !== '' ? url : undefined;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/**
 * CREATE DATABASE fieldbot_t_<random> on the server behind `url`, empty or as a copy of the
 * database at `templateUrl`; returns its URL.
 */
export async function createPostgresDatabase(
  url: string,
  prefix = 'fieldbot_t_',
  templateUrl?: string,
): Promise<string> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const template = templateUrl ? ` TEMPLATE "${databaseName(templateUrl)}"` : '';
  await withAdminClient(url, (c) => c.query(`CREATE DATABASE "${name}"${template}`));
  return withDatabaseName(url, name);
}

export async function dropPostgresDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop unexpected database ${name}`);
  await withAdminClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A migrated and seeded database made once per run (seeded-template.ts, the global set-up). */
export interface SeededTemplate {
  /** A DATA_DIR: the PGlite files (embedded) and the demo audio. */
  dataDir: string;
  /** The template database on PostgreSQL; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The seed settings it was made with (seeded-template.ts `seedKey`). */
  seedKey: string;
}

/**
 * A database for one test file: a copy of `template` when given (a server then starts on it as on
 * any later start), otherwise empty (a server migrates and seeds it).
 */
export async function createTestDatabase(template?: SeededTemplate): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldbot-test-'));
  if (template) await cp(template.dataDir, dataDir, { recursive: true });
  const adminUrl = serverDatabaseUrl();
  if (!adminUrl) {
    return {
      dataDir,
      databaseUrl: undefined,
      kind: 'pglite',
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const databaseUrl = await createPostgresDatabase(adminUrl, undefined, template?.databaseUrl);
  return {
    dataDir,
    databaseUrl,
    kind: 'postgres',
    drop: async () => {
      await dropPostgresDatabase(adminUrl, databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
