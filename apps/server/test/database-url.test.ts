import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(serverRoot, '../../node_modules/.bin/tsx');
const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldbot-dburl-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(entry: 'main.ts' | 'worker.ts', databaseUrl: string) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    execFile(
      tsx,
      [path.join(serverRoot, 'src', entry)],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0' },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/** A server of the PostgreSQL suite, when it runs on one, for the cases the server itself refuses. */
const serverUrl = process.env.DATABASE_URL;
const withPath = (url: string, change: (u: URL) => void) => {
  const u = new URL(url);
  change(u);
  return u.toString();
};

const cases: [string, string, RegExp][] = [
  [
    'a port with no server',
    'postgres://postgres:s3cret@127.0.0.1:1/fieldbot',
    /connection refused at 127\.0\.0\.1:1/,
  ],
  [
    'an unknown host',
    'postgres://postgres@no-such-host.invalid/fieldbot',
    /host "no-such-host\.invalid" not found/,
  ],
  ...(serverUrl
    ? ([
        [
          'an unknown database',
          withPath(serverUrl, (u) => (u.pathname = '/fieldbot_no_such_database')),
          /database "fieldbot_no_such_database" does not exist/,
        ],
        [
          'an unknown role',
          withPath(serverUrl, (u) => (u.username = 'fieldbot_no_such_role')),
          /fieldbot_no_such_role/,
        ],
      ] as [string, string, RegExp][])
    : []),
];

describe('a wrong DATABASE_URL', () => {
  it.each(cases)(
    'with %s: the server prints one line naming DATABASE_URL and exits 1',
    async (_what, url, reason) => {
      const { code, stderr, stdout } = await run('main.ts', url);
      expect(code).toBe(1);
      const lines = stderr
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cannot connect to DATABASE_URL \(postgres:\/\//);
      expect(lines[0]).toMatch(reason);
      // The password is never printed; no stack trace either.
      expect(stderr + stdout).not.toContain('s3cret');
      expect(stderr).not.toMatch(/^\s+at /m);
    },
    90_000,
  );

  it('stops the worker the same way', async () => {
    const { code, stderr } = await run('worker.ts', 'postgres://postgres@127.0.0.1:1/fieldbot');
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(
      /^Cannot connect to DATABASE_URL \(postgres:\/\/postgres@127\.0\.0\.1:1\/fieldbot\): connection refused/,
    );
  }, 90_000);
});
