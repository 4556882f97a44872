/**
 * Benchmark (not a test) of a working day's mix on PostgreSQL: LOAD_SESSIONS (default 200)
 * logged-in sessions spread over the five roles (company admin, manager, field technician,
 * publisher admin, publisher user), each session loading one of its role's landing pages over and
 * over (the first API read that page makes), all at once for BENCH_SECONDS (default 30), against
 * the server in a process of its own. A person reads a page before the next one: each session asks
 * SESSION_RATE times a second (default 1; 0 asks again as soon as it is answered, a stress test
 * whose latency is sessions ÷ throughput). Prints p50 / p99 and req/s per role and route beside a bare
 * Fastify route measured at the same total concurrency in the same run, and the host's speed.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:load-mix
 *
 * Goal: every route's p99 ≤ 200 ms with no failed request. A fresh database fieldbot_bench_mix_…
 * (migrations and the demo seed) is created and dropped at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  clientsPath,
  companyDashboardPath,
  marketplaceBotsPath,
  publisherBotsPath,
  publisherDashboardPath,
  publisherInfoPath,
  publisherUsersPath,
} from '@fieldbot/shared';
import { createPostgresDatabase, dropPostgresDatabase } from '../test/support/test-database';
import { benchServerEnv, prepareBenchDatabase } from './support/bench-env';
import { hostLine } from './support/host-speed';
import { login } from './support/http-login';
import { runBench } from './support/run-bench';
import { startBareProcess, startServerProcess } from './support/server-process';
import { printTable } from './support/table';
import { percentile } from './support/percentile';

const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SESSION_RATE = Number(process.env.SESSION_RATE ?? 1);
const GOAL_P99_MS = 200;
const PASSWORD = 'Demo@12345';

type Role = 'company admin' | 'manager' | 'field technician' | 'publisher admin' | 'publisher user';

const ACCOUNTS: Record<Role, string> = {
  'company admin': 'admin@demo.fieldbot.test',
  manager: 'manager@demo.fieldbot.test',
  'field technician': 'tech@demo.fieldbot.test',
  'publisher admin': 'publisher@demo.fieldbot.test',
  'publisher user': 'publisher.user@demo.fieldbot.test',
};

/** Each role's landing pages (its sidebar), by the API read each page makes first. */
const PAGES: Record<Role, { page: string; api: string }[]> = {
  'company admin': [
    { page: '/company/dashboard', api: companyDashboardPath },
    { page: '/customers', api: '/api/company/customers' },
    { page: '/users', api: '/api/company/team' },
    { page: '/marketplace', api: marketplaceBotsPath },
    { page: '/settings/billing', api: '/api/company/invoices' },
    { page: '/settings/integrations', api: '/api/integration' },
  ],
  manager: [
    { page: '/company/dashboard', api: companyDashboardPath },
    { page: '/customers', api: '/api/company/customers' },
    { page: '/users', api: '/api/company/team' },
  ],
  'field technician': [
    { page: '/company/dashboard', api: companyDashboardPath },
    { page: '/customers', api: '/api/company/customers' },
  ],
  'publisher admin': [
    { page: '/publisher/dashboard', api: publisherDashboardPath },
    { page: '/bot/list', api: publisherBotsPath },
    { page: '/clients/list', api: clientsPath },
    { page: '/publisher/users', api: publisherUsersPath },
    { page: '/settings/publisher-info', api: publisherInfoPath },
  ],
  'publisher user': [
    { page: '/publisher/dashboard', api: publisherDashboardPath },
    { page: '/bot/list', api: publisherBotsPath },
    { page: '/clients/list', api: clientsPath },
  ],
};

interface Stream {
  role: Role;
  page: string;
  api: string;
  cookies: string[];
}

/** What one stream of sessions saw: each answered request's time, and the failed ones. */
interface Sample {
  latencies: number[];
  failures: number;
  seconds: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One person: loads the page, reads it for a random while (exponential, mean 1 / rate seconds;
 * none at rate 0), loads it again, until `until`. The first pause is spread over one mean read,
 * so sessions do not ask in step.
 */
async function session(url: string, cookie: string, until: number, rate: number, into: Sample) {
  if (rate > 0) await pause((Math.random() * 1000) / rate);
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const res = await fetch(url, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.ok) into.latencies.push(performance.now() - started);
      else into.failures += 1;
    } catch {
      into.failures += 1;
    }
    if (rate > 0) await pause((-Math.log(1 - Math.random()) * 1000) / rate);
  }
}

