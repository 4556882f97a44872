import type { InteractionType } from '@fieldbot/shared';
import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  botResults,
  botRuns,
  botVersions,
  bots,
  customers,
  interactions,
  jobs,
  users,
} from '../../db/schema/index.js';
import { createBotRunsRepo } from '../bot-runs/index.js';
import { interactionDetailQuery } from '../interactions/index.js';

export type PublicApiRepo = ReturnType<typeof createPublicApiRepo>;
export type BotResultRow = Awaited<ReturnType<PublicApiRepo['botResults']>>[number];

/** A keyset position: the sort timestamp as PostgreSQL prints it (microseconds kept) and the id. */
export interface Keyset {
  at: string;
  id: string;
}

export function createPublicApiRepo(db: Db) {
  const recorder = alias(users, 'recorder');
  const technician = alias(users, 'technician');
  const botRunsRepo = createBotRunsRepo(db);

  const botResultColumns = {
    id: botResults.id,
    botId: botResults.botId,
    botName: bots.name,
    version: botVersions.number,
    status: botResults.status,
    errorMessage: botResults.errorMessage,
    runType: botRuns.runType,
    runAt: botRuns.startedAt,
    interactionId: botRuns.interactionId,
    customerId: botRuns.customerId,
    finishedAt: botResults.finishedAt,
    finishedAtKey: sql<string | null>`${botResults.finishedAt}::text`,
    outputTags: botResults.outputTags,
    responseTags: botResults.responseTags,
  };
  const botResultsFrom = () =>
    db
      .select(botResultColumns)
      .from(botResults)
      .innerJoin(botRuns, eq(botRuns.id, botResults.runId))
      .innerJoin(bots, eq(bots.id, botResults.botId))
      .innerJoin(botVersions, eq(botVersions.id, botResults.versionId));

  return {
    /** One page of the company's interactions, newest first; `limit + 1` rows tell if more follow. */
    async interactions(
      companyId: string,
      q: { type?: InteractionType; updatedSince?: Date; after?: Keyset; limit: number },
    ) {
      return (
        db
          .select({
            id: interactions.id,
            number: interactions.number,
            type: interactions.type,
            callType: interactions.callType,
            status: interactions.status,
            downloadStatus: interactions.downloadStatus,
            // The app's Field Team column: the recorder, else the technician of the call's job.
            recordingBy: sql<string | null>`coalesce(${recorder.name}, ${technician.name})`,
            startedAt: interactions.startedAt,
            startedAtKey: sql<string>`${interactions.startedAt}::text`,
            durationSeconds: interactions.durationSeconds,
            jobNumber: jobs.jobNumber,
            customerId: customers.id,
            customerName: customers.name,
            transcriptStatus: interactions.transcriptStatus,
            updatedAt: interactions.updatedAt,
          })
          .from(interactions)
          .innerJoin(customers, eq(customers.id, interactions.customerId))
          .leftJoin(jobs, eq(jobs.id, interactions.jobId))
          .leftJoin(recorder, eq(recorder.id, interactions.recordedById))
          .leftJoin(technician, eq(technician.id, jobs.technicianId))
          .where(
            and(
              eq(interactions.companyId, companyId),
              q.type ? eq(interactions.type, q.type) : undefined,
              q.updatedSince ? gte(interactions.updatedAt, q.updatedSince) : undefined,
              q.after
                ? sql`(${interactions.startedAt}, ${interactions.id}) < (${q.after.at}::timestamptz, ${q.after.id}::uuid)`
                : undefined,
            ),
          )
          // interactions_company_started_idx serves the order.
          .orderBy(desc(interactions.startedAt), desc(interactions.id))
          .limit(q.limit + 1)
      );
    },

    /** The app's own detail statement, for the company's interaction of any type; null if none. */
    async interaction(companyId: string, id: string) {
      const [head] = await db
        .select({ type: interactions.type, updatedAt: interactions.updatedAt })
        .from(interactions)
        .where(and(eq(interactions.id, id), eq(interactions.companyId, companyId)))
        .limit(1);
      if (!head) return null;
      const [row] = await interactionDetailQuery(
        db,
        { companyId, technicianId: null },
        id,
        head.type,
      );
      return row ? { ...row, updatedAt: head.updatedAt } : null;
    },

    async hasInteraction(companyId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: interactions.id })
        .from(interactions)
        .where(and(eq(interactions.id, id), eq(interactions.companyId, companyId)))
        .limit(1);
      return Boolean(row);
    },

    /** Finished results, most recently finished first (bot_results_company_finished_idx). */
    async botResults(
      companyId: string,
      q: { interactionId?: string; finishedSince?: Date; after?: Keyset; limit: number },
    ) {
      return botResultsFrom()
        .where(
          and(
            eq(botResults.companyId, companyId),
            isNotNull(botResults.finishedAt),
            q.interactionId ? eq(botRuns.interactionId, q.interactionId) : undefined,
            q.finishedSince ? gte(botResults.finishedAt, q.finishedSince) : undefined,
            q.after
              ? sql`(${botResults.finishedAt}, ${botResults.id}) < (${q.after.at}::timestamptz, ${q.after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(botResults.finishedAt), desc(botResults.id))
        .limit(q.limit + 1);
    },

    /** Each bot's latest result on the interaction, as the app's Bot Result section shows them. */
    async latestInteractionResults(companyId: string, interactionId: string) {
      const rows = await db
        .selectDistinctOn([botResults.botId], botResultColumns)
        .from(botRuns)
        .innerJoin(botResults, eq(botResults.runId, botRuns.id))
        .innerJoin(bots, eq(bots.id, botResults.botId))
        .innerJoin(botVersions, eq(botVersions.id, botResults.versionId))
        .where(and(eq(botRuns.interactionId, interactionId), eq(botRuns.companyId, companyId)))
        .orderBy(asc(botResults.botId), desc(botRuns.startedAt), desc(botResults.startedAt));
      return rows.sort((a, b) => a.botName.localeCompare(b.botName));
    },

    feedbackOf: (resultIds: readonly string[]) => botRunsRepo.feedbackOf(resultIds),
  };
}
