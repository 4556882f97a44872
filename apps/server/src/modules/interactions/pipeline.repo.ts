import type { HoldReason, TranscriptEngine } from '@fieldbot/shared';
import { and, count, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  audioAssets,
  interactions,
  transcriptSegments,
  usageRecords,
} from '../../db/schema/index.js';
import type { TranscribedSegment } from '../../providers/transcription/index.js';

export type PipelineRepo = ReturnType<typeof createPipelineRepo>;

/** Rows per INSERT of transcript segments (6 parameters each; PostgreSQL allows 65,535). */
const SEGMENT_BATCH = 1000;

export interface MergedAudio {
  interactionId: string;
  companyId: string;
  storageKey: string;
  durationSeconds: number;
  sizeBytes: number;
  peaks: number[];
}

/** The queries of the interaction pipeline's jobs. */
export function createPipelineRepo(db: Db) {
  const now = sql`now()`;
  /** A company's CRM-synced calls in a step: a call's place in the company's own line. */
  const syncedCallsWhere = async (companyId: string, inStep: SQL) => {
    const [row] = await db
      .select({ n: count() })
      .from(interactions)
      .where(
        and(
          eq(interactions.companyId, companyId),
          inStep,
          isNotNull(interactions.sourceIntegrationId),
        ),
      );
    return row?.n ?? 0;
  };
  return {
    async load(interactionId: string) {
      const [row] = await db
        .select({
          id: interactions.id,
          companyId: interactions.companyId,
          customerId: interactions.customerId,
          jobId: interactions.jobId,
          number: interactions.number,
          type: interactions.type,
          callType: interactions.callType,
          status: interactions.status,
          sourceKeys: interactions.sourceKeys,
          sourceUrl: interactions.sourceUrl,
          sourceIntegrationId: interactions.sourceIntegrationId,
          downloadStatus: interactions.downloadStatus,
          audioMergeStatus: interactions.audioMergeStatus,
          transcriptStatus: interactions.transcriptStatus,
          audioKey: audioAssets.storageKey,
          audioSeconds: audioAssets.durationSeconds,
        })
        .from(interactions)
        .leftJoin(audioAssets, eq(audioAssets.interactionId, interactions.id))
        .where(eq(interactions.id, interactionId))
        .limit(1);
      return row ?? null;
    },

    /**
     * The merged file is in storage: record it, meter the recorded time (once per interaction: a
     * re-run finds the usage row there) and hand over to transcription, in one transaction.
     */
    async saveMergedAudio(audio: MergedAudio) {
      await db.transaction(async (tx) => {
        const asset = {
          storageKey: audio.storageKey,
          contentType: 'audio/mpeg',
          format: 'mp3',
          durationSeconds: audio.durationSeconds,
          sizeBytes: audio.sizeBytes,
          peaks: audio.peaks,
        };
        await tx
          .insert(audioAssets)
          .values({ interactionId: audio.interactionId, ...asset })
          .onConflictDoUpdate({ target: audioAssets.interactionId, set: asset });
        await tx
          .update(interactions)
          .set({
            durationSeconds: audio.durationSeconds,
            audioMergeStatus: 'completed',
            audioMergeErrorMessage: null,
            // A new merge (a call downloaded again) is the unbleeped audio: bleep it again.
            audioBleepedAt: null,
            transcriptStatus: 'in-progress',
            transcriptErrorMessage: null,
            updatedAt: now,
          })
          .where(eq(interactions.id, audio.interactionId));
        await tx
          .insert(usageRecords)
          .values({
            companyId: audio.companyId,
            interactionId: audio.interactionId,
            seconds: audio.durationSeconds,
          })
          .onConflictDoNothing({ target: usageRecords.interactionId });
      });
    },

    /**
     * How many of a company's CRM calls wait for transcription (or are being transcribed), this
     * one included once its audio is saved: its place in the company's own line.
     */
    async syncedCallsTranscribing(companyId: string): Promise<number> {
      return syncedCallsWhere(companyId, eq(interactions.transcriptStatus, 'in-progress'));
    },

    /** The same for the merge: this call included once its download is recorded. */
    async syncedCallsMerging(companyId: string): Promise<number> {
      return syncedCallsWhere(companyId, eq(interactions.audioMergeStatus, 'in-progress'));
    },

    /** Replaces the transcript as a whole: readers see the old one or the new one, never a mix. */
    async saveTranscript(
      interactionId: string,
      text: string,
      segments: TranscribedSegment[],
      engine: TranscriptEngine,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .delete(transcriptSegments)
          .where(eq(transcriptSegments.interactionId, interactionId));
        for (let i = 0; i < segments.length; i += SEGMENT_BATCH) {
          await tx.insert(transcriptSegments).values(
            segments.slice(i, i + SEGMENT_BATCH).map((segment, j) => ({
              interactionId,
              position: i + j,
              startSeconds: segment.startSeconds,
              endSeconds: segment.endSeconds,
              speaker: segment.speaker,
              text: segment.text,
            })),
          );
        }
        await tx
          .update(interactions)
          .set({
            transcriptText: text,
            transcriptEngine: engine,
            transcriptStatus: 'completed',
            transcriptErrorMessage: null,
            updatedAt: now,
          })
          .where(eq(interactions.id, interactionId));
      });
    },

    /** true when this call changed the status (the caller is the one that completed it). */
    async markCompleted(interactionId: string): Promise<boolean> {
      const rows = await db
        .update(interactions)
        .set({ status: 'completed', updatedAt: now })
        .where(and(eq(interactions.id, interactionId), ne(interactions.status, 'completed')))
        .returning({ id: interactions.id });
      return rows.length > 0;
    },

    /**
     * Transcription waits while the company is on hold: status 'paused' (the list disables the
     * link, spec §4) with the reason; the transcript stays in-progress. capacity-check resumes it.
     */
    async pauseTranscription(interactionId: string, reason: HoldReason) {
      await db
        .update(interactions)
        .set({ status: 'paused', pausedReason: reason, updatedAt: now })
        .where(
          and(
            eq(interactions.id, interactionId),
            inArray(interactions.status, ['in-progress', 'paused']),
          ),
        );
    },

    /** The final merge failure: the page opens (status completed) and shows the message. */
    async failMerge(interactionId: string, message: string) {
      await db
        .update(interactions)
        .set({
          audioMergeStatus: 'error',
          audioMergeErrorMessage: message,
          status: 'completed',
          updatedAt: now,
        })
        .where(
          and(eq(interactions.id, interactionId), eq(interactions.audioMergeStatus, 'in-progress')),
        );
    },

    async failTranscript(interactionId: string, message: string) {
      await db
        .update(interactions)
        .set({
          transcriptStatus: 'error',
          transcriptErrorMessage: message,
          status: 'completed',
          updatedAt: now,
        })
        .where(
          and(eq(interactions.id, interactionId), eq(interactions.transcriptStatus, 'in-progress')),
        );
    },

    async failDownload(interactionId: string) {
      await db
        .update(interactions)
        .set({ downloadStatus: 'error', updatedAt: now })
        .where(
          and(eq(interactions.id, interactionId), eq(interactions.downloadStatus, 'in-progress')),
        );
    },

    /** The call's recording is in storage: it becomes the one chunk to merge. */
    async markDownloaded(interactionId: string, storageKey: string) {
      await db
        .update(interactions)
        .set({
          sourceKeys: [storageKey],
          downloadStatus: 'completed',
          audioMergeStatus: 'in-progress',
          audioMergeErrorMessage: null,
          updatedAt: now,
        })
        .where(eq(interactions.id, interactionId));
    },
  };
}
