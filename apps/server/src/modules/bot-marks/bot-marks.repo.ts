import type { BotMarkKind, TranscriptSegment } from '@fieldbot/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  botMarks,
  botResults,
  botRuns,
  botVersions,
  companies,
  customers,
  interactions,
  jobs,
  transcriptSegments,
} from '../../db/schema/index.js';
import {
  customerOfTechnician,
  interactionOfTechnician,
  type ViewerScope,
} from '../../lib/viewer-scope.js';
import { transcriptSegmentsQuery } from '../interactions/index.js';

export type BotMarksRepo = ReturnType<typeof createBotMarksRepo>;
export type NewBotMark = typeof botMarks.$inferInsert;
/** A result as marking reads it. */
export type MarkedResult = NonNullable<Awaited<ReturnType<BotMarksRepo['result']>>>;

/** Shared marks a publish comparison reads at most (the most frequent sentences first). */
export const SHARED_EXAMPLES_MAX = 2000;
/** Worst misses a bot's page lists. */
export const WORST_MISSES_MAX = 20;

const missedConflict = {
  target: [botMarks.resultId, botMarks.tagId, botMarks.indexStart, botMarks.indexEnd],
  where: sql`${botMarks.kind} = 'missed'`,
};

/**
 * The Correct / Wrong mark of one response tag, written in the caller's transaction beside its
 * bot_result_feedback row: a new verdict replaces the old one's mark.
 */
export async function upsertFeedbackMark(
  db: Db,
  mark: NewBotMark & { kind: 'correct' | 'wrong'; tagPosition: number },
): Promise<void> {
  const { resultId: _result, tagPosition: _position, ...changes } = mark;
  await db
    .insert(botMarks)
    .values(mark)
    .onConflictDoUpdate({
      target: [botMarks.resultId, botMarks.tagPosition],
      targetWhere: sql`${botMarks.tagPosition} is not null`,
      set: { ...changes, createdAt: sql`now()` },
    });
}

/** Clearing a verdict removes its mark. */
export async function deleteFeedbackMark(
  db: Db,
  resultId: string,
  tagPosition: number,
): Promise<void> {
  await db
    .delete(botMarks)
    .where(and(eq(botMarks.resultId, resultId), eq(botMarks.tagPosition, tagPosition)));
}

