import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { JobLivenessConfig } from '../config.js';

/**
 * A killed worker's jobs come back in about a minute, and a long job that is alive (a transcription
 * of an hour of audio) is never cut short.
 *
 * pg-boss finds a dead worker's job when `started_on + expire_in` has passed, and `expire_in`
 * also bounds how long a live worker may run it (pg-boss's in-process timeout, our abort signals),
 * and is carried over to every retry. So `expire_in` keeps the long expiry a job was queued with
 * (the longest it may run: PIPELINE_JOB_TIMEOUT_SECONDS, or pg-boss's default), and while a
 * handler runs, the process working it moves the job's `started_on` back so that it expires
 * `livenessSeconds` from now (but never after its real start + `expire_in`), at once and every
 * `heartbeatSeconds`. A worker that dies stops renewing, pg-boss's maintenance
 * (JOB_MAINTENANCE_SECONDS) fails the job by timeout within a liveness period, and the retry is
 * fetched with the full expiry again.
 *
 * Every handler failure is logged here with its queue and job, so a failed job always shows in
 * the application's own log (pg-boss only records it in its table).
 */
export interface JobLiveness {
  /** `boss` whose `work` handlers renew their jobs and log their failures. */
  boss: PgBoss;
  stop(): void;
}

interface Working {
  name: string;
  /** performance.now() when this process began the job. */
  began: number;
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
    const now = performance.now();
    // Expires at min(now + liveness, real start + expire_in): the real start is now − elapsed.
    await boss.getDb().executeSql(
      `UPDATE pgboss.job AS j
         SET started_on = LEAST(
               (now() + make_interval(secs => $4))::timestamp - j.expire_in,
               (now() - make_interval(secs => w.elapsed))::timestamp)
         FROM unnest($1::text[], $2::uuid[], $3::float8[]) AS w(name, id, elapsed)
        WHERE j.name = w.name AND j.id = w.id AND j.state = 'active'`,
      [
        jobs.map((j) => j.name),
        jobs.map((j) => j.id),
        jobs.map((j) => (now - j.began) / 1000),
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
      for (const job of jobs) working.set(job.id, { name, began: performance.now() });
      try {
        // At once: until now the job expired only after its full expiry.
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
    stop: () => clearInterval(timer),
  };
}
