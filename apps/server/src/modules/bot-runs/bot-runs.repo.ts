import type {
  BotRunTarget,
  BotRunType,
  FeedbackVerdict,
  InteractionStatus,
  InteractionType,
} from '@fieldbot/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  botResultFeedback,
  botResults,
  botRuns,
  botVersions,
  bots,
  companyBots,
  customers,
  interactions,
  jobs,
  users,
} from '../../db/schema/index.js';
import {
  customerInScope,
  interactionOfTechnician,
  type ViewerScope,
} from '../../lib/viewer-scope.js';
import { deleteFeedbackMark, type NewBotMark, upsertFeedbackMark } from '../bot-marks/index.js';
import { insertRunningResults } from './bot-run-writer.js';

export type BotRunsRepo = ReturnType<typeof createBotRunsRepo>;

/** A bot the company may run, at the version it is pinned to. */
export type SubscribedBot = Awaited<ReturnType<BotRunsRepo['companyBots']>>[number];

export interface NewRun {
  companyId: string;
  targetType: BotRunTarget;
  customerId: string | null;
  interactionId: string | null;
  jobId: string | null;
  runType: BotRunType;
  runById: string | null;
  /** Automatic runs: one run per event (bot_runs_dedupe_idx). */
  dedupeKey: string | null;
  bots: readonly { botId: string; versionId: string }[];
}

/** A run's target: an interaction (with its type) or a customer. */
export type RunTarget =
  { kind: 'interaction'; interactionId: string } | { kind: 'customer'; customerId: string };

const targetCondition = (target: RunTarget) =>
  target.kind === 'interaction'
    ? eq(botRuns.interactionId, target.interactionId)
    : eq(botRuns.customerId, target.customerId);

/** Bots companies run, each at its pinned version (trigger and engine as that version froze them). */
export const pinnedBotsQuery = (db: Db) =>
  db
    .select({
      botId: companyBots.botId,
      versionId: companyBots.versionId,
      name: bots.name,
      color: bots.color,
      trigger: botVersions.trigger,
      trigger_event: botVersions.triggerEvent,
      engine: botVersions.engine,
      version: botVersions.number,
      latestVersion: bots.latestVersion,
    })
    .from(companyBots)
    .innerJoin(bots, eq(bots.id, companyBots.botId))
    .innerJoin(botVersions, eq(botVersions.id, companyBots.versionId));

