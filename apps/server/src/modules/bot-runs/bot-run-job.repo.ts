import { joinSegments, type HoldReason, type TranscriptSegment } from '@fieldbot/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  botBackRuns,
  botResults,
  botRuns,
  botVersions,
  interactions,
} from '../../db/schema/index.js';
import { meterResults, settleRuns } from './bot-run-writer.js';
import { transcriptSegmentsQuery } from '../interactions/index.js';
import type { EngineResult, EngineTranscript } from '../../providers/bot-engine/index.js';

export type BotRunJobRepo = ReturnType<typeof createBotRunJobRepo>;

/** How a run ends once none of its results is running (spec §3 "Bot result" statuses). */
export function runOutcome(
  results: readonly {
    status: 'running' | 'success' | 'failed';
    name: string;
    error: string | null;
  }[],
): { status: 'running' | 'success' | 'completed' | 'failed'; errorMessage: string | null } {
  if (results.some((r) => r.status === 'running')) return { status: 'running', errorMessage: null };
  const failed = results.filter((r) => r.status === 'failed');
  if (failed.length === 0) return { status: 'success', errorMessage: null };
  const errorMessage =
    failed.length === 1
      ? (failed[0]!.error ?? null)
      : failed.map((r) => `${r.name}: ${r.error ?? ''}`).join('\n');
  return { status: failed.length === results.length ? 'failed' : 'completed', errorMessage };
}

type Finish =
  | { status: 'success'; result: EngineResult; transcriptText: string }
  | { status: 'failed'; message: string };

