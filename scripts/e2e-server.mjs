// Starts the server exactly as `npm start` does (after the web build), on a fresh data folder, for Playwright.
// The built web app is copied into that folder first, so that another build of apps/web/dist while the tests
// run (`npm start` or `npm run build` in a second terminal) cannot pull the pages from under them.
// Server logs go to <data folder>/server.log; the folder is removed when the server stops.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = process.env.FIELDBOT_E2E_PORT ?? '3210';
const dataDir = process.env.FIELDBOT_E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'fieldbot-e2e-'));
mkdirSync(dataDir, { recursive: true });
const logFile = join(dataDir, 'server.log');

const builtWeb = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
if (!existsSync(join(builtWeb, 'index.html'))) {
  console.error(
    `[e2e-server] ${builtWeb} has no index.html: run \`npm run build -w @fieldbot/web\` first`,
  );
  process.exit(1);
}
const webDist = join(dataDir, 'web-dist');
cpSync(builtWeb, webDist, { recursive: true });

// The browser tests always run on the embedded database and the local outbox, whatever the shell exports.
const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  WEB_DIST: webDist,
  // No scheduled CRM syncs behind the browser tests' backs (manual Sync still runs them).
  CRM_SYNC_INTERVAL_MINUTES: '0',
};
for (const name of ['DATABASE_URL', 'SMTP_URL']) delete env[name];

const log = openSync(logFile, 'a');
const server = spawn('npm', ['run', 'start', '-w', '@fieldbot/server'], {
  env,
  stdio: ['ignore', log, 'inherit'],
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  if (!stopping) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    process.stderr.write(
      `[e2e-server] server exited early (code ${code}, signal ${signal}). Log tail:\n${tail}\n`,
    );
  }
  if (!process.env.FIELDBOT_E2E_KEEP_DATA)
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  process.exit(stopping ? 0 : (code ?? 1));
});
