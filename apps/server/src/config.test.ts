import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fieldbot-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      dataDir,
      databaseUrl: undefined,
      sessionIdleMs: 120 * 60_000,
      sessionAbsoluteMs: 30 * 86_400_000,
      loginMaxAttempts: 5,
      loginWindowMs: 15 * 60_000,
      mailFrom: 'Fieldbot <no-reply@fieldbot.local>',
      s3: undefined,
      uploadMaxBytes: 500 * 1024 * 1024,
      seedDemo: true,
      runWorkers: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('generates the session secret once and keeps it in the data folder', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret).toHaveLength(64);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dataDir, 'secret'), 'utf8')).toBe(first.sessionSecret);
    expect(first.intercomSecret).not.toBe(first.sessionSecret);
  });

  it('accepts fractional session minutes (tests use 0.02)', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SESSION_IDLE_MINUTES: '0.02' }).sessionIdleMs).toBe(
      1200,
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be at most 65535'],
    [{ SEED_DEMO: 'maybe' }, 'Invalid configuration: SEED_DEMO must be true or false'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres'],
    [{ APP_URL: 'not a url' }, 'Invalid configuration: APP_URL must be a valid URL'],
    [{ S3_BUCKET: 'b' }, 'Invalid configuration: S3_ENDPOINT, S3_REGION'],
    [{ NODE_ENV: 'production' }, 'Invalid configuration: SESSION_SECRET is required'],
  ])('stops with one line naming the variable for %o', (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.startsWith(message)).toBe(true);
    expect((error as Error).message).not.toContain('\n');
  });

  it('switches to S3 only when every S3 variable is set', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'files',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
  });
});
