import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { seedDemoData, seedReferenceData } from '../../src/seed/seed';
import { createStorageProvider } from '../../src/providers/storage';

/** The environment a benchmark starts the server with: production mode on PostgreSQL, demo data, no workers. */
export function benchServerEnv(
  dataDir: string,
  databaseUrl: string,
): Record<string, string | undefined> {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    // The queue's workers would compete for the cores; this measures the HTTP side.
    RUN_WORKERS: 'false',
    APP_URL: 'http://127.0.0.1:3000',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
    // Request logging to stdout would be measured too and drown the output.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  };
}

/**
 * Migrates a fresh benchmark database and seeds the reference and demo data the server would, or
 * says it reuses one (BENCH_REUSE_DB); answers whether the synthetic data set still has to be loaded.
 */
export async function prepareBenchDatabase(
  env: Record<string, string | undefined>,
  databaseUrl: string,
  reused: boolean,
): Promise<boolean> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (reused) {
    console.log(`Reusing ${name} (BENCH_REUSE_DB).`);
    return false;
  }
  console.log(`Database ${name}: migrations and demo seed …`);
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
  return true;
}
