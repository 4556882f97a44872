import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
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
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
const b = await bare.listen({ port: 0, host: '127.0.0.1' });
const cookie = await login(base, { email: 'admin@demo.fieldbot.test', password: 'Demo@12345' });
import pg from 'pg';
const c = new pg.Client({ connectionString: url });
await c.connect();
const tx = async () =>
  (
    await c.query(
      'select xact_commit::int as n from pg_stat_database where datname = current_database()',
    )
  ).rows[0].n;
for (let i = 0; i < 3; i++) {
  const before = await tx();
  let cpu = process.cpuUsage();
  const r = await autocannon({
    url: base + '/api/user/me',
    connections: 10,
    duration: 3,
    headers: { cookie },
  });
  const cr = process.cpuUsage(cpu);
  cpu = process.cpuUsage();
  const s = await autocannon({
    url: process.env.ONLY ? base + '/api/user/me' : b + '/bare',
    connections: 10,
    duration: 3,
  });
  const cs = process.cpuUsage(cpu);
  const per = (n: number, c: { user: number; system: number }) => (c.user + c.system) / n;
  console.log(
    'µs/req me',
    per(r.requests.total, cr).toFixed(1),
    'bare',
    per(s.requests.total, cs).toFixed(1),
  );
  await new Promise((r) => setTimeout(r, 600));
  console.log('tx', (await tx()) - before, 'requests', r.requests.total);
  console.log(
    'me',
    r.requests.average,
    'bare',
    s.requests.average,
    (r.requests.average / s.requests.average).toFixed(3),
  );
}
await c.end();
await server.close();
await dropPostgresDatabase(admin, url);
process.exit(0);