export function createBotRunJobRepo(db: Db) {
  /** Segments, or the plain transcript text of an interaction stored without segments. */
  const transcriptOf = async (
    interactionId: string,
    text: string | null,
  ): Promise<EngineTranscript | null> => {
    const segments: TranscriptSegment[] = await transcriptSegmentsQuery(db, interactionId);
    if (segments.length > 0) return { text: joinSegments(segments), segments };
    return text ? { text, segments: [] } : null;
  };

  return {
    /** The result with its run's target and the version it runs; null once deleted. */
    async load(resultId: string) {
      const [row] = await db
        .select({
          id: botResults.id,
          status: botResults.status,
          completionPublishedAt: botResults.completionPublishedAt,
          runId: botResults.runId,
          botId: botResults.botId,
          versionId: botResults.versionId,
          interactionId: botRuns.interactionId,
          customerId: botRuns.customerId,
          jobId: botRuns.jobId,
          companyId: botRuns.companyId,
          version: {
            id: botVersions.id,
            name: botVersions.name,
            prompt: botVersions.prompt,
            outputTags: botVersions.outputTags,
            referenceTexts: botVersions.referenceTexts,
            engine: botVersions.engine,
          },
        })
        .from(botResults)
        .innerJoin(botRuns, eq(botRuns.id, botResults.runId))
        .innerJoin(botVersions, eq(botVersions.id, botResults.versionId))
        .where(eq(botResults.id, resultId))
        .limit(1);
      return row ?? null;
    },

    async interactionTranscript(interactionId: string): Promise<EngineTranscript | null> {
      const [row] = await db
        .select({ text: interactions.transcriptText })
        .from(interactions)
        .where(eq(interactions.id, interactionId))
        .limit(1);
      return row ? transcriptOf(interactionId, row.text) : null;
    },

    /**
     * A customer-level run reads the customer's completed interactions, oldest first, as one
     * transcript: their segments in order (each interaction's times as recorded).
     */
    async customerTranscript(customerId: string): Promise<EngineTranscript | null> {
      const rows = await db
        .select({ id: interactions.id, text: interactions.transcriptText })
        .from(interactions)
        .where(and(eq(interactions.customerId, customerId), eq(interactions.status, 'completed')))
        .orderBy(asc(interactions.startedAt), asc(interactions.id));
      const parts: EngineTranscript[] = [];
      for (const row of rows) {
        const part = await transcriptOf(row.id, row.text);
        if (part) parts.push(part);
      }
      if (parts.length === 0) return null;
      const segments = parts.flatMap((p) => p.segments);
      // Offsets index the joined text, so parts without segments are joined as text too.
      if (parts.every((p) => p.segments.length > 0)) {
        return { text: joinSegments(segments), segments };
      }
      return { text: parts.map((p) => p.text).join(' '), segments: [] };
    },

    /** Whether the result belongs to a back-run that has been cancelled since it was queued. */
    async backRunCancelled(resultId: string): Promise<boolean> {
      const [row] = await db
        .select({ status: botBackRuns.status })
        .from(botResults)
        .innerJoin(botRuns, eq(botRuns.id, botResults.runId))
        .innerJoin(botBackRuns, eq(botBackRuns.id, botRuns.backRunId))
        .where(eq(botResults.id, resultId))
        .limit(1);
      return row?.status === 'cancelled';
    },

    /**
     * Parks a running result while its company is on hold: it stays 'running' with the reason, and
     * the capacity-check job queues it again once the hold lifts (see modules/capacity).
     */
    async pause(resultId: string, reason: HoldReason) {
      await db
        .update(botResults)
        .set({ pausedReason: reason })
        .where(and(eq(botResults.id, resultId), eq(botResults.status, 'running')));
    },

    async countAttempt(resultId: string) {
      await db
        .update(botResults)
        .set({ attempts: sql`${botResults.attempts} + 1` })
        .where(and(eq(botResults.id, resultId), eq(botResults.status, 'running')));
    },

    /**
     * Finishes a running result exactly once, meters it, and settles its run, in one transaction.
     * The run row is locked first so two results finishing together see each other's status.
     * False when the result had already finished (a duplicated or re-delivered job).
     */
    /** Records that bot_result.completed went out (the outbox mark). */
    async markPublished(resultId: string): Promise<void> {
      await db
        .update(botResults)
        .set({ completionPublishedAt: sql`coalesce(${botResults.completionPublishedAt}, now())` })
        .where(eq(botResults.id, resultId));
    },

    async finish(resultId: string, outcome: Finish): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ runId: botResults.runId })
          .from(botResults)
          .where(eq(botResults.id, resultId))
          .limit(1);
        if (!target) return false;
        const [run] = await tx
          .select({ id: botRuns.id, startedAt: botRuns.startedAt })
          .from(botRuns)
          .where(eq(botRuns.id, target.runId))
          .for('update');
        const success = outcome.status === 'success' ? outcome.result : null;
        const [finished] = await tx
          .update(botResults)
          .set({
            status: outcome.status,
            errorMessage: outcome.status === 'failed' ? outcome.message : null,
            transcriptText: outcome.status === 'success' ? outcome.transcriptText : null,
            rawResponse: success?.rawResponse ?? null,
            outputTags: success?.outputTags ?? null,
            responseTags: success?.responseTags ?? null,
            unmatchedQuotes: success?.unmatchedQuotes ?? 0,
            tokensIn: success?.tokensIn ?? 0,
            tokensOut: success?.tokensOut ?? 0,
            costMillicents: success?.costMillicents ?? 0,
            pausedReason: null,
            finishedAt: sql`now()`,
          })
          .where(and(eq(botResults.id, resultId), eq(botResults.status, 'running')))
          .returning({
            companyId: botResults.companyId,
            botId: botResults.botId,
            versionId: botResults.versionId,
          });
        if (!finished) return false;
        await meterResults(tx, [
          {
            ...finished,
            resultId,
            tokensIn: success?.tokensIn ?? 0,
            tokensOut: success?.tokensOut ?? 0,
            costMillicents: success?.costMillicents ?? 0,
            billable: success !== null,
          },
        ]);

        const siblings = await tx
          .select({
            status: botResults.status,
            name: botVersions.name,
            error: botResults.errorMessage,
          })
          .from(botResults)
          .innerJoin(botVersions, eq(botVersions.id, botResults.versionId))
          .where(eq(botResults.runId, run!.id))
          .orderBy(asc(botVersions.name));
        const settled = runOutcome(siblings);
        if (settled.status !== 'running') {
          await settleRuns(tx, [run!.id], {
            status: settled.status,
            errorMessage: settled.errorMessage,
          });
        }
        return true;
      });
    },
  };
}
