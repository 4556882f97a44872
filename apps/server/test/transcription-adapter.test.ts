import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INTERACTION_MESSAGES } from '@fieldbot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNoTranscription } from '../src/providers/transcription/no-transcription';
import { createOpenAiCompatibleTranscription } from '../src/providers/transcription/openai-compatible';
import { TranscriptionError } from '../src/providers/transcription/speech-to-text';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { FAKE_SEGMENTS, startFakeSttServer, type FakeSttServer } from './support/fake-stt-server';
import {
  insertFixtures,
  publishedEvents,
  renderAudio,
  subscribeTestQueue,
  uploadFile,
  waitFor,
  type Fixtures,
} from './support/recordings';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  useTestApp,
  type TestApp,
} from './support/test-app';

let stt: FakeSttServer;
let dir: string;
let audioFile: string;

beforeAll(async () => {
  stt = await startFakeSttServer();
  dir = await mkdtemp(path.join(tmpdir(), 'fieldbot-stt-test-'));
  audioFile = path.join(dir, 'visit.mp3');
  await writeFile(audioFile, await renderAudio('sine=duration=2', 'mp3'));
});
afterAll(async () => {
  await stt.close();
  await rm(dir, { recursive: true, force: true });
});

/** The adapter's failure for the next reply (`undefined` when it succeeds). */
async function failureOf(
  adapter = createOpenAiCompatibleTranscription({
    baseUrl: stt.baseUrl,
    apiKey: 'k',
    model: 'whisper-1',
    // Long enough for a loaded CI machine to get a quick reply, short enough for the hang case.
    timeoutMs: 1000,
  }),
) {
  const error = await adapter
    .transcribe({ file: audioFile, fileName: 'visit.mp3', contentType: 'audio/mpeg' })
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(TranscriptionError);
  return error as TranscriptionError;
}

describe('OpenAI-compatible transcription adapter (against a local server speaking that API)', () => {
  it('sends the audio as multipart verbose_json and reads timed segments', async () => {
    const adapter = createOpenAiCompatibleTranscription({
      baseUrl: stt.baseUrl,
      apiKey: 'sk-local',
      model: 'whisper-large-v3',
      timeoutMs: 5000,
    });
    stt.script({ kind: 'ok' });
    const before = stt.requests.length;
    const result = await adapter.transcribe({
      file: audioFile,
      fileName: 'R-000123.mp3',
      contentType: 'audio/mpeg',
    });
    expect(stt.requests.slice(before)).toEqual([
      {
        authorization: 'Bearer sk-local',
        model: 'whisper-large-v3',
        responseFormat: 'verbose_json',
        granularities: ['segment'],
        fileName: 'R-000123.mp3',
        fileType: 'audio/mpeg',
        fileBytes: expect.any(Number),
        reply: 'ok',
      },
    ]);
    expect(stt.requests.at(-1)!.fileBytes).toBeGreaterThan(10_000);
    expect(result).toEqual({
      text: FAKE_SEGMENTS.map((s) => s.text)
        .join('')
        .trim(),
      segments: FAKE_SEGMENTS.map((s) => ({
        startSeconds: s.start,
        endSeconds: s.end,
        speaker: 'Speaker 1',
        text: s.text.trim(),
      })),
    });
  });

  it('numbers the speakers a diarizing service names, in order of appearance', async () => {
    stt.script({
      kind: 'ok',
      segments: [
        { start: 0, end: 1, text: 'Hello.', speaker: 'SPEAKER_07' },
        { start: 1, end: 2, text: '  ', speaker: 'SPEAKER_03' },
        { start: 2, end: 3, text: 'Hi there.', speaker: 'SPEAKER_03' },
        { start: 3, end: 4, text: 'So, the boiler.', speaker: 'SPEAKER_07' },
      ],
    });
    const adapter = createOpenAiCompatibleTranscription({
      baseUrl: stt.baseUrl,
      apiKey: undefined,
      model: 'm',
      timeoutMs: 5000,
    });
    const result = await adapter.transcribe({
      file: audioFile,
      fileName: 'a.mp3',
      contentType: 'audio/mpeg',
    });
    expect(stt.requests.at(-1)!.authorization).toBeUndefined();
    expect(result.segments.map((s) => [s.speaker, s.text])).toEqual([
      ['Speaker 1', 'Hello.'],
      ['Speaker 2', 'Hi there.'],
      ['Speaker 1', 'So, the boiler.'],
    ]);
  });

  it.each([
    [{ kind: 'hang' } as const, 'The transcription service did not answer within 1 second.', true],
    [
      { kind: 'status', status: 429 } as const,
      'The transcription service is over its rate limit (HTTP 429).',
      true,
    ],
    [
      { kind: 'status', status: 500 } as const,
      'The transcription service failed (HTTP 500).',
      true,
    ],
    [
      { kind: 'status', status: 502, body: '<html>Bad gateway</html>' } as const,
      'The transcription service failed (HTTP 502).',
      true,
    ],
    [
      { kind: 'malformed' } as const,
      'The transcription service sent an answer that is not a valid transcript.',
      true,
    ],
    [
      { kind: 'status', status: 401 } as const,
      'The transcription service refused the API key (HTTP 401).',
      false,
    ],
    [
      {
        kind: 'status',
        status: 400,
        body: JSON.stringify({ error: { message: 'Audio file is too short.' } }),
      } as const,
      'The transcription service rejected the audio (HTTP 400: Audio file is too short.).',
      false,
    ],
  ])('turns %o into a sentence and says whether to retry', async (reply, message, retryable) => {
    stt.script(reply);
    const error = await failureOf();
    expect(error.message).toBe(message);
    expect(error.retryable).toBe(retryable);
  });

  it('reports an unreachable service as retryable', async () => {
    const error = await failureOf(
      createOpenAiCompatibleTranscription({
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKey: undefined,
        model: 'm',
        timeoutMs: 2000,
      }),
    );
    expect(error.message).toBe('The transcription service could not be reached.');
    expect(error.retryable).toBe(true);
  });

  it('without a service, fails at once and for good', async () => {
    const error = await failureOf(createNoTranscription());
    expect(error.message).toBe(INTERACTION_MESSAGES.noTranscriptionService);
    expect(error.retryable).toBe(false);
  });
});

