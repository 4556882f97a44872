import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import type { TestApp } from './test-app';

/** A Drizzle handle on the test database (the server is stopped meanwhile on PGlite). */
export async function withDb<T>(app: TestApp, run: (db: Db) => Promise<T>): Promise<T> {
  if (app.db.databaseUrl) {
    const pool = new pg.Pool({ connectionString: app.db.databaseUrl });
    try {
      return await run(drizzlePg(pool, { schema }) as unknown as Db);
    } finally {
      await pool.end();
    }
  }
  await app.stop();
  const lite = await PGlite.create(join(app.dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return await run(drizzlePglite({ client: lite, schema }) as unknown as Db);
  } finally {
    await lite.close();
    await app.restart();
  }
}
