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