/** Logs the technician in and inserts a customer with their job; returns what tests need. */
function usePipelineApp(t: TestApp) {
  const ctx = {} as { tech: ApiClient; fx: Fixtures };
  beforeAll(async () => {
    ctx.tech = t.client();
    await ctx.tech.loginAs(DEMO.tech.email);
    await t.inspect(async (q) => {
      ctx.fx = await insertFixtures(q);
      await subscribeTestQueue(q);
    });
  }, HOOK_TIMEOUT_MS);
  let tones = 0;
  /**
   * Records a 2-second visit and waits until the interaction is completed; returns it. Each call
   * gets a tone of its own unless `frequency` is given: equal audio reuses its transcript.
   */
  const record = async (frequency = 300 + 10 * tones++) => {
    const fileUrl = await uploadFile(
      ctx.tech,
      await renderAudio(`sine=frequency=${frequency}:duration=2`, 'wav'),
      'visit.wav',
      'audio/wav',
    );
    const body = {
      customer_id: ctx.fx.techCustomer,
      file_urls: [fileUrl],
      started_at: new Date().toISOString(),
      // The company's default consent method: the technician confirms the customer agreed.
      consent: { customer_agreed: true },
    };
    const started = Date.now();
    const created = await ctx.tech.post('/api/company/recordings', body);
    expect(created.status, created.text).toBe(200);
    await waitFor('the recording to complete', async () => {
      const res = await ctx.tech.post('/api/company/recordings', body);
      return res.body.data.status === 'completed' ? true : undefined;
    });
    return {
      id: created.body.data.id as string,
      number: created.body.data.interaction_id as string,
      seconds: (Date.now() - started) / 1000,
    };
  };
  /** One database read for several interactions (on PGlite each read restarts the server). */
  const transcriptStates = (ids: string[]) =>
    t.inspect(async (q) => {
      const states = [];
      for (const id of ids) {
        const [row] = await q(
          `SELECT status, transcript_status, transcript_error_message, transcript_text
           FROM interactions WHERE id = $1`,
          [id],
        );
        const segments = await q(`SELECT text FROM transcript_segments WHERE interaction_id = $1`, [
          id,
        ]);
        const events = await publishedEvents(q, id);
        states.push({ ...row, segments: segments.length, events: events.length });
      }
      return states;
    });
  return { record, transcriptStates };
}

