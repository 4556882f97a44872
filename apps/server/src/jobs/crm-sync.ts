import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { CrmConfig, PipelineConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { CrmSyncQueue, SyncTrigger } from '../modules/integrations/index.js';
import {
  commitSyncPage,
  CRM_ENTITIES,
  type CrmConnector,
  type CrmSyncStateRepo,
  type JobCompletedEvent,
  type SyncCounts,
  type SyncTarget,
} from '../modules/crm-sync/index.js';
import { CrmError } from '../providers/crm/crm-provider.js';
import { JOB_COMPLETED_EVENT } from './job-events.js';
import type { PipelineSender } from './pipeline.js';
import { createWaitingUniqueQueue } from './queue-policy.js';
import { retryOptions } from './retry-options.js';

/**
 * crm-sync {companyIntegrationId}: pulls a company's CRM exports into our tables.
 *
 * Resumable: each page's rows and its entity's cursor are written in one transaction, so a worker
 * killed mid-sync resumes at the first uncommitted page. Idempotent: rows are upserted on the
 * CRM's ids, unchanged ones are left alone. Never overlapping: a lease on the integration row
 * (renewed every quarter of CRM_SYNC_LEASE_SECONDS while the sync runs, so it runs out soon after
 * a worker dies) keeps a second worker or a redelivered job out; such a job comes back when the
 * lease would have run out. The queue holds at most one waiting job per company integration
 * (policy 'short'): nothing about a running or dead job can hold up the other companies' syncs.
 * A sync whose retries are used up (its workers kept dying) ends failed on the integration card
 * through the dead-letter queue crm-sync-dead. Events go out after each commit from outboxes
 * (jobs.completion_published_at, interactions still to download), so a crash between commit and
 * publishing loses nothing, and publishing twice adds nothing.
 */
export const CRM_SYNC_QUEUE = 'crm-sync';
export const CRM_SYNC_SCHEDULE_QUEUE = 'crm-sync-schedule';

export interface CrmSyncJobData {
  companyIntegrationId: string;
  /** Recorded on the run when the job opens one (its request's run was closed by an earlier job). */
  trigger: SyncTrigger;
}

const OUTBOX_BATCH = 500;

export const CRM_SYNC_DEAD_QUEUE = 'crm-sync-dead';
/** What the integration card shows when a sync's job gave up. */
export const SYNC_ABANDONED = 'The sync stopped before it could finish. Press Sync to try again.';

export async function createCrmSyncQueues(boss: PgBoss): Promise<void> {
  // At most one waiting job per company integration (singletonKey); the lease keeps runs apart.
  await createWaitingUniqueQueue(boss, CRM_SYNC_QUEUE);
  await boss.createQueue(CRM_SYNC_DEAD_QUEUE, { name: CRM_SYNC_DEAD_QUEUE });
  await boss.createQueue(CRM_SYNC_SCHEDULE_QUEUE, {
    name: CRM_SYNC_SCHEDULE_QUEUE,
    policy: 'singleton',
  });
}

function syncSendOptions(config: PipelineConfig, id: string): PgBoss.SendOptions {
  // A sync outliving its expiry is retried while it still runs: the retry finds the lease taken
  // and comes back later, so the expiry only bounds how long a dead worker's job blocks the queue.
  return { ...retryOptions(config), singletonKey: id, deadLetter: CRM_SYNC_DEAD_QUEUE };
}

export function createCrmSyncSender(
  boss: Pick<PgBoss, 'send'>,
  repo: Pick<CrmSyncStateRepo, 'request'>,
  config: PipelineConfig,
): CrmSyncQueue {
  return {
    async requestSync(companyIntegrationId, trigger) {
      if (!(await repo.request(companyIntegrationId, trigger))) return;
      await boss.send(
        CRM_SYNC_QUEUE,
        { companyIntegrationId, trigger } satisfies CrmSyncJobData,
        syncSendOptions(config, companyIntegrationId),
      );
    },
  };
}

/**
 * The call-download job id of a synced call: the same for every queueing of the call, so the
 * re-queueing after a crash adds nothing while the first job exists.
 */
export function crmCallDownloadJobId(interactionId: string): string {
  const hex = createHash('sha256').update(`crm-call-download:${interactionId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface CrmSyncDeps {
  db: Db;
  repo: CrmSyncStateRepo;
  connector: CrmConnector;
  boss: Pick<PgBoss, 'send' | 'insert' | 'getDb'>;
  pipeline: Pick<PipelineSender, 'downloadCalls'>;
  crm: Pick<CrmConfig, 'syncLeaseSeconds'>;
  pipelineConfig: PipelineConfig;
  logger: Logger;
}

export type CrmSyncOutcome = 'done' | 'busy';

class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/**
 * publishJobCompleted for a batch of jobs: what boss.publish does per event (send to each queue
 * subscribed to it, job id = our job id so a republish adds nothing), with the subscriptions read
 * once and one INSERT for the batch. A first sync completes tens of thousands of jobs.
 */
async function publishCompletions(boss: CrmSyncDeps['boss'], events: JobCompletedEvent[]) {
  if (events.length === 0) return;
  // pg-boss's own lookup in publish (its default schema, which the app uses).
  const { rows } = await boss
    .getDb()
    .executeSql('SELECT name FROM pgboss.subscription WHERE event = $1', [JOB_COMPLETED_EVENT]);
  const queues = rows.map((r: { name: string }) => r.name);
  if (queues.length === 0) return;
  await boss.insert(
    queues.flatMap((name) => events.map((event) => ({ name, data: event, id: event.job_id }))),
  );
}

/** Publishes what committed pages left in the outboxes. */
async function drainOutboxes(deps: CrmSyncDeps, target: SyncTarget, newCallIds: string[]) {
  for (;;) {
    const events = await deps.repo.unpublishedCompletions(target.companyId, OUTBOX_BATCH);
    await publishCompletions(deps.boss, events);
    await deps.repo.markCompletionsPublished(events.map((e) => e.job_id));
    if (events.length < OUTBOX_BATCH) break;
  }
  for (let i = 0; i < newCallIds.length; i += OUTBOX_BATCH) {
    await deps.pipeline.downloadCalls(
      newCallIds
        .slice(i, i + OUTBOX_BATCH)
        .map((id) => ({ interactionId: id, jobId: crmCallDownloadJobId(id) })),
      // The sync's n-th new call waits behind every other company's first n − 1 (fair turns).
      { firstTurn: i + 1 },
    );
  }
}

/** One attempt of a company's sync; 'busy' when another worker holds its lease. */
export async function runCrmSync(
  deps: CrmSyncDeps,
  { companyIntegrationId, trigger }: CrmSyncJobData,
  attempt: { final: boolean },
): Promise<CrmSyncOutcome> {
  const { repo, crm, logger } = deps;
  const leaseSeconds = crm.syncLeaseSeconds;
  const acquired = await repo.acquireLease(companyIntegrationId, leaseSeconds);
  if (acquired === null) return 'busy';
  const lease = keepLease(repo, companyIntegrationId, acquired, leaseSeconds, logger);
  const counts: SyncCounts = {};
  let runId: string | undefined;
  try {
    const integration = await repo.integration(companyIntegrationId);
    if (!integration) return 'done';
    const target: SyncTarget = { companyId: integration.companyId, companyIntegrationId };
    runId = await repo.start(companyIntegrationId, integration.companyId, trigger);
    // Left by a run that died between a commit and its publishing.
    await drainOutboxes(deps, target, await repo.pendingDownloads(companyIntegrationId));

    const { connection } = await deps.connector.connect(companyIntegrationId);
    const cursors = await repo.cursors(companyIntegrationId);
    for (const entity of CRM_ENTITIES) {
      const tally = (counts[entity] = { created: 0, updated: 0, skipped: 0 });
      let cursor = cursors.get(entity) ?? null;
      for (;;) {
        const page = await connection.exportPage(entity, cursor);
        const outcome = await commitSyncPage(deps.db, target, entity, page);
        tally.created += outcome.created;
        tally.updated += outcome.updated;
        tally.skipped += outcome.skipped;
        if (outcome.skipped > 0) {
          logger.warn(
            { companyIntegrationId, entity, skipped: outcome.skipped },
            'CRM records skipped: what they refer to is not synced',
          );
        }
        cursor = page.cursor;
        await drainOutboxes(deps, target, outcome.newCallIds);
        // The lease could not be renewed in time and another worker took the company over.
        if (lease.lost()) throw new LeaseLostError();
        if (!page.hasMore) break;
      }
    }
    await repo.finish(companyIntegrationId, runId, counts, null);
    logger.info({ companyIntegrationId, counts }, 'CRM sync finished');
    return 'done';
  } catch (error) {
    // The new holder of the lease owns the run and the statuses now.
    if (error instanceof LeaseLostError) return 'done';
    const crmError = error instanceof CrmError ? error : undefined;
    const retryable = crmError ? crmError.retryable && !crmError.credentials : true;
    const final = attempt.final || !retryable;
    const message =
      crmError?.message ??
      (final
        ? 'The sync failed unexpectedly.'
        : 'The sync failed unexpectedly; it will be retried.');
    logger.warn({ err: error, companyIntegrationId, final }, 'CRM sync failed');
    if (runId) {
      if (final) await repo.finish(companyIntegrationId, runId, counts, message);
      else await repo.willRetry(companyIntegrationId, runId, counts, message);
    }
    if (!final) throw error;
    return 'done';
  } finally {
    const token = await lease.stop();
    if (token !== null) await repo.releaseLease(companyIntegrationId, token);
  }
}

/**
 * Renews a sync's lease every quarter of its length while the sync runs, so it stays held however
 * long a CRM page takes, and runs out within `seconds` of the worker dying.
 */
function keepLease(
  repo: Pick<CrmSyncStateRepo, 'renewLease'>,
  id: string,
  acquired: string,
  seconds: number,
  logger: Logger,
): { lost(): boolean; stop(): Promise<string | null> } {
  let token: string | null = acquired;
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = renewing.then(async () => {
        if (token === null) return;
        try {
          token = await repo.renewLease(id, token, seconds);
        } catch (error) {
          logger.warn({ err: error, companyIntegrationId: id }, 'CRM sync lease not renewed');
        }
      });
    },
    Math.max(250, (seconds * 1000) / 4),
  );
  timer.unref();
  return {
    lost: () => token === null,
    async stop() {
      clearInterval(timer);
      await renewing;
      return token;
    },
  };
}

/** The scheduled pass: a sync of each connected company whose last one started over `minutes` ago. */
export async function requestDueSyncs(
  repo: Pick<CrmSyncStateRepo, 'dueForSchedule'>,
  sender: CrmSyncQueue,
  minutes: number,
): Promise<string[]> {
  const due = await repo.dueForSchedule(minutes);
  for (const id of due) await sender.requestSync(id, 'scheduled');
  return due;
}

export async function registerCrmSyncWorkers(
  boss: PgBoss,
  deps: CrmSyncDeps & { sender: CrmSyncQueue; syncIntervalMinutes: number },
): Promise<() => void> {
  await boss.work<CrmSyncJobData>(
    CRM_SYNC_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (!job) return;
      const { companyIntegrationId } = job.data;
      const outcome = await runCrmSync(deps, job.data, {
        final: job.retryCount >= job.retryLimit,
      });
      if (outcome === 'busy') {
        // Another worker syncs this company: come back when its lease would have run out.
        const wait = await deps.repo.leaseRemainingSeconds(companyIntegrationId);
        await boss.send(CRM_SYNC_QUEUE, job.data, {
          ...syncSendOptions(deps.pipelineConfig, companyIntegrationId),
          startAfter: Math.max(1, wait),
        });
      }
    },
  );
  // A sync whose retries ran out without its handler ending it (every attempt's worker died).
  await boss.work<CrmSyncJobData>(CRM_SYNC_DEAD_QUEUE, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    deps.logger.error(
      { companyIntegrationId: job.data.companyIntegrationId },
      'CRM sync gave up: its workers stopped before it could finish',
    );
    await deps.repo.abandon(job.data.companyIntegrationId, SYNC_ABANDONED);
  });
  if (deps.syncIntervalMinutes <= 0) return () => undefined;

  await boss.work(CRM_SYNC_SCHEDULE_QUEUE, { batchSize: 1 }, async () => {
    await requestDueSyncs(deps.repo, deps.sender, deps.syncIntervalMinutes);
  });
  // Every minute, so a company is synced within a minute of its interval (a cluster-wide singleton
  // per minute across worker processes).
  const tick = () => {
    boss
      .send(CRM_SYNC_SCHEDULE_QUEUE, {}, { singletonKey: 'all', singletonSeconds: 60 })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'CRM sync schedule not queued'));
  };
  tick();
  const timer = setInterval(tick, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
