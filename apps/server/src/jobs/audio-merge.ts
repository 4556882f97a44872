import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AUDIO_PEAKS_MAX } from '@fieldbot/shared';
import type { PipelineRepo } from '../modules/interactions/index.js';
import {
  PipelineError,
  type PipelineDeps,
  type PipelineSender,
  type PipelineStepHandler,
} from './pipeline.js';

/** Waveform resolution: 20 peaks a second, at most AUDIO_PEAKS_MAX (a long recording stays small). */
export function peakCount(durationSeconds: number): number {
  return Math.min(AUDIO_PEAKS_MAX, Math.max(1, Math.ceil(durationSeconds * 20)));
}

export const mergedAudioKey = (companyId: string, interactionId: string) =>
  `audio/${companyId}/${interactionId}.mp3`;

/**
 * audio-merge {interactionId}: the chunks in storage → one MP3 (ffmpeg) with its duration and
 * waveform peaks → audio_assets, usage metering, then transcription is queued.
 */
export function createAudioMergeStep(
  deps: PipelineDeps,
  repo: PipelineRepo,
  queue: Pick<PipelineSender, 'transcribe'>,
): PipelineStepHandler {
  const { storage, audio } = deps;
  return {
    fallbackMessage: 'The recording could not be processed because of an internal error.',
    expiredMessage: 'The recording took too long to process.',
    fail: (id, message) => repo.failMerge(id, message),

    async run(interactionId, signal, { niceness }) {
      const row = await repo.load(interactionId);
      if (!row) return; // deleted since: nothing to do
      if (row.sourceKeys.length === 0) {
        throw new PipelineError('The recording has no audio.', false);
      }
      const work = await mkdtemp(path.join(tmpdir(), 'fieldbot-merge-'));
      try {
        const chunks: string[] = [];
        for (const [i, key] of row.sourceKeys.entries()) {
          const object = await storage.get(key);
          if (!object) {
            // Retried: the client may still be re-sending a chunk that failed to upload.
            throw new PipelineError(
              `Part of the recording is missing: chunk ${i + 1} of ${row.sourceKeys.length} was never uploaded.`,
              true,
            );
          }
          const file = path.join(work, `chunk-${String(i).padStart(5, '0')}${path.extname(key)}`);
          await pipeline(object.body, createWriteStream(file), { signal });
          chunks.push(file);
        }
        const output = path.join(work, 'merged.mp3');
        await audio.mergeToMp3(chunks, output, { workDir: work, signal, niceness });
        const durationSeconds = await audio.durationSeconds(output, { signal, niceness });
        const peaks = await audio.peaks(output, peakCount(durationSeconds), durationSeconds, {
          signal,
          niceness,
        });
        const storageKey = mergedAudioKey(row.companyId, row.id);
        await storage.put(storageKey, createReadStream(output), 'audio/mpeg');
        await repo.saveMergedAudio({
          interactionId: row.id,
          companyId: row.companyId,
          storageKey,
          durationSeconds: Math.round(durationSeconds * 1000) / 1000,
          sizeBytes: (await stat(output)).size,
          peaks,
        });
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      if (row.sourceIntegrationId === null) {
        await queue.transcribe(interactionId);
      } else {
        const turn = await repo.syncedCallsTranscribing(row.companyId);
        await queue.transcribe(interactionId, { background: true, turn });
      }
    },
  };
}