export function createBotRunsRepo(db: Db) {
  return {
    /**
     * The company's results not finished yet (queued, running or paused), just-created ones
     * included: the length of its line, for fair turns between companies.
     */
    async unfinishedResults(companyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(botResults)
        .where(and(eq(botResults.companyId, companyId), isNull(botResults.finishedAt)));
      return row?.n ?? 0;
    },

    async companyBots(companyId: string) {
      return pinnedBotsQuery(db)
        .where(eq(companyBots.companyId, companyId))
        .orderBy(asc(bots.name), asc(bots.id));
    },

    /** An interaction the viewer may see, with what Run Bot availability and selection read. */
    async interaction(scope: ViewerScope, interactionId: string, type: InteractionType) {
      const [row] = await db
        .select({
          id: interactions.id,
          type: interactions.type,
          callType: interactions.callType,
          status: interactions.status,
        })
        .from(interactions)
        .leftJoin(jobs, eq(jobs.id, interactions.jobId))
        .where(
          and(
            eq(interactions.id, interactionId),
            eq(interactions.type, type),
            eq(interactions.companyId, scope.companyId),
            scope.technicianId
              ? interactionOfTechnician(db, scope.technicianId, {
                  jobTechnician: jobs.technicianId,
                })
              : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** A customer the viewer may see, with its job count; null when outside the scope. */
    async customer(scope: ViewerScope, customerId: string) {
      const [row] = await db
        .select({ id: customers.id, jobsCount: customers.jobsCount })
        .from(customers)
        .where(customerInScope(db, scope, customerId))
        .limit(1);
      return row ?? null;
    },

    /** Statuses of the customer's interactions the viewer is shown (the customer page's list). */
    async customerInteractionStatuses(
      scope: ViewerScope,
      customerId: string,
    ): Promise<{ status: InteractionStatus }[]> {
      return db
        .select({ status: interactions.status })
        .from(interactions)
        .where(
          and(
            eq(interactions.customerId, customerId),
            eq(interactions.companyId, scope.companyId),
            scope.technicianId
              ? interactionOfTechnician(db, scope.technicianId, { customerId })
              : undefined,
          ),
        );
    },

    async hasRunningRun(companyId: string, target: RunTarget): Promise<boolean> {
      const [row] = await db
        .select({ id: botRuns.id })
        .from(botRuns)
        .where(
          and(
            targetCondition(target),
            eq(botRuns.companyId, companyId),
            eq(botRuns.status, 'running'),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /**
     * The run and one running result per bot, in one transaction. With a dedupe key that already
     * has a run (a redelivered event), nothing is inserted and the existing run's still-running
     * results are returned, so the caller can queue their jobs again (they collapse on the job id).
     */
    async createRun(
      run: NewRun,
    ): Promise<{ runId: string; resultIds: string[]; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(botRuns)
          .values({
            companyId: run.companyId,
            targetType: run.targetType,
            customerId: run.customerId,
            interactionId: run.interactionId,
            jobId: run.jobId,
            runType: run.runType,
            runById: run.runById,
            dedupeKey: run.dedupeKey,
          })
          .onConflictDoNothing()
          .returning({ id: botRuns.id });
        if (!inserted) {
          const [existing] = await tx
            .select({ id: botRuns.id })
            .from(botRuns)
            .where(and(eq(botRuns.companyId, run.companyId), eq(botRuns.dedupeKey, run.dedupeKey!)))
            .limit(1);
          const running = await tx
            .select({ id: botResults.id })
            .from(botResults)
            .where(and(eq(botResults.runId, existing!.id), eq(botResults.status, 'running')));
          return { runId: existing!.id, resultIds: running.map((r) => r.id), created: false };
        }
        const resultIds = await insertRunningResults(
          tx,
          run.companyId,
          run.bots.map((bot) => ({
            runId: inserted.id,
            botId: bot.botId,
            versionId: bot.versionId,
          })),
        );
        return { runId: inserted.id, resultIds, created: true };
      });
    },

    /** The target's latest run (bot_runs_interaction_idx / bot_runs_customer_idx). */
    async latestRun(companyId: string, target: RunTarget) {
      const [row] = await db
        .select({
          id: botRuns.id,
          status: botRuns.status,
          runType: botRuns.runType,
          runBy: users.name,
          startedAt: botRuns.startedAt,
          errorMessage: botRuns.errorMessage,
          executionSeconds: botRuns.executionSeconds,
        })
        .from(botRuns)
        .leftJoin(users, eq(users.id, botRuns.runById))
        .where(and(targetCondition(target), eq(botRuns.companyId, companyId)))
        .orderBy(desc(botRuns.startedAt), desc(botRuns.id))
        .limit(1);
      return row ?? null;
    },

    /** Each bot's latest result over the target's runs. */
    async latestResults(companyId: string, target: RunTarget) {
      return db
        .selectDistinctOn([botResults.botId], {
          id: botResults.id,
          botId: botResults.botId,
          botName: bots.name,
          color: botVersions.color,
          version: botVersions.number,
          status: botResults.status,
          errorMessage: botResults.errorMessage,
          runType: botRuns.runType,
          runAt: botRuns.startedAt,
          rawResponse: botResults.rawResponse,
          outputTags: botResults.outputTags,
          responseTags: botResults.responseTags,
          unmatchedQuotes: botResults.unmatchedQuotes,
          pausedReason: botResults.pausedReason,
        })
        .from(botRuns)
        .innerJoin(botResults, eq(botResults.runId, botRuns.id))
        .innerJoin(bots, eq(bots.id, botResults.botId))
        .innerJoin(botVersions, eq(botVersions.id, botResults.versionId))
        .where(and(targetCondition(target), eq(botRuns.companyId, companyId)))
        .orderBy(botResults.botId, desc(botRuns.startedAt), desc(botResults.startedAt));
    },

    async feedbackOf(resultIds: readonly string[]) {
      if (resultIds.length === 0) return [];
      return db
        .select({
          resultId: botResultFeedback.resultId,
          tagPosition: botResultFeedback.tagPosition,
          verdict: botResultFeedback.verdict,
        })
        .from(botResultFeedback)
        .where(inArray(botResultFeedback.resultId, [...resultIds]));
    },

    /** A result of the company, with the target fields technician scope needs. */
    async result(companyId: string, resultId: string) {
      const [row] = await db
        .select({
          id: botResults.id,
          versionId: botResults.versionId,
          status: botResults.status,
          responseTags: botResults.responseTags,
        })
        .from(botResults)
        .where(and(eq(botResults.id, resultId), eq(botResults.companyId, companyId)))
        .limit(1);
      return row ?? null;
    },

    /** The verdict and its mark in one transaction; clearing the verdict removes both. */
    async setFeedback(input: {
      resultId: string;
      versionId: string;
      tagPosition: number;
      verdict: FeedbackVerdict | null;
      userId: string;
      mark: (NewBotMark & { kind: 'correct' | 'wrong'; tagPosition: number }) | null;
    }) {
      const key = and(
        eq(botResultFeedback.resultId, input.resultId),
        eq(botResultFeedback.tagPosition, input.tagPosition),
      );
      await db.transaction(async (tx) => {
        if (input.mark) await upsertFeedbackMark(tx, input.mark);
        else await deleteFeedbackMark(tx, input.resultId, input.tagPosition);
        if (input.verdict === null) {
          await tx.delete(botResultFeedback).where(key);
          return;
        }
        const values = {
          versionId: input.versionId,
          verdict: input.verdict,
          userId: input.userId,
          updatedAt: sql`now()`,
        };
        await tx
          .insert(botResultFeedback)
          .values({ resultId: input.resultId, tagPosition: input.tagPosition, ...values })
          .onConflictDoUpdate({
            target: [botResultFeedback.resultId, botResultFeedback.tagPosition],
            set: values,
          });
      });
    },
  };
}
