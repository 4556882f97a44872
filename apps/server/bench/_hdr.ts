import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createServer } from '../src/server';
import { login } from './support/http-login';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
const url = await createPostgresDatabase(admin, 'fieldbot_prof_');
const dir = await mkdtemp(path.join(tmpdir(), 'p-'));
const server = await createServer(
  loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dir,
    SEED_DEMO: 'true',
    RUN_WORKERS: 'false',
    APP_URL: 'http://127.0.0.1:3000',
    SESSION_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
  }),
);
const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await login(base, { email: 'admin@demo.fieldbot.test', password: 'Demo@12345' });
const r = await fetch(base + '/api/user/me', { headers: { cookie } });
console.log([...r.headers].map(([k, v]) => k + ': ' + v).join('\n'), (await r.text()).length);
await server.close();
await dropPostgresDatabase(admin, url);
process.exit(0);
