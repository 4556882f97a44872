import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { redactTranscript, type HoldReason } from '@fieldbot/shared';
import type PgBoss from 'pg-boss';
import { cleanVocabulary, type Transcription } from '../providers/transcription/index.js';
import { publishInteractionCompleted } from './interaction-events.js';
import { createTranscriptCache } from './transcript-cache.js';
import { transcribeInPieces } from './transcribe-pieces.js';
import type { PipelineRepo } from '../modules/interactions/index.js';
import { createCompanyPrivacyReader } from '../modules/privacy-settings/index.js';
import { PipelineError, type PipelineDeps, type PipelineStepHandler } from './pipeline.js';

/**
 * transcribe {interactionId}: the merged MP3 → the speech-to-text service → transcript segments,
 * then the interaction is completed and `interaction.completed` published.
 *
 * Long recordings are cut (without re-encoding) into pieces of at most STT_CHUNK_SECONDS, sent
 * STT_PIECES_AT_ONCE at a time, and their segments shifted by each piece's start: OpenAI takes at most 25 MB a request
 * (about 50 minutes at 64 kb/s), and a failed piece is smaller to resend. Speaker labels come from
 * each piece on its own (see the adapter), so a speaker's number may change at a piece boundary.
 * Audio already transcribed with the same settings reuses its transcript (see transcript-cache.ts).
 */
export function createTranscribeStep(
  deps: PipelineDeps,
  repo: PipelineRepo,
  boss: Pick<PgBoss, 'publish'>,
  /** Why the company's new work must wait, or null (see modules/capacity/capacity-hold.ts). */
  holdOf?: (companyId: string) => Promise<HoldReason | null>,
): PipelineStepHandler {
  const { storage, audio, stt, config } = deps;
  const cache = createTranscriptCache(storage);
  const companyPrivacy = createCompanyPrivacyReader(deps.db);

  /** Completion, safe to repeat: the event is deduplicated, the status update is conditional. */
  const complete = async (interactionId: string) => {
    const row = await repo.load(interactionId);
    if (!row || row.status === 'completed') return;
    await publishInteractionCompleted(boss, {
      interaction_id: row.id,
      company_id: row.companyId,
      customer_id: row.customerId,
      job_id: row.jobId,
      type: row.type,
      call_type: row.callType,
    });
    await repo.markCompleted(row.id);
  };

  /** The engine's transcript of the file, sent in pieces of at most STT_CHUNK_SECONDS. */
  const transcribePieces = async (
    file: string,
    number: string,
    audioSeconds: number,
    work: string,
    {
      signal,
      niceness,
      vocabulary,
    }: { signal: AbortSignal; niceness: number; vocabulary: readonly string[] },
  ): Promise<Transcription> => {
    const pieces =
      audioSeconds > config.sttChunkSeconds
        ? await audio.splitMp3(file, config.sttChunkSeconds, { workDir: work, signal, niceness })
        : [{ file, startSeconds: 0 }];
    return transcribeInPieces(pieces, config.sttPiecesAtOnce, signal, (piece, i, pieceSignal) =>
      stt.transcribe({
        file: piece.file,
        fileName: pieces.length > 1 ? `${number}-${i + 1}.mp3` : `${number}.mp3`,
        contentType: 'audio/mpeg',
        signal: pieceSignal,
        niceness,
        vocabulary,
      }),
    );
  };

  return {
    fallbackMessage: 'The transcript could not be made because of an internal error.',
    expiredMessage: 'The transcription took too long.',
    fail: (id, message) => repo.failTranscript(id, message),

    async run(interactionId, signal, { niceness }) {
      const row = await repo.load(interactionId);
      if (!row) return;
      // A second run after the transcript was saved only finishes what the first one began.
      if (row.transcriptStatus === 'completed') return complete(interactionId);
      if (row.transcriptStatus !== 'in-progress') return; // failed for good, or re-merging
      // A held company's recording is kept (merged, metered) but waits to be transcribed.
      const hold = holdOf ? await holdOf(row.companyId) : null;
      if (hold) {
        await repo.pauseTranscription(interactionId, hold);
        return;
      }
      if (!row.audioKey || row.audioSeconds === null) {
        throw new PipelineError('The transcript could not be made: the audio is missing.', false);
      }
      // E-mails and phones too when the company asks (read now: a change applies to the next run).
      const privacy = await companyPrivacy(row.companyId);
      const { redaction } = privacy;
      // The company's words for the engine; they are part of the cache key too.
      const vocabulary = cleanVocabulary(privacy.vocabulary);
      const work = await mkdtemp(path.join(tmpdir(), 'fieldbot-stt-'));
      let transcription: Transcription;
      try {
        const object = await storage.get(row.audioKey);
        if (!object) {
          throw new PipelineError('The transcript could not be made: the audio is missing.', true);
        }
        const file = path.join(work, 'audio.mp3');
        await pipeline(object.body, createWriteStream(file), { signal });
        const cacheKey = await cache.storageKey(
          {
            companyId: row.companyId,
            file,
            settings: stt.settings,
            chunkSeconds: config.sttChunkSeconds,
            vocabulary,
          },
          signal,
        );
        const cached = await cache.get(cacheKey);
        if (cached) {
          // A copy cached before redaction existed is masked here too (masking is idempotent).
          transcription = redactTranscript(cached, redaction);
        } else {
          // Masked before anything keeps or reads it: the cache, the database, the bots.
          transcription = redactTranscript(
            await transcribePieces(file, row.number, row.audioSeconds, work, {
              signal,
              niceness,
              vocabulary,
            }),
            redaction,
          );
          // Only an optimisation: a transcript that can't be cached is still saved below.
          await cache.put(cacheKey, transcription).catch(() => undefined);
        }
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      // 'none' has thrown above: a saved transcript always names the engine that made it.
      if (stt.kind === 'none') return;
      await repo.saveTranscript(
        interactionId,
        transcription.text,
        transcription.segments,
        stt.kind,
      );
      await complete(interactionId);
    },
  };
}
