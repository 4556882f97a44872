import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { loadConfig, type AppConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { createStorageProvider } from '../../src/providers/storage/index';
import { migrateAndSeed } from '../../src/server';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  serverDatabaseUrl,
  type SeededTemplate,
} from './test-database';
import { baseTestEnv } from './test-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded database every test file copies; null when it could not be made. */
    seededTemplate: SeededTemplate | null;
  }
}

/** What the first start writes depends on these settings only; other test settings may differ. */
export function seedKey(config: AppConfig): string {
  return JSON.stringify({
    seedDemo: config.seedDemo,
    pricePerMinuteCents: config.billing.pricePerMinuteCents,
    appUrl: config.appUrl,
    s3: config.s3 !== undefined,
    // The demo CRM connection's values are sealed under it (hashed: the key holds no secret).
    crmSecret: createHash('sha256').update(config.crm.credentialsSecret).digest('hex'),
  });
}

/**
 * Vitest global set-up of the server project: migrations and the demo seed take most of a test
 * server's start-up, so they run once here into a template (a PGlite data folder, or a PostgreSQL
 * template database plus the DATA_DIR with the demo audio), and each test file starts on a copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldbot-template-'));
  const adminUrl = serverDatabaseUrl();
  const databaseUrl = adminUrl
    ? await createPostgresDatabase(adminUrl, 'fieldbot_tpl_')
    : undefined;
  const teardown = async () => {
    if (adminUrl && databaseUrl) await dropPostgresDatabase(adminUrl, databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  };
  const config = loadConfig(baseTestEnv(dataDir, databaseUrl));
  const database = await openDatabase(config);
  try {
    await migrateAndSeed(
      database,
      config,
      createStorageProvider(config),
      pino({ level: 'silent' }),
    );
  } finally {
    // Closed before use: PostgreSQL copies a template only while nobody is connected to it.
    await database.close();
  }
  project.provide('seededTemplate', { dataDir, databaseUrl, seedKey: seedKey(config) });
  return teardown;
}
