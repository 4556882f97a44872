import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { JobLivenessConfig } from '../config.js';

/**
 * A killed worker's jobs come back in about a minute, and a long job that is alive (a transcription
 * of an hour of audio) is never cut short.
 *
 * pg-boss finds a dead worker's job only when the job's expiry has passed, and the same expiry
 * bounds how long a live worker may run it. So jobs keep their long expiry (the longest a job may
 * run: PIPELINE_JOB_TIMEOUT_SECONDS, or pg-boss's default), and while a handler runs, the process
 * working it moves the job's expiry to `livenessSeconds` from now, every `heartbeatSeconds`. A
 * worker that dies stops renewing, pg-boss's maintenance (JOB_MAINTENANCE_SECONDS) fails the job
 * by timeout within a liveness period, and the job is retried like any failure.
 *
 * Every handler failure is logged here with its queue and job, so a failed job always shows in
 * the application's own log (pg-boss only records it in its table).
 */
export interface JobLiveness {
  /** `boss` whose `work` handlers renew their jobs and log their failures. */
  boss: PgBoss;
  /** Ids of the jobs this process is working now. */
  working(): string[];
  stop(): void;
}

interface Working {
  name: string;
  /** Seconds from its start after which the job expires however alive it is. */
  maxSeconds: number;
}

type Handler = (jobs: PgBoss.Job<unknown>[]) => Promise<unknown>;

export function withJobLiveness(
  boss: PgBoss,
  config: JobLivenessConfig,
  logger: Logger,
): JobLiveness {
  const working = new Map<string, Working>();

  const renew = async (ids: string[]) => {
    const jobs = ids.flatMap((id) => {
      const job = working.get(id);
      return job ? [{ id, ...job }] : [];
    });
    if (jobs.length === 0) return;
    await boss.getDb().executeSql(
      `UPDATE pgboss.job AS j
         SET expire_in = LEAST(now() - j.started_on + make_interval(secs => $4), make_interval(secs => w.max))
         FROM unnest($1::text[], $2::uuid[], $3::float8[]) AS w(name, id, max)
        WHERE j.name = w.name AND j.id = w.id AND j.state = 'active'`,
      [
        jobs.map((j) => j.name),
        jobs.map((j) => j.id),
        jobs.map((j) => j.maxSeconds),
        config.livenessSeconds,
      ],
    );
  };
  const beat = () => {
    renew([...working.keys()]).catch((error: unknown) =>
      logger.error({ err: error }, 'job heartbeat failed'),
    );
  };
  const timer = setInterval(beat, config.heartbeatSeconds * 1000);
  timer.unref();

  const wrap =
    (name: string, handler: Handler): Handler =>
    async (jobs) => {
      const ids = jobs.map((job) => job.id);
      for (const job of jobs) {
        working.set(job.id, { name, maxSeconds: expirySeconds(job) });
      }
      try {
        // At once: until now the job carried its long expiry.
        await renew(ids);
        return await handler(jobs);
      } catch (error) {
        logger.error({ err: error, queue: name, jobIds: ids }, 'job failed');
        throw error;
      } finally {
        for (const id of ids) working.delete(id);
      }
    };

  // `work(name, handler)` or `work(name, options, handler)`; everything else is boss's own.
  const work = (name: string, ...rest: unknown[]) => {
    const handler = rest.at(-1) as Handler;
    const options = rest.length > 1 ? [rest[0]] : [];
    return (boss.work as (...args: unknown[]) => Promise<string>).call(
      boss,
      name,
      ...options,
      wrap(name, handler),
    );
  };
  const wrapped = new Proxy(boss, {
    get(target, property) {
      if (property === 'work') return work;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });

  return {
    boss: wrapped,
    working: () => [...working.keys()],
    stop: () => clearInterval(timer),
  };
}

/** The expiry a job was queued with (what it was fetched with), in seconds. */
function expirySeconds(job: PgBoss.Job<unknown>): number {
  // EXTRACT(epoch …) is numeric, which node-postgres returns as a string.
  const seconds = Number((job as { expireInSeconds?: unknown }).expireInSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 15 * 60;
}
