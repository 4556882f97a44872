import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Playwright evaluates this file in the runner and again in every worker. The port and the data folder are
// chosen once, in the runner, and handed to the workers through the environment they inherit.
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

const port = (process.env.FIELDBOT_E2E_PORT ??= freePort());
const dataDir = (process.env.FIELDBOT_E2E_DATA_DIR ??= join(
  tmpdir(),
  `fieldbot-e2e-${randomBytes(6).toString('hex')}`,
));
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  // Generous for a 2-core CI runner where two browsers, the server, CRM syncs and offline
  // transcription share the cores; a passing test takes no longer for it.
  timeout: 45_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) without the
    // screencast: recording screenshots of every test halved the suite's speed on 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    // No transitions or spinning loaders to paint while a test waits: the browsers' CPU is most
    // of the suite's on a 2-core runner (the app honours the setting: respectReducedMotion).
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's chromium only: a browser is never downloaded (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Recording tests: a synthetic microphone (a beep) and no permission prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        // Playback tests press Play themselves, but headless chromium may still refuse media
        // without a "real" gesture.
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    // The same server `npm start` runs (the web app is built by `npm run test:e2e` first), on a fresh data folder.
    command: 'node scripts/e2e-server.mjs',
    cwd: repoRoot,
    url: `${baseURL}/api/csrf-cookie`,
    env: {
      FIELDBOT_E2E_PORT: port,
      FIELDBOT_E2E_DATA_DIR: dataDir,
      // webhooks.spec.ts receives webhooks on a local http receiver, which the SSRF guard refuses.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