export function createBotMarksRepo(db: Db) {
  return {
    /**
     * A result of the viewer's company, null when absent or outside the viewer's scope (a field
     * technician's: interactions of their jobs or recorded by them, customers of their jobs).
     */
    async result(scope: ViewerScope, resultId: string) {
      const [row] = await db
        .select({
          id: botResults.id,
          botId: botResults.botId,
          versionId: botResults.versionId,
          companyId: botResults.companyId,
          status: botResults.status,
          transcriptText: botResults.transcriptText,
          responseTags: botResults.responseTags,
          outputTags: botResults.outputTags,
          versionTags: botVersions.outputTags,
          interactionId: botRuns.interactionId,
          customerId: botRuns.customerId,
          shareBotExamples: companies.shareBotExamples,
        })
        .from(botResults)
        .innerJoin(botRuns, eq(botRuns.id, botResults.runId))
        .innerJoin(botVersions, eq(botVersions.id, botResults.versionId))
        .innerJoin(companies, eq(companies.id, botResults.companyId))
        .leftJoin(interactions, eq(interactions.id, botRuns.interactionId))
        .leftJoin(jobs, eq(jobs.id, interactions.jobId))
        .leftJoin(customers, eq(customers.id, botRuns.customerId))
        .where(
          and(
            eq(botResults.id, resultId),
            eq(botResults.companyId, scope.companyId),
            scope.technicianId
              ? or(
                  and(
                    isNotNull(botRuns.interactionId),
                    interactionOfTechnician(db, scope.technicianId, {
                      jobTechnician: jobs.technicianId,
                    }),
                  ),
                  and(isNotNull(botRuns.customerId), customerOfTechnician(db, scope.technicianId)),
                )
              : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * The segments of a run's target as a run reads them: the interaction's, or the customer's
     * completed interactions' in order (see the bot-run job's transcript).
     */
    async targetSegments(target: {
      interactionId: string | null;
      customerId: string | null;
    }): Promise<TranscriptSegment[]> {
      if (target.interactionId) return transcriptSegmentsQuery(db, target.interactionId);
      if (!target.customerId) return [];
      return db
        .select({
          start: transcriptSegments.startSeconds,
          end: transcriptSegments.endSeconds,
          speaker: transcriptSegments.speaker,
          text: transcriptSegments.text,
        })
        .from(transcriptSegments)
        .innerJoin(interactions, eq(interactions.id, transcriptSegments.interactionId))
        .where(
          and(eq(interactions.customerId, target.customerId), eq(interactions.status, 'completed')),
        )
        .orderBy(
          asc(interactions.startedAt),
          asc(interactions.id),
          asc(transcriptSegments.position),
        );
    },

    /** The Missed mark, inserted once: the same words marked again answer the existing row. */
    async insertMissed(mark: NewBotMark & { kind: 'missed' }) {
      const [inserted] = await db
        .insert(botMarks)
        .values(mark)
        .onConflictDoNothing(missedConflict)
        .returning();
      if (inserted) return inserted;
      const [existing] = await db
        .select()
        .from(botMarks)
        .where(
          and(
            eq(botMarks.resultId, mark.resultId),
            eq(botMarks.tagId, mark.tagId),
            eq(botMarks.indexStart, mark.indexStart),
            eq(botMarks.indexEnd, mark.indexEnd),
            eq(botMarks.kind, 'missed'),
          ),
        )
        .limit(1);
      return existing!;
    },

    /** True when the result had that Missed mark and it is gone. */
    async deleteMissed(resultId: string, markId: string): Promise<boolean> {
      const rows = await db
        .delete(botMarks)
        .where(
          and(
            eq(botMarks.id, markId),
            eq(botMarks.resultId, resultId),
            eq(botMarks.kind, 'missed'),
          ),
        )
        .returning({ id: botMarks.id });
      return rows.length > 0;
    },

    /** The Missed marks of results, in transcript order. */
    async missedOf(resultIds: readonly string[]) {
      if (resultIds.length === 0) return [];
      return db
        .select({
          id: botMarks.id,
          resultId: botMarks.resultId,
          tagId: botMarks.tagId,
          indexStart: botMarks.indexStart,
          indexEnd: botMarks.indexEnd,
          text: botMarks.text,
        })
        .from(botMarks)
        .where(and(inArray(botMarks.resultId, [...resultIds]), eq(botMarks.kind, 'missed')))
        .orderBy(asc(botMarks.indexStart), asc(botMarks.tagId), asc(botMarks.id));
    },

    /** Marks of every company on each version and tag of the bot, by kind. */
    async tagCounts(botId: string) {
      return db
        .select({
          versionId: botMarks.versionId,
          tagId: botMarks.tagId,
          kind: botMarks.kind,
          n: count(),
        })
        .from(botMarks)
        .where(eq(botMarks.botId, botId))
        .groupBy(botMarks.versionId, botMarks.tagId, botMarks.kind);
    },

    /** Shared Missed and Wrong marks grouped by version, tag, kind and sentence; most first. */
    async worstMisses(botId: string) {
      const n = count();
      return db
        .select({
          versionId: botMarks.versionId,
          version: botVersions.number,
          tagId: botMarks.tagId,
          kind: botMarks.kind,
          sentence: sql<string>`${botMarks.sharedSentence}`,
          count: n,
        })
        .from(botMarks)
        .innerJoin(botVersions, eq(botVersions.id, botMarks.versionId))
        .where(
          and(
            eq(botMarks.botId, botId),
            isNotNull(botMarks.sharedSentence),
            inArray(botMarks.kind, ['missed', 'wrong']),
          ),
        )
        .groupBy(
          botMarks.versionId,
          botVersions.number,
          botMarks.tagId,
          botMarks.kind,
          botMarks.sharedSentence,
        )
        .orderBy(
          desc(n),
          desc(botVersions.number),
          asc(botMarks.tagId),
          asc(botMarks.sharedSentence),
        )
        .limit(WORST_MISSES_MAX);
    },

    /** The bot's shared marks of every version as labelled examples, alike ones counted. */
    async sharedExamples(botId: string) {
      const n = count();
      return db
        .select({
          tagId: botMarks.tagId,
          kind: sql<BotMarkKind>`${botMarks.kind}`,
          sentence: sql<string>`${botMarks.sharedSentence}`,
          side: botMarks.speakerSide,
          count: n,
        })
        .from(botMarks)
        .where(and(eq(botMarks.botId, botId), isNotNull(botMarks.sharedSentence)))
        .groupBy(botMarks.tagId, botMarks.kind, botMarks.sharedSentence, botMarks.speakerSide)
        .orderBy(desc(n), asc(botMarks.sharedSentence), asc(botMarks.tagId))
        .limit(SHARED_EXAMPLES_MAX);
    },
  };
}
