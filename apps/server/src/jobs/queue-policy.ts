import type PgBoss from 'pg-boss';

/** pg-boss fetches higher priorities first: what a person waits for goes before any turn. */
export const URGENT_PRIORITY = 1;

/**
 * A company's n-th waiting job of a kind gets priority 1 − n, so every company's first job runs
 * before anyone's second (equal priorities keep their order): fair turns between companies.
 */
export const turnPriority = (turn: number) => 1 - Math.max(1, turn);

/**
 * The CPU niceness of a job's ffmpeg and pocketsphinx processes, by its priority: what a person
 * waits for runs as the server does; a company's first turn of background work at 10, so it still
 * yields to a recording but takes the cores from a backlog; later turns at 19, the lowest. The
 * order of the queue alone is not enough: a backlog's jobs already running would otherwise
 * share the cores equally with a newcomer's.
 */
export function nicenessOf(priority: number): number {
  if (priority >= URGENT_PRIORITY) return 0;
  return priority >= turnPriority(1) ? 10 : 19;
}

/**
 * Creates a queue whose jobs are unique per singleton key only while they wait (pg-boss's 'short'
 * policy), and moves a queue created earlier as 'stately' to it with its waiting jobs.
 *
 * 'stately' also allows one active job per key. A dead worker's job stays active until it expires,
 * and pg-boss's fetch of the queue's oldest waiting job then fails on that unique index whenever
 * the same key was queued again (a Sync press, the next scheduled pass): every fetch of the
 * queue fails, so every other company's job waits too. The jobs of these queues guard themselves
 * against running twice at once (a lease, or idempotent writes), so the unique active job is not
 * needed.
 */
export async function createWaitingUniqueQueue(
  boss: Pick<PgBoss, 'createQueue' | 'updateQueue' | 'getDb'>,
  name: string,
  options: Omit<PgBoss.Queue, 'name' | 'policy'> = {},
): Promise<void> {
  const queue = { ...options, name, policy: 'short' as const };
  await boss.createQueue(name, queue);
  await boss.updateQueue(name, queue);
  await boss.getDb().executeSql(
    `UPDATE pgboss.job SET policy = 'short'
        WHERE name = $1 AND policy = 'stately' AND state < 'completed'`,
    [name],
  );
}