/** Every stream's sessions at once for `seconds`. */
async function runMix(
  base: string,
  streams: Stream[],
  seconds: number,
  rate = SESSION_RATE,
): Promise<Sample[]> {
  const until = performance.now() + seconds * 1000;
  const samples = streams.map(() => ({ latencies: [], failures: 0, seconds }) as Sample);
  await Promise.all(
    streams.flatMap((stream, i) =>
      stream.cookies.map((cookie) =>
        session(`${base}${stream.api}`, cookie, until, rate, samples[i]!),
      ),
    ),
  );
  return samples;
}

function summary(sample: Sample) {
  const sorted = [...sample.latencies].sort((a, b) => a - b);
  return {
    rps: sample.latencies.length / sample.seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    failures: sample.failures,
  };
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const roles = Object.keys(PAGES) as Role[];
  const perRole = Math.max(1, Math.floor(SESSIONS / roles.length));
  console.log(
    `Fieldbot load mix: ${perRole * roles.length} sessions (${perRole} per role) for ${SECONDS} s, ` +
      `${SESSION_RATE > 0 ? `${SESSION_RATE} request(s)/s each` : 'no pause between requests'}; ` +
      `${hostLine()}\n`,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bench-mix-'));
  const databaseUrl = await createPostgresDatabase(adminUrl, 'fieldbot_bench_mix_');
  let bareServer: Awaited<ReturnType<typeof startBareProcess>> | undefined;
  try {
    const env = benchServerEnv(dataDir, databaseUrl);
    await prepareBenchDatabase(env, databaseUrl, false);
    bareServer = await startBareProcess();
    const bareBase = bareServer.base;
    const [bareResult] = await runMix(
      bareBase,
      [{ role: 'company admin', page: '-', api: '/bare', cookies: Array(SESSIONS).fill('') }],
      Math.min(SECONDS, 10),
      SESSION_RATE,
    );
    const server = await startServerProcess(env);
    try {
      const streams: Stream[] = [];
      for (const role of roles) {
        const pages = PAGES[role];
        const account = { email: ACCOUNTS[role], password: PASSWORD };
        // Sessions of a role are spread over its pages; each page gets at least one.
        const counts = pages.map((_, i) =>
          Math.max(1, Math.floor(perRole / pages.length) + (i < perRole % pages.length ? 1 : 0)),
        );
        for (const [i, { page, api }] of pages.entries()) {
          const cookies: string[] = [];
          for (let n = 0; n < counts[i]!; n += 1) cookies.push(await login(server.base, account));
          const probe = await fetch(`${server.base}${api}`, { headers: { cookie: cookies[0]! } });
          if (probe.status !== 200) throw new Error(`${role} ${api} answered ${probe.status}`);
          streams.push({ role, page, api, cookies });
        }
      }
      console.log(`Warming up (5 s) …`);
      await runMix(server.base, streams, 5);
      console.log(`Measuring ${SECONDS} s …\n`);
      const results = (await runMix(server.base, streams, SECONDS)).map(summary);
      const total = results.reduce((sum, r) => sum + r.rps, 0);
      const failures = results.reduce((sum, r) => sum + r.failures, 0);
      const bare = summary(bareResult!);
      const bareP99 = Math.max(bare.p99, 1);
      const rows = streams.map((stream, i) => {
        const r = results[i]!;
        const met = r.p99 <= GOAL_P99_MS && r.failures === 0;
        return {
          met,
          cells: [
            stream.role,
            `${stream.page} (${stream.api})`,
            String(stream.cookies.length),
            r.rps.toFixed(0),
            r.p50.toFixed(0),
            r.p99.toFixed(0),
            (r.p99 / bareP99).toFixed(1),
            String(r.failures),
            met ? 'met' : 'NOT met',
          ],
        };
      });
      printTable(
        [
          'role',
          'page (API read)',
          'sessions',
          'req/s',
          'p50 ms',
          'p99 ms',
          'p99 ÷ bare',
          'failed',
          `p99 ≤ ${GOAL_P99_MS} ms`,
        ],
        [
          [
            '-',
            `bare Fastify route, ${SESSIONS} connections`,
            String(SESSIONS),
            bare.rps.toFixed(0),
            bare.p50.toFixed(0),
            bare.p99.toFixed(0),
            '1.0',
            '0',
            '-',
          ],
          ...rows.map((r) => r.cells),
        ],
      );
      console.log(
        `\nAll routes together: ${total.toFixed(0)} req/s, ${failures} failed; ` +
          `${rows.filter((r) => r.met).length} of ${rows.length} routes met p99 ≤ ${GOAL_P99_MS} ms.`,
      );
      if (rows.some((r) => !r.met)) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    await bareServer?.stop();
    await dropPostgresDatabase(adminUrl, databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
