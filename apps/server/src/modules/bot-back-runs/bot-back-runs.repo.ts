import { BACK_RUN_MESSAGES } from '@fieldbot/shared';
import { and, asc, count, eq, inArray, isNotNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  botBackRuns,
  botResults,
  botRuns,
  botUsage,
  bots,
  companyBots,
  interactions,
} from '../../db/schema/index.js';
import {
  insertRunningResults,
  meterResults,
  pinnedBotsQuery,
  settleRuns,
} from '../bot-runs/index.js';
import { eligibleInteractions, type BackRunScope } from './back-run-scope.js';

export type BotBackRunsRepo = ReturnType<typeof createBotBackRunsRepo>;
export type BackRunRow = NonNullable<Awaited<ReturnType<BotBackRunsRepo['backRun']>>>;
export type CompanyBot = NonNullable<Awaited<ReturnType<BotBackRunsRepo['companyBot']>>>;

/** Where a chunk stopped: interactions are taken in (started_at, id) order. */
export interface ChunkCursor {
  startedAt: Date;
  id: string;
}

/** The run of one interaction within a back-run: one per back-run and interaction. */
export const backRunDedupeKey = (backRunId: string, interactionId: string) =>
  `back-run:${backRunId}:${interactionId}`;

const backRunColumns = {
  id: botBackRuns.id,
  companyId: botBackRuns.companyId,
  botId: botBackRuns.botId,
  from: botBackRuns.fromDate,
  to: botBackRuns.toDate,
  status: botBackRuns.status,
};

