import type PgBoss from 'pg-boss';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AudioDecodeError, AudioToolMissingError } from '../providers/audio/index.js';
import { TranscriptionError } from '../providers/transcription/index.js';
import { peakCount } from './audio-merge.js';
import {
  createPipelineSender,
  describeFailure,
  PipelineError,
  runPipelineJob,
  TRANSCRIBE_BACKGROUND_QUEUE,
  type PipelineJobData,
  type PipelineStepHandler,
} from './pipeline.js';

const logger = pino({ level: 'silent' });

function job(
  retryCount: number,
  retryLimit: number,
  name = 'transcribe',
): PgBoss.JobWithMetadata<PipelineJobData> {
  return {
    id: 'job-1',
    name,
    data: { interactionId: 'interaction-1', step: 'transcribe' },
    expireInSeconds: 60,
    createdOn: new Date(),
    retryCount,
    retryLimit,
  } as PgBoss.JobWithMetadata<PipelineJobData>;
}

function handler(error?: unknown) {
  const failures: string[] = [];
  const step: PipelineStepHandler = {
    run: async () => {
      if (error) throw error;
    },
    fail: async (_id, message) => {
      failures.push(message);
    },
    fallbackMessage: 'Something internal broke.',
    expiredMessage: 'Too slow.',
  };
  return { step, failures };
}

describe('runPipelineJob', () => {
  it('gives a retryable failure back to pg-boss while attempts remain', async () => {
    const error = new TranscriptionError('The transcription service failed (HTTP 500).', true);
    const { step, failures } = handler(error);
    await expect(runPipelineJob(job(0, 2), step, logger)).rejects.toBe(error);
    await expect(runPipelineJob(job(1, 2), step, logger)).rejects.toBe(error);
    expect(failures).toEqual([]);
  });

  it('writes the message on the last attempt instead of throwing', async () => {
    const { step, failures } = handler(
      new TranscriptionError('The transcription service failed (HTTP 500).', true),
    );
    await runPipelineJob(job(2, 2), step, logger);
    expect(failures).toEqual(['The transcription service failed (HTTP 500).']);
  });

  it('does not retry what no retry can fix', async () => {
    const { step, failures } = handler(new AudioToolMissingError());
    await runPipelineJob(job(0, 5), step, logger);
    expect(failures).toEqual(['Audio processing is unavailable: ffmpeg is not installed.']);
  });

  it('shows the step’s own sentence for unexpected errors, never their text', async () => {
    const { step, failures } = handler(new Error('connection terminated unexpectedly'));
    await runPipelineJob(job(0, 0), step, logger);
    expect(failures).toEqual(['Something internal broke.']);
  });

  it('writes nothing when the step succeeds', async () => {
    const { step, failures } = handler();
    await runPipelineJob(job(0, 2), step, logger);
    expect(failures).toEqual([]);
  });

  it('runs a job’s child processes at the niceness of its place in line', async () => {
    const seen: number[] = [];
    const step: PipelineStepHandler = {
      ...handler().step,
      run: async (_id, _signal, { niceness }) => {
        seen.push(niceness);
      },
    };
    // A recording (1), a company's first synced call (0), its third (−2).
    for (const priority of [1, 0, -2]) {
      await runPipelineJob({ ...job(0, 2, TRANSCRIBE_BACKGROUND_QUEUE), priority }, step, logger);
    }
    expect(seen).toEqual([0, 10, 19]);
  });
});

describe('describeFailure', () => {
  it.each([
    [new PipelineError('Part of the recording is missing.', true), true],
    [new PipelineError('The call has no recording to download.', false), false],
    [new TranscriptionError('No transcription service configured', false), false],
    [new AudioDecodeError('The recording could not be converted.', 'moov atom not found'), true],
  ])('keeps the message of %o', (error, retryable) => {
    expect(describeFailure(error, 'fallback')).toEqual({ message: error.message, retryable });
  });
});

