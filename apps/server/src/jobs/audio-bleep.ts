import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { bleepRanges } from '@fieldbot/shared';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { PipelineConfig } from '../config.js';
import type { AudioBleepRepo } from '../modules/privacy-settings/index.js';
import type { AudioTools } from '../providers/audio/index.js';
import type { StorageProvider } from '../providers/storage/index.js';
import { peakCount } from './audio-merge.js';
import { drainingWorker } from './bot-run.js';
import {
  INTERACTION_COMPLETED_EVENT,
  type InteractionCompletedEvent,
} from './interaction-events.js';
import { nicenessOf } from './queue-policy.js';
import { retryOptions } from './retry-options.js';

/**
 * audio-bleep {interaction_id}: when the company has "Bleep masked parts of the audio" on, the
 * stretches of the recording where the transcript was masked are replaced with a 1 kHz tone
 * (ffmpeg), the waveform is measured again and the file replaces the merged audio in storage.
 *
 * It follows the transcript: the queue is subscribed to interaction.completed, whose copies carry
 * the interaction id as their job id, so each interaction gets one job. Idempotent: an interaction
 * already bleeped (audio_bleeped_at) is skipped; a retry after the file was stored but before the
 * mark bleeps the same ranges again, which changes nothing audible (silence plus the same tone).
 * Settings are read when the job runs, so a company that turns bleeping on affects recordings
 * transcribed from then on; older recordings are left as they are.
 */
export const AUDIO_BLEEP_QUEUE = 'audio-bleep';

export async function createAudioBleepQueue(boss: PgBoss, config: PipelineConfig): Promise<void> {
  await boss.createQueue(AUDIO_BLEEP_QUEUE, { name: AUDIO_BLEEP_QUEUE, ...retryOptions(config) });
  await boss.subscribe(INTERACTION_COMPLETED_EVENT, AUDIO_BLEEP_QUEUE);
}

export interface AudioBleepDeps {
  repo: AudioBleepRepo;
  storage: StorageProvider;
  audio: AudioTools;
  now?: () => Date;
}

/** What one run did, for the log and the tests. */
export type AudioBleepOutcome =
  'bleeped' | 'setting-off' | 'already-bleeped' | 'no-audio' | 'nothing-masked';

export function createAudioBleepStep(deps: AudioBleepDeps) {
  const { repo, storage, audio } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async run(
      interactionId: string,
      { signal, niceness = 0 }: { signal?: AbortSignal; niceness?: number } = {},
    ): Promise<AudioBleepOutcome> {
      const row = await repo.load(interactionId);
      if (!row || !row.storageKey || row.durationSeconds === null || row.audioDeletedAt) {
        return 'no-audio';
      }
      if (!row.bleepAudio) return 'setting-off';
      if (row.bleepedAt) return 'already-bleeped';
      const ranges = bleepRanges(await repo.segments(interactionId), {
        durationSeconds: row.durationSeconds,
      });
      if (ranges.length === 0) return 'nothing-masked';

      const work = await mkdtemp(path.join(tmpdir(), 'fieldbot-bleep-'));
      try {
        const object = await storage.get(row.storageKey);
        if (!object) return 'no-audio';
        const input = path.join(work, 'original.mp3');
        const output = path.join(work, 'bleeped.mp3');
        await pipeline(object.body, createWriteStream(input), { signal });
        const run = { workDir: work, signal, niceness };
        await audio.bleep(input, output, ranges, run);
        const durationSeconds = await audio.durationSeconds(output, run);
        const peaks = await audio.peaks(output, peakCount(durationSeconds), durationSeconds, run);
        // The same key: the original is replaced, so no copy of the masked speech is left to serve.
        await storage.put(
          row.storageKey,
          createReadStream(output),
          row.contentType ?? 'audio/mpeg',
        );
        await repo.saveBleeped(
          interactionId,
          {
            sizeBytes: (await stat(output)).size,
            durationSeconds: Math.round(durationSeconds * 1000) / 1000,
            peaks,
          },
          now(),
        );
        return 'bleeped';
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

export type AudioBleepStep = ReturnType<typeof createAudioBleepStep>;

/** One ffmpeg job at a time per process, like the merge; failures go back to pg-boss to retry. */
export async function registerAudioBleepWorker(
  boss: PgBoss,
  step: AudioBleepStep,
  logger: Logger,
): Promise<void> {
  await drainingWorker<InteractionCompletedEvent>(
    boss,
    AUDIO_BLEEP_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 },
    async (job) => {
      const interactionId = job.data.interaction_id;
      const signal = AbortSignal.timeout(job.expireInSeconds * 1000);
      try {
        const outcome = await step.run(interactionId, {
          signal,
          niceness: nicenessOf(job.priority),
        });
        logger.info({ interactionId, outcome }, 'audio bleep');
      } catch (error) {
        logger.warn(
          { err: error, interactionId, attempt: job.retryCount + 1 },
          'audio bleep failed',
        );
        throw error;
      }
    },
  );
}
