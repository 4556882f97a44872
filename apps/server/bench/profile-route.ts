/**
 * Where a route's time goes: the server in a child process with V8's CPU profiler on, one route
 * under autocannon at 10 connections, then the self time by package or source file and by function
 * (startup included, so read the request path's entries).
 *
 *   DATABASE_URL=<a database kept by BENCH_KEEP_DB=1> npm run bench:profile -- \
 *     admin@demo.fieldbot.test '/api/marketplace/bots?sort_by=popular'
 *
 * BENCH_SECONDS (default 10) and BENCH_PASSWORD (default the demo password) tune it.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchServerEnv } from './support/bench-env';
import { login } from './support/http-login';
import { load } from './support/measure-routes';
import { startServerProcess } from './support/server-process';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

function where(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = url.indexOf('/apps/server/src/');
  if (src >= 0) return url.slice(src + 1);
  const shared = url.indexOf('/packages/shared/');
  if (shared >= 0) return url.slice(shared + 1);
  return url.startsWith('node:') ? url : url || '(native)';
}

async function main() {
  const [email, route] = process.argv.slice(2);
  const databaseUrl = process.env.DATABASE_URL;
  if (!email || !route || !databaseUrl) throw new Error('usage: see the comment at the top');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-profile-'));
  const profDir = path.join(dataDir, 'profiles');
  const env = benchServerEnv(dataDir, databaseUrl);
  const server = await startServerProcess({ ...env, SEED_DEMO: 'false' }, [
    '--cpu-prof',
    `--cpu-prof-dir=${profDir}`,
  ]);
  try {
    const cookie = await login(server.base, {
      email,
      password: process.env.BENCH_PASSWORD ?? 'Demo@12345',
    });
    await load(`${server.base}${route}`, cookie, 10, 3);
    const result = await load(
      `${server.base}${route}`,
      cookie,
      10,
      Number(process.env.BENCH_SECONDS ?? 10),
    );
    console.log(
      `${route}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`,
    );
  } finally {
    await server.stop();
  }
  const [file] = await readdir(profDir);
  const profile = JSON.parse(await readFile(path.join(profDir, file!), 'utf8')) as {
    nodes: ProfileNode[];
  };
  const total = profile.nodes.reduce((sum, n) => sum + n.hitCount, 0);
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const place = where(node.callFrame.url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + node.hitCount);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${place}:${node.callFrame.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.hitCount);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  console.log(`\nSelf time by place (${total} samples):\n${top(byPlace, 25)}`);
  console.log(`\nSelf time by function:\n${top(byFunction, 40)}`);
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