export function createBotBackRunsRepo(db: Db) {
  /** Results of a back-run's runs. */
  const resultsOf = (backRunId: string) =>
    and(eq(botRuns.backRunId, backRunId), eq(botResults.runId, botRuns.id));

  return {
    /** A bot the company runs, at its pinned version. */
    async companyBot(companyId: string, botId: string) {
      const [row] = await pinnedBotsQuery(db)
        .where(and(eq(companyBots.companyId, companyId), eq(companyBots.botId, botId)))
        .limit(1);
      return row ?? null;
    },

    /** How many interactions the back-run covers; null when the bot cannot run on interactions. */
    async countEligible(scope: BackRunScope): Promise<number | null> {
      const where = eligibleInteractions(db, scope);
      if (!where) return null;
      const [row] = await db.select({ n: count() }).from(interactions).where(where);
      return row?.n ?? 0;
    },

    /** The mean metered cost of the version's finished results, thousandths of a cent; 0 if none. */
    async averageCostMillicents(versionId: string): Promise<number> {
      const [row] = await db
        .select({ avg: sql<string | null>`avg(${botUsage.costMillicents})` })
        .from(botUsage)
        .where(eq(botUsage.versionId, versionId));
      return row?.avg ? Number(row.avg) : 0;
    },

    async insert(input: {
      companyId: string;
      botId: string;
      from: string;
      to: string;
      total: number;
      createdById: string | null;
    }): Promise<string> {
      const [row] = await db
        .insert(botBackRuns)
        .values({
          companyId: input.companyId,
          botId: input.botId,
          fromDate: input.from,
          toDate: input.to,
          total: input.total,
          createdById: input.createdById,
        })
        .returning({ id: botBackRuns.id });
      return row!.id;
    },

    /** A back-run of the company with its progress; null for another company's or an unknown id. */
    async backRun(companyId: string, id: string) {
      const [row] = await db
        .select({
          ...backRunColumns,
          botName: bots.name,
          total: botBackRuns.total,
          createdAt: botBackRuns.createdAt,
        })
        .from(botBackRuns)
        .innerJoin(bots, eq(bots.id, botBackRuns.botId))
        .where(and(eq(botBackRuns.id, id), eq(botBackRuns.companyId, companyId)))
        .limit(1);
      if (!row) return null;
      const [progress] = await db
        .select({
          done: sql<number>`count(*) filter (where ${botResults.status} = 'success')::int`,
          failed: sql<number>`count(*) filter (where ${botResults.status} = 'failed')::int`,
          running: sql<number>`count(*) filter (where ${botResults.status} = 'running')::int`,
        })
        .from(botResults)
        .innerJoin(botRuns, resultsOf(id));
      return { ...row, done: progress!.done, failed: progress!.failed, running: progress!.running };
    },

    /** running → completed, once every interaction's result has finished. */
    async complete(id: string) {
      await db
        .update(botBackRuns)
        .set({ status: 'completed' })
        .where(and(eq(botBackRuns.id, id), eq(botBackRuns.status, 'running')));
    },

    /** The start job's view of a back-run (any company: the job id is trusted). */
    async forStart(id: string) {
      const [row] = await db
        .select({ ...backRunColumns, createdById: botBackRuns.createdById })
        .from(botBackRuns)
        .where(eq(botBackRuns.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Creates the runs (one running result each) of up to `limit` interactions of the back-run that
     * have none yet, in one transaction; the dedupe key makes a concurrent or redelivered chunk
     * insert nothing twice. `after` (the last interaction of the previous chunk, in start order)
     * spares the scan of interactions already done. Answers the new results to queue, how many
     * interactions were seen and the last of them.
     */
    async createChunk(
      backRun: { id: string; companyId: string; createdById: string | null },
      bot: { botId: string; versionId: string },
      scope: BackRunScope,
      limit: number,
      after: ChunkCursor | null,
    ): Promise<{ seen: number; resultIds: string[]; last: ChunkCursor | null }> {
      const where = eligibleInteractions(db, scope);
      if (!where) return { seen: 0, resultIds: [], last: null };
      return db.transaction(async (tx) => {
        const pending = await tx
          .select({
            id: interactions.id,
            type: interactions.type,
            startedAt: interactions.startedAt,
          })
          .from(interactions)
          .where(
            and(
              where,
              // A JS date drops microseconds, which only moves the cursor back: rows seen again
              // already have their run and are left out by the NOT EXISTS below.
              after
                ? sql`(${interactions.startedAt}, ${interactions.id}) > (${after.startedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
                : undefined,
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(botRuns)
                  .where(
                    and(
                      eq(botRuns.backRunId, backRun.id),
                      eq(botRuns.interactionId, interactions.id),
                    ),
                  ),
              ),
            ),
          )
          .orderBy(asc(interactions.startedAt), asc(interactions.id))
          .limit(limit);
        if (pending.length === 0) return { seen: 0, resultIds: [], last: null };
        const tail = pending[pending.length - 1]!;
        const last = { startedAt: tail.startedAt, id: tail.id };
        const runs = await tx
          .insert(botRuns)
          .values(
            pending.map((i) => ({
              companyId: backRun.companyId,
              targetType: i.type,
              interactionId: i.id,
              runType: 'manual' as const,
              runById: backRun.createdById,
              backRunId: backRun.id,
              dedupeKey: backRunDedupeKey(backRun.id, i.id),
            })),
          )
          .onConflictDoNothing()
          .returning({ id: botRuns.id });
        if (runs.length === 0) return { seen: pending.length, resultIds: [], last };
        const resultIds = await insertRunningResults(
          tx,
          backRun.companyId,
          runs.map((run) => ({ runId: run.id, botId: bot.botId, versionId: bot.versionId })),
        );
        return { seen: pending.length, resultIds, last };
      });
    },

    /** Results still running: queued again by a redelivered start job (their jobs collapse). */
    async runningResults(backRunId: string): Promise<string[]> {
      const rows = await db
        .select({ id: botResults.id })
        .from(botResults)
        .innerJoin(botRuns, resultsOf(backRunId))
        .where(eq(botResults.status, 'running'));
      return rows.map((r) => r.id);
    },

    /** The number of interactions the back-run ended up covering (the range may have changed). */
    async setTotal(id: string) {
      const [row] = await db.select({ n: count() }).from(botRuns).where(eq(botRuns.backRunId, id));
      await db
        .update(botBackRuns)
        .set({ total: row?.n ?? 0 })
        .where(eq(botBackRuns.id, id));
    },

    /**
     * Cancels a running back-run: no more chunks are created (the start job reads the status), and
     * every result no attempt has started yet is failed 'Cancelled.' now, metered at zero like any
     * failed result, with its run settled as failed; results already with the engine finish.
     * False when the back-run was not running.
     */
    async cancel(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [cancelled] = await tx
          .update(botBackRuns)
          .set({ status: 'cancelled' })
          .where(and(eq(botBackRuns.id, id), eq(botBackRuns.status, 'running')))
          .returning({ id: botBackRuns.id });
        if (!cancelled) return false;
        // Lock the runs first, in the order bot-run's finish() locks a run before its result.
        const runs = await tx
          .select({ id: botRuns.id })
          .from(botRuns)
          .where(and(eq(botRuns.backRunId, id), eq(botRuns.status, 'running')))
          .for('update');
        if (runs.length === 0) return true;
        const runIds = runs.map((r) => r.id);
        const failed = await tx
          .update(botResults)
          .set({
            status: 'failed',
            errorMessage: BACK_RUN_MESSAGES.cancelled,
            pausedReason: null,
            finishedAt: sql`now()`,
          })
          .where(
            and(
              inArray(botResults.runId, runIds),
              eq(botResults.status, 'running'),
              // Not started, or parked on a company hold (its job ended without running it).
              or(eq(botResults.attempts, 0), isNotNull(botResults.pausedReason)),
            ),
          )
          .returning({
            id: botResults.id,
            runId: botResults.runId,
            companyId: botResults.companyId,
            botId: botResults.botId,
            versionId: botResults.versionId,
          });
        if (failed.length === 0) return true;
        await meterResults(
          tx,
          failed.map((r) => ({
            resultId: r.id,
            companyId: r.companyId,
            botId: r.botId,
            versionId: r.versionId,
            tokensIn: 0,
            tokensOut: 0,
            costMillicents: 0,
          })),
        );
        // A back-run's run has one result, so a run whose result was failed here is failed.
        await settleRuns(tx, [...new Set(failed.map((r) => r.runId))], {
          status: 'failed',
          errorMessage: BACK_RUN_MESSAGES.cancelled,
        });
        return true;
      });
    },
  };
}
