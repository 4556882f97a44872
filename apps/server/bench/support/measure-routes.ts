import autocannon, { type Result } from 'autocannon';

/** One URL to load, with the session cookie it needs. */
export interface Target {
  name: string;
  url: string;
  cookie?: string;
  /** Part of the goals; others are shown for information. */
  goal: boolean;
  /** The p99 goal when it is not the benchmark's usual one. */
  goalMs?: number;
}

export interface Row extends Target {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export const load = (
  url: string,
  cookie: string | undefined,
  connections: number,
  seconds: number,
): Promise<Result> =>
  autocannon({
    url,
    connections,
    duration: seconds,
    headers: cookie ? { cookie } : {},
    timeout: 10,
  });

/** Each target at each concurrency, after a warm-up at that concurrency. */
export async function measure(
  targets: Target[],
  options: { connections: number[]; seconds: number; warmupSeconds: number },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const target of targets) {
    // A one-off request first, so a wrong URL fails loudly rather than as 10 s of 404s.
    const probe = await fetch(target.url, {
      headers: target.cookie ? { cookie: target.cookie } : {},
    });
    if (probe.status !== 200) {
      console.log(
        `  ${target.name}: answered ${probe.status} ${(await probe.text()).slice(0, 200)}`,
      );
    }
    for (const connections of options.connections) {
      await load(target.url, target.cookie, connections, options.warmupSeconds);
      const result = await load(target.url, target.cookie, connections, options.seconds);
      rows.push({
        ...target,
        connections,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
      console.log(
        `  ${target.name}, ${connections} conn.: ${result.requests.average.toFixed(0)} req/s`,
      );
    }
  }
  return rows;
}

/** A route measured as one of the bench's accounts. */
export interface AccountRoute<A extends string> {
  name: string;
  path: string;
  as: A;
  goal: boolean;
}

/**
 * The bare route first, then each route with its account's session (one login per account); the
 * sessions too, for requests the bench sends itself.
 */
export async function accountTargets<A extends string>(
  base: string,
  bareUrl: string,
  routes: readonly AccountRoute<A>[],
  signIn: (account: A) => Promise<string>,
): Promise<{ targets: Target[]; cookies: Map<A, string> }> {
  const cookies = new Map<A, string>();
  for (const as of new Set(routes.map((r) => r.as))) cookies.set(as, await signIn(as));
  const targets: Target[] = [
    { name: 'GET /bare (bare Fastify)', url: bareUrl, goal: false },
    ...routes.map((r) => ({
      name: r.name,
      url: `${base}${r.path}`,
      cookie: cookies.get(r.as),
      goal: r.goal,
    })),
  ];
  return { targets, cookies };
}

/** Fails the run (exit code 1) when a target answered non-2xx or erred, or `also` says so. */
export function flagFailures(rows: Row[], also?: { failed: boolean; why: string }): void {
  const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (failed.length === 0 && !also?.failed) return;
  const names = failed.map((r) => `${r.name} (${r.connections} conn.)`).join(', ');
  const why = also?.failed ? `; ${also.why}` : '';
  console.log(`\nWARNING: non-2xx responses or errors in: ${names || 'none'}${why}`);
  process.exitCode = 1;
}
