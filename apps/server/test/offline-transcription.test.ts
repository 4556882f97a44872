import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  INTERACTION_MESSAGES,
  interactionDetailResponseSchema,
  type InteractionDetail,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createSpeechToText, TranscriptionError } from '../src/providers/transcription/index';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { insertFixtures, uploadFile, waitFor, type Fixtures } from './support/recordings';
import { HOOK_TIMEOUT_MS, SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

// Offline transcription, the default: the real pocketsphinx_continuous binary and the real
// pocketsphinx-en-us model (Debian packages) on a real speech clip. About 0.4 s of CPU per second
// of audio, so only the 6-second demo clip is used.

const demoAudio = (file: string) =>
  fileURLToPath(new URL(`../src/lib/demo-audio/${file}`, import.meta.url));
const CLIP = '08-sewer-camera-inspection.ogg';

interface Clip {
  file: string;
  duration: number;
  segments: { text: string }[];
}
let clip: Clip;
/** The words of the script the clip was synthesised from. */
let scriptWords: Set<string>;
const wordsOf = (text: string) => text.toLowerCase().match(/[a-z']+/g) ?? [];

beforeAll(async () => {
  const clips = JSON.parse(await readFile(demoAudio('clips.json'), 'utf8')) as { clips: Clip[] };
  clip = clips.clips.find((c) => c.file === CLIP)!;
  scriptWords = new Set(clip.segments.flatMap((s) => wordsOf(s.text)));
});

/** Rough but recognisable: most recognised words are words of the script, in ordered, bounded segments. */
function expectDraftOfClip(text: string, segments: { start: number; end: number }[]) {
  const recognised = wordsOf(text);
  expect(recognised.length).toBeGreaterThan(5);
  const known = recognised.filter((w) => scriptWords.has(w));
  // Measured 0.35–0.5 through the pipeline's MP3; a broken decoder or model gives ~0.
  expect(known.length / recognised.length, text).toBeGreaterThan(0.25);
  expect(known, text).toEqual(expect.arrayContaining(['forty', 'feet']));
  expect(segments.length).toBeGreaterThan(0);
  let previousEnd = 0;
  for (const segment of segments) {
    expect(segment.start).toBeGreaterThanOrEqual(previousEnd);
    expect(segment.end).toBeGreaterThanOrEqual(segment.start);
    previousEnd = segment.end;
  }
  expect(previousEnd).toBeLessThanOrEqual(clip.duration + 0.1);
}

describe('pocketsphinx provider (real binary and model)', () => {
  const config = loadConfig({ DATA_DIR: '/tmp/fieldbot-offline-stt-config' }).stt;

  it('is the engine when no transcription service is configured', () => {
    expect(config).toMatchObject({ engine: 'pocketsphinx', binaryPath: 'pocketsphinx_continuous' });
  });

  it(
    'transcribes a speech clip into timed segments within the clip',
    async () => {
      const stt = createSpeechToText(config);
      expect(stt.kind).toBe('pocketsphinx');
      const result = await stt.transcribe({
        file: demoAudio(CLIP),
        fileName: CLIP,
        contentType: 'audio/ogg',
      });
      expectDraftOfClip(
        result.text,
        result.segments.map((s) => ({ start: s.startSeconds, end: s.endSeconds })),
      );
      expect(result.segments.map((s) => s.text).join(' ')).toBe(result.text);
      expect(new Set(result.segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1']));
      // About 1.5 s of CPU; the time limit is for a machine shared with other work.
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('fails for good with a clear message when pocketsphinx is missing', async () => {
    if (config.engine !== 'pocketsphinx') throw new Error('pocketsphinx expected');
    const stt = createSpeechToText({ ...config, binaryPath: '/nonexistent/pocketsphinx' });
    const error = await stt
      .transcribe({ file: demoAudio(CLIP), fileName: CLIP, contentType: 'audio/ogg' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptionError);
    expect((error as TranscriptionError).message).toMatch(/pocketsphinx is not installed/);
    expect((error as TranscriptionError).retryable).toBe(false);
  });

  it("runs background work at the niceness it is given, and other work at the server's", async () => {
    if (config.engine !== 'pocketsphinx') throw new Error('pocketsphinx expected');
    // A stand-in for pocketsphinx that writes down the niceness it runs at. It waits first: the
    // priority is set just after the process starts.
    const dir = await mkdtemp(path.join(tmpdir(), 'fieldbot-nice-'));
    const binary = path.join(dir, 'fake-pocketsphinx');
    const report = path.join(dir, 'niceness');
    await writeFile(binary, `#!/bin/sh\nsleep 0.5\nnice > '${report}'\nexit 1\n`, { mode: 0o755 });
    const stt = createSpeechToText({ ...config, binaryPath: binary });
    const nicenessWhen = async (niceness: number) => {
      const input = { file: demoAudio(CLIP), fileName: CLIP, contentType: 'audio/ogg', niceness };
      await expect(stt.transcribe(input)).rejects.toThrow('The offline transcription failed.');
      return Number((await readFile(report, 'utf8')).trim());
    };
    try {
      expect(await nicenessWhen(19)).toBe(19);
      expect(await nicenessWhen(10)).toBe(10);
      expect(await nicenessWhen(0)).toBe(getPriority());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stops when the job is cancelled', async () => {
    const controller = new AbortController();
    const pending = createSpeechToText(config)
      .transcribe({
        file: demoAudio('01-ac-not-cooling.ogg'),
        fileName: 'long.ogg',
        contentType: 'audio/ogg',
        signal: controller.signal,
      })
      .catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 200);
    const error = await pending;
    expect(error).toBeInstanceOf(TranscriptionError);
    expect((error as TranscriptionError).message).toBe('The transcription was interrupted.');
  });
});

describe('a recording transcribed offline on the default configuration', () => {
  const t = useTestApp();
  let tech: ApiClient;
  let fx: Fixtures;
  beforeAll(async () => {
    tech = t.client();
    await tech.loginAs(DEMO.tech.email);
    fx = await t.inspect(insertFixtures);
  }, HOOK_TIMEOUT_MS);

  it(
    'completes with a draft transcript marked as made by pocketsphinx',
    async () => {
      const fileUrl = await uploadFile(
        tech,
        await readFile(demoAudio(CLIP)),
        'visit.ogg',
        'audio/ogg',
      );
      const body = {
        customer_id: fx.techCustomer,
        file_urls: [fileUrl],
        started_at: new Date().toISOString(),
        // The company's default consent method: the technician confirms the customer agreed.
        consent: { customer_agreed: true },
      };
      const created = await tech.post('/api/company/recordings', body);
      expect(created.status, created.text).toBe(200);
      const id = created.body.data.id as string;
      const detail = await waitFor(
        'the offline transcript',
        async () => {
          const res = await tech.get(`/api/company/interaction/${id}/field-recording`);
          expect(res.status, res.text).toBe(200);
          const data: InteractionDetail = interactionDetailResponseSchema.parse(res.body).data;
          return data.status === 'completed' ? data : undefined;
        },
        120_000,
      );
      expect(detail).toMatchObject({
        transcript_status: 'completed',
        transcript_error_message: null,
        transcript_engine: 'pocketsphinx',
      });
      expect(detail.transcript).not.toBe(INTERACTION_MESSAGES.noTranscriptionService);
      expectDraftOfClip(detail.transcript ?? '', detail.transcript_segments);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
