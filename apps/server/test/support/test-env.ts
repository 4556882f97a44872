export const APP_URL = 'http://localhost:3000';
/**
 * One secret for every test server and the seeded template: the demo CRM connection is sealed under
 * it (the CRM secret defaults to it), so a file's copy of the template is only usable with the same
 * one. A random secret per server made every file migrate and seed its own database (~14 s each).
 */
const TEST_SESSION_SECRET = 'fieldbot-test-session-secret-0123456789abcdef0123456789';
/** A known widget secret, so tests can recompute intercom_hash exactly. */
export const INTERCOM_SECRET = 'test-intercom-secret-0123456789abcdef';

/** The environment of a test server (and of the seeded template it starts from). */
export function baseTestEnv(
  dataDir: string,
  databaseUrl: string | undefined,
): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    APP_URL,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SESSION_SECRET: TEST_SESSION_SECRET,
    INTERCOM_SECRET,
    // Tests change rows behind the server's back (inspect); the per-process session cache would
    // hide that for up to a second. session-cache.test.ts turns it on.
    SESSION_CACHE_MS: '0',
  };
  if (env.DATABASE_URL === undefined) delete env.DATABASE_URL;
  return env;
}