describe('transcription failures in the pipeline: retried, then a transcript error', () => {
  const env: Record<string, string> = {
    PIPELINE_RETRY_LIMIT: '2',
    PIPELINE_RETRY_DELAY_SECONDS: '0',
    STT_TIMEOUT_SECONDS: '2',
  };
  beforeAll(() => {
    env.STT_BASE_URL = stt.baseUrl;
  });
  const t = useTestApp({ env });
  const { record, transcriptStates } = usePipelineApp(t);

  it(
    'retries 429, 500, timeouts and malformed answers, and keeps the last message when all fail',
    async () => {
      const attempts = (number: string) =>
        stt.requests.filter((r) => r.fileName === `${number}.mp3`).map((r) => r.reply);

      stt.script({ kind: 'status', status: 429 }, { kind: 'status', status: 500 });
      const recovered = await record();
      expect(attempts(recovered.number)).toEqual(['status', 'status', 'ok']);

      stt.fallback = { kind: 'status', status: 500 };
      const failing = await record();
      expect(attempts(failing.number)).toEqual(['status', 'status', 'status']);

      stt.script({ kind: 'hang' }, { kind: 'malformed' }, { kind: 'hang' });
      const timingOut = await record();
      stt.fallback = { kind: 'ok' };
      expect(attempts(timingOut.number)).toEqual(['hang', 'malformed', 'hang']);

      const [ok, failed, timedOut] = await transcriptStates([
        recovered.id,
        failing.id,
        timingOut.id,
      ]);
      expect(ok).toMatchObject({
        status: 'completed',
        transcript_status: 'completed',
        transcript_error_message: null,
        segments: FAKE_SEGMENTS.length,
        events: 1,
      });
      expect(failed).toEqual({
        status: 'completed',
        transcript_status: 'error',
        transcript_error_message: 'The transcription service failed (HTTP 500).',
        transcript_text: null,
        segments: 0,
        events: 0,
      });
      expect(timedOut).toEqual({
        status: 'completed',
        transcript_status: 'error',
        transcript_error_message: 'The transcription service did not answer within 2 seconds.',
        transcript_text: null,
        segments: 0,
        events: 0,
      });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'sends audio equal to audio already transcribed to the service once, and reuses its transcript',
    async () => {
      const sent = (number: string) =>
        stt.requests.filter((r) => r.fileName === `${number}.mp3`).length;
      const first = await record(1234);
      const again = await record(1234);
      expect(sent(first.number)).toBe(1);
      expect(sent(again.number)).toBe(0);
      const [made, reused] = await transcriptStates([first.id, again.id]);
      expect(made).toMatchObject({
        status: 'completed',
        transcript_status: 'completed',
        segments: FAKE_SEGMENTS.length,
        events: 1,
      });
      // The same transcript, and the same completion: interaction.completed is published for both.
      expect(reused).toEqual(made);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('no transcription service configured (STT_ENGINE=none)', () => {
  // Retries 30 s apart: a transcript error within seconds shows there was no retry.
  const t = useTestApp({
    env: { STT_ENGINE: 'none', PIPELINE_RETRY_LIMIT: '3', PIPELINE_RETRY_DELAY_SECONDS: '30' },
  });
  const { record, transcriptStates } = usePipelineApp(t);

  it(
    'ends the transcript at once with "No transcription service configured"',
    async () => {
      const requestsBefore = stt.requests.length;
      const recording = await record();
      expect(recording.seconds).toBeLessThan(25);
      const [state] = await transcriptStates([recording.id]);
      expect(state).toEqual({
        status: 'completed',
        transcript_status: 'error',
        transcript_error_message: INTERACTION_MESSAGES.noTranscriptionService,
        transcript_text: null,
        segments: 0,
        events: 0,
      });
      expect(stt.requests.length).toBe(requestsBefore);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