describe('peakCount', () => {
  it('draws 20 peaks a second, at least one and at most AUDIO_PEAKS_MAX', () => {
    expect(peakCount(0)).toBe(1);
    expect(peakCount(0.01)).toBe(1);
    expect(peakCount(6.02)).toBe(121);
    expect(peakCount(60)).toBe(1200);
    expect(peakCount(3600)).toBe(2000);
  });
});

describe('pipeline queue order', () => {
  function sender() {
    const sent: { name: string; step: string; options: PgBoss.SendOptions }[] = [];
    const boss = {
      send: async (name: string, data: PipelineJobData, options: PgBoss.SendOptions) => {
        sent.push({ name, step: data.step, options });
        return 'job';
      },
      insert: async (jobs: (PgBoss.SendOptions & { name: string; data: PipelineJobData })[]) => {
        for (const { name, data, ...options } of jobs)
          sent.push({ name, step: data.step, options });
      },
    } as unknown as PgBoss;
    const config = {
      retryLimit: 2,
      retryDelaySeconds: 1,
      jobTimeoutSeconds: 60,
      sttChunkSeconds: 600,
      sttPiecesAtOnce: 2,
      callDownloadTimeoutMs: 1000,
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
    };
    return { queue: createPipelineSender(boss, config), sent };
  }

  it('puts recordings first, then every company’s n-th synced call before anyone’s n+1-th', async () => {
    const { queue, sent } = sender();
    await queue.transcribe('recording');
    await queue.transcribe('a-1', { background: true, turn: 1 });
    await queue.transcribe('a-3', { background: true, turn: 3 });
    await queue.transcribe('b-1', { background: true, turn: 1 });
    await queue.transcribe('no-turn', { background: true });
    // Synced calls wait in a queue of their own, with its own workers; all run the transcribe step.
    expect(sent.map((s) => [s.name, s.step, s.options.priority])).toEqual([
      ['transcribe', 'transcribe', 1],
      ['transcribe-background', 'transcribe', 0],
      ['transcribe-background', 'transcribe', -2],
      ['transcribe-background', 'transcribe', 0],
      ['transcribe-background', 'transcribe', 0],
    ]);
  });

  it('merges and downloads what a person waits for ahead of a sync’s calls', async () => {
    const { queue, sent } = sender();
    await queue.mergeRecording('recording');
    await queue.merge('synced-call');
    await queue.downloadCall('asked-again');
    await queue.downloadCall('synced-call', 'sync-job-id');
    expect(sent.map((s) => [s.name, s.options.id, s.options.priority ?? 0])).toEqual([
      ['audio-merge', 'recording', 1],
      ['audio-merge', undefined, 0],
      ['call-download', undefined, 1],
      ['call-download', 'sync-job-id', 0],
    ]);
  });

  it('downloads and merges a sync’s calls in every company’s turn', async () => {
    const { queue, sent } = sender();
    const calls = (company: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        interactionId: `${company}-${i + 1}`,
        jobId: `${company}-${i + 1}`,
      }));
    // A's first sync queues three calls, then B's queues one: B's first ties A's first.
    await queue.downloadCalls(calls('a', 3), { firstTurn: 1 });
    await queue.downloadCalls(calls('b', 1), { firstTurn: 1 });
    // A later page of A's sync continues its line.
    await queue.downloadCalls(
      calls('a', 1).map((c) => ({ ...c, jobId: 'a-4' })),
      {
        firstTurn: 4,
      },
    );
    await queue.merge('a-1', { turn: 2 });
    await queue.merge('b-1', { turn: 1 });
    expect(sent.map((s) => [s.name, s.options.id, s.options.priority ?? 0])).toEqual([
      ['call-download', 'a-1', 0],
      ['call-download', 'a-2', -1],
      ['call-download', 'a-3', -2],
      ['call-download', 'b-1', 0],
      ['call-download', 'a-4', -3],
      ['audio-merge', undefined, -1],
      ['audio-merge', undefined, 0],
    ]);
  });
});
