/**
 * A/B of two web builds under Lighthouse (not part of `npm run bench`): one PostgreSQL database
 * with the demo data, one server per build (this checkout's server code, `WEB_DIST` = each
 * directory), and Lighthouse runs alternating between them page by page, so a busy shared
 * machine weighs on both alike. Prints the median score, LCP, FCP and TBT per page and build, and
 * the requests each page made.
 *
 *   npx tsx apps/server/bench/compare-web-builds.ts <dist A> <dist B> [runs per page, default 3]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createServer, type Server } from '../src/server';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv } from './support/bench-env';
import { login } from './support/http-login';
import { runLighthouse, type LighthouseFigures } from './support/lighthouse-run';
import { median } from './support/percentile';
import { printTable } from './support/table';
import { runBench } from './support/run-bench';

const [distA = '', distB = '', runsArg] = process.argv.slice(2);
if (!distA || !distB) throw new Error('usage: compare-web-builds.ts <dist A> <dist B> [runs]');
const RUNS = Number(runsArg ?? 3);
const DEMO_ADMIN = { email: 'admin@demo.fieldbot.test', password: 'Demo@12345' };

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await createPostgresDatabase(adminUrl, 'fieldbot_abweb_');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-abweb-'));
  const servers: Server[] = [];
  try {
    const builds = [];
    for (const [label, dist] of [
      ['A', distA],
      ['B', distB],
    ] as const) {
      const env = { ...benchServerEnv(dataDir, databaseUrl), WEB_DIST: path.resolve(dist) };
      const server = await createServer(loadConfig(env));
      servers.push(server);
      const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
      builds.push({ label, base, cookie: await login(base, DEMO_ADMIN) });
    }
    const a = builds[0]!;
    const customers = (await (
      await fetch(`${a.base}/api/company/customers`, { headers: { cookie: a.cookie } })
    ).json()) as { data: { items: { id: string }[] } };
    let interactionPath = '';
    for (const c of customers.data.items) {
      const list = (await (
        await fetch(`${a.base}/api/company/interactions/${c.id}`, { headers: { cookie: a.cookie } })
      ).json()) as { data: { items: { id: string; type: string }[] } };
      const first = list.data.items[0];
      if (first) {
        interactionPath = `/customers/${c.id}/interaction/${first.id}/${first.type}`;
        break;
      }
    }
    const pages = [
      { name: '/login', path: '/login', auth: false },
      { name: '/customers', path: '/customers', auth: true },
      { name: 'interaction page', path: interactionPath, auth: true },
    ];
    const results = new Map<string, LighthouseFigures[]>();
    for (let run = 0; run < RUNS; run += 1) {
      for (const page of pages) {
        for (const b of run % 2 === 0 ? builds : [...builds].reverse()) {
          const [figure] = await runLighthouse(
            [
              {
                name: page.name,
                url: `${b.base}${page.path}`,
                cookie: page.auth ? b.cookie : undefined,
              },
            ],
            1,
          );
          if (!figure || 'error' in figure) {
            console.log(`  ${b.label} ${page.name}: ${figure ? figure.error : 'no result'}`);
            continue;
          }
          const key = `${page.name}|${b.label}`;
          results.set(key, [...(results.get(key) ?? []), figure]);
          console.log(
            `  run ${run + 1} ${b.label} ${page.name}: ${figure.score}, LCP ${Math.round(figure.lcpMs)} ms, benchmarkIndex ${Math.round(figure.benchmarkIndex)}`,
          );
        }
      }
    }
    const rows: string[][] = [];
    for (const page of pages) {
      for (const b of builds) {
        const f = results.get(`${page.name}|${b.label}`) ?? [];
        if (f.length === 0) continue;
        rows.push([
          page.name,
          b.label,
          String(median(f.map((x) => x.score))),
          (median(f.map((x) => x.lcpMs)) / 1000).toFixed(2),
          (median(f.map((x) => x.fcpMs)) / 1000).toFixed(2),
          median(f.map((x) => x.tbtMs)).toFixed(0),
          String(median(f.map((x) => x.requests))),
          f.map((x) => x.score).join(' '),
        ]);
      }
    }
    console.log(`\nMedians of ${RUNS} alternating runs (A = ${distA}, B = ${distB}):\n`);
    printTable(['page', 'build', 'score', 'LCP s', 'FCP s', 'TBT ms', 'requests', 'scores'], rows);
  } finally {
    for (const s of servers) await s.close();
    await dropPostgresDatabase(adminUrl, databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
