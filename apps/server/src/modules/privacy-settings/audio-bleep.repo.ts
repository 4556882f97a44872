import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { audioAssets, companies, interactions, transcriptSegments } from '../../db/schema/index.js';

export type AudioBleepRepo = ReturnType<typeof createAudioBleepRepo>;

/** The queries of the audio-bleep job (jobs/audio-bleep.ts). */
export function createAudioBleepRepo(db: Db) {
  return {
    /** The interaction's audio, its company's setting and its state; null when it is gone. */
    async load(interactionId: string) {
      const [row] = await db
        .select({
          id: interactions.id,
          companyId: interactions.companyId,
          bleepAudio: companies.bleepAudio,
          bleepedAt: interactions.audioBleepedAt,
          audioDeletedAt: interactions.audioDeletedAt,
          storageKey: audioAssets.storageKey,
          contentType: audioAssets.contentType,
          durationSeconds: audioAssets.durationSeconds,
        })
        .from(interactions)
        .innerJoin(companies, eq(companies.id, interactions.companyId))
        .leftJoin(audioAssets, eq(audioAssets.interactionId, interactions.id))
        .where(eq(interactions.id, interactionId))
        .limit(1);
      return row ?? null;
    },

    async segments(interactionId: string) {
      return db
        .select({
          start: transcriptSegments.startSeconds,
          end: transcriptSegments.endSeconds,
          text: transcriptSegments.text,
        })
        .from(transcriptSegments)
        .where(eq(transcriptSegments.interactionId, interactionId))
        .orderBy(asc(transcriptSegments.position));
    },

    /** The bleeped file is in storage under the same key: its size, length and waveform, and the mark. */
    async saveBleeped(
      interactionId: string,
      audio: { sizeBytes: number; durationSeconds: number; peaks: number[] },
      at: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx.update(audioAssets).set(audio).where(eq(audioAssets.interactionId, interactionId));
        await tx
          .update(interactions)
          .set({ audioBleepedAt: at })
          .where(and(eq(interactions.id, interactionId), isNull(interactions.audioBleepedAt)));
      });
    },
  };
}
