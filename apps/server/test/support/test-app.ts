import { afterAll, beforeAll, inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config';
import type { BotEngines } from '../../src/providers/bot-engine';
import type { CrmSyncQueue } from '../../src/modules/integrations/crm-sync-queue';
import type { PaymentProvider } from '../../src/providers/payments/payment-provider';
import type { CrmProviders } from '../../src/providers/crm/crm-provider';
import { createServer } from '../../src/server';
import { ApiClient } from './api-client';
import { Outbox } from './outbox';
import { seedKey } from './seeded-template';
import { createTestDatabase, type SeededTemplate, type TestDatabase } from './test-database';
import { APP_URL, baseTestEnv } from './test-env';

export { APP_URL, INTERCOM_SECRET } from './test-env';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  dataDir: string;
  env: Record<string, string | undefined>;
  outbox: Outbox;
  /** The running server's CRM sync queue (what the Sync button calls). */
  crmSync: CrmSyncQueue;
  /** A new cookie-jar client with its own remote address. */
  client(options?: { ip?: string }): ApiClient;
  /** Closes the server (idempotent), then drops the database and removes DATA_DIR. */
  close(): Promise<void>;
  /** Closes the server but keeps the database, e.g. to inspect PGlite files. */
  stop(): Promise<void>;
  /** Starts the server again on the same database. */
  restart(): Promise<void>;
  /**
   * Runs SQL against the test database (fingerprints; test set-up the API cannot do, such as
   * linking a user to a CRM). On PostgreSQL it connects beside the server; on PGlite it runs on the
   * server's own connection (PGlite has one), or opens the files when the server is stopped.
   */
  inspect<T>(run: (query: SqlQuery) => Promise<T>): Promise<T>;
}

export type SqlQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Runs SQL on a test database with a connection of its own: beside the server on PostgreSQL; on
 * PGlite only while no process holds the files (`inspect` stops the test app first).
 */
export async function queryTestDatabase<T>(
  db: TestDatabase,
  run: (query: SqlQuery) => Promise<T>,
): Promise<T> {
  if (db.databaseUrl) {
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    try {
      return await run(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const lite = await PGlite.create(join(db.dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return await run(
      async (text, params) => (await lite.query<Record<string, unknown>>(text, params)).rows,
    );
  } finally {
    await lite.close();
  }
}

export interface StartOptions {
  /** Extra environment, e.g. { SESSION_IDLE_MINUTES: '0.02' } for the one test that needs it. */
  env?: Record<string, string>;
  /** Engines for bot-run jobs instead of the configured ones (fakes that script each answer). */
  botEngines?: BotEngines;
  /** The payment provider instead of the configured one (billing tests script their cards). */
  payments?: PaymentProvider;
  /**
   * The CRM sync queue instead of the app's stand-in (integrations tests record the requests). The
   * sync schedule is then off unless `env` turns it on: it would drive the real engine behind the
   * stand-in's back.
   */
  crmSync?: CrmSyncQueue;
  /** Receives the server's log lines (set LOG_LEVEL in env to see any). */
  logStream?: { write(line: string): void };
  /** CRM adapters instead of the configured ones (the sync engine's tests use an in-memory CRM). */
  crmProviders?: CrmProviders;
}

/**
 * The run's seeded template (seeded-template.ts) when `extraEnv` leaves the seed settings as they
 * were for it; otherwise undefined, and the server seeds its own database.
 */
export function seededTemplateFor(
  extraEnv: Record<string, string> = {},
): SeededTemplate | undefined {
  const template = inject('seededTemplate');
  if (!template) return undefined;
  try {
    const config = loadConfig({ ...baseTestEnv(tmpdir(), template.databaseUrl), ...extraEnv });
    return seedKey(config) === template.seedKey ? template : undefined;
  } catch {
    // Settings the server will refuse: let it say so on an empty database.
    return undefined;
  }
}

/** Starts the real server on a database of its own (PGlite in a temp DATA_DIR, or a fresh PostgreSQL database). */
export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase(seededTemplateFor(options.env));
  const env = {
    ...baseTestEnv(db.dataDir, db.databaseUrl),
    ...(options.crmSync ? { CRM_SYNC_INTERVAL_MINUTES: '0' } : {}),
    ...options.env,
  };

  let server: Awaited<ReturnType<typeof createServer>> | undefined;
  const start = async () => {
    server = await createServer(loadConfig({ ...env }), {
      botEngines: options.botEngines,
      payments: options.payments,
      crmSync: options.crmSync,
      logStream: options.logStream,
      crmProviders: options.crmProviders,
    });
    await server.app.ready();
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (running) await running.close();
  };
  try {
    await start();
  } catch (error) {
    await db.drop().catch(() => undefined);
    throw error;
  }

  const handle: TestApp = {
    get app(): FastifyInstance {
      if (!server) throw new Error('the test server is stopped');
      return server.app;
    },
    db,
    dataDir: db.dataDir,
    env,
    outbox: new Outbox(db.dataDir, APP_URL),
    crmSync: {
      requestSync: (id, trigger) => {
        if (!server) throw new Error('the test server is stopped');
        return server.crmSync.requestSync(id, trigger);
      },
    },
    client: (clientOptions) => new ApiClient(() => handle.app, clientOptions),
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    inspect: async (run) => {
      if (db.databaseUrl) return queryTestDatabase(db, run);
      // The running server's own PGlite connection: no restart, so no seconds of start-up per read.
      if (server) {
        const running = server;
        return run(async (text, params) => (await running.executeSql(text, params)).rows);
      }
      await stop();
      try {
        return await queryTestDatabase(db, run);
      } finally {
        await start();
      }
    },
    close: async () => {
      try {
        await stop();
      } finally {
        await db.drop();
      }
    },
  };
  return handle;
}

let counter = 0;
/** A unique e-mail address for a test-created account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${counter}.${randomBytes(3).toString('hex')}@example.test`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starting a server means PGlite start-up, migrations, the demo seed (Argon2 hashes) and pg-boss:
 * seconds on an idle machine, far more on a loaded 2-core one. Hooks that start or stop one get
 * this much time rather than the project's default hook timeout.
 */
export const HOOK_TIMEOUT_MS = 180_000;

/** Tests that read the database: on PGlite each read restarts the server (see `inspect`). */
export const SLOW_TEST_TIMEOUT_MS = 180_000;

/**
 * One test app per file or describe block: started before its tests, closed after them. The
 * returned object forwards to the running app.
 */
export function useTestApp(options: StartOptions = {}): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  }, HOOK_TIMEOUT_MS);
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!app) throw new Error('The test app is used before beforeAll started it.');
      const value = Reflect.get(app, key) as unknown;
      return typeof value === 'function' ? value.bind(app) : value;
    },
  });
}

/**
 * A signed-in client per account, made on first use and kept for the file's other tests (the
 * sessions live in the database, so they survive `inspect` and restarts).
 */
export function signedInClients(t: TestApp): (email: string) => Promise<ApiClient> {
  const clients = new Map<string, ApiClient>();
  return async (email) => {
    let client = clients.get(email);
    if (!client) {
      client = t.client();
      await client.loginAs(email);
      clients.set(email, client);
    }
    return client;
  };
}
