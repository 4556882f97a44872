import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleTranscription } from '../src/providers/transcription/openai-compatible';
import { createPocketsphinxTranscription } from '../src/providers/transcription/pocketsphinx';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { startFakeSttServer, type FakeSttServer } from './support/fake-stt-server';
import {
  insertFixtures,
  renderAudio,
  subscribeTestQueue,
  uploadFile,
  waitFor,
  type Fixtures,
} from './support/recordings';
import { HOOK_TIMEOUT_MS, SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

// Issue 27 §6: the company vocabulary reaches the speech-to-text engine, and a transcript made
// with one vocabulary is not reused for another. The measured effect is in eval/vocabulary/.

const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const CLIP = fileURLToPath(
  new URL('../src/lib/demo-audio/08-sewer-camera-inspection.ogg', import.meta.url),
);

let stt: FakeSttServer;
let dir: string;

beforeAll(async () => {
  stt = await startFakeSttServer();
  dir = await mkdtemp(path.join(tmpdir(), 'fieldbot-vocabulary-test-'));
});
afterAll(async () => {
  await stt.close();
  await rm(dir, { recursive: true, force: true });
});

describe('whisper (OpenAI-compatible) gets the vocabulary as its prompt', () => {
  it('sends the terms in the prompt field, and no prompt for an empty list', async () => {
    const file = path.join(dir, 'visit.mp3');
    await writeFile(file, await renderAudio('sine=duration=1', 'mp3'));
    const adapter = createOpenAiCompatibleTranscription({
      baseUrl: stt.baseUrl,
      apiKey: 'k',
      model: 'whisper-1',
      timeoutMs: 5000,
    });
    const send = (vocabulary?: string[]) =>
      adapter.transcribe({ file, fileName: 'visit.mp3', contentType: 'audio/mpeg', vocabulary });
    const before = stt.requests.length;
    await send(['PRV', 'recirc pump', ' Carrier Infinity ', 'prv']);
    await send([]);
    await send(undefined);
    const sent = stt.requests.slice(before);
    expect(sent.map((r) => r.prompt)).toEqual([
      'PRV, recirc pump, Carrier Infinity',
      undefined,
      undefined,
    ]);
    expect(sent.map((r) => 'prompt' in r)).toEqual([true, false, false]);
  });
});

describe('pocketsphinx learns the words its model lacks (a stand-in binary records its arguments)', () => {
  /** A pocketsphinx_continuous that saves its arguments and the vocabulary files, and "hears" PRV. */
  const fakeBinary = async () => {
    const record = await mkdtemp(path.join(dir, 'record-'));
    const binary = path.join(record, 'fake-pocketsphinx');
    await writeFile(
      binary,
      `#!/bin/sh
printf '%s\\n' "$@" > "${record}/args"
while [ $# -gt 0 ]; do
  if [ "$1" = "-lmctl" ]; then cp "$(dirname "$2")"/vocabulary.* "${record}/"; fi
  shift
done
printf '<s> 0.000 0.050 1.000\\nthe 0.100 0.300 0.9\\nprv 0.310 0.800 0.9\\n'
`,
    );
    await chmod(binary, 0o755);
    const engine = createPocketsphinxTranscription({
      binaryPath: binary,
      modelDir: MODEL_DIR,
      ffmpegPath: 'ffmpeg',
    });
    const transcribe = (vocabulary: string[]) =>
      engine.transcribe({ file: CLIP, fileName: 'c.ogg', contentType: 'audio/ogg', vocabulary });
    const args = async () => (await readFile(path.join(record, 'args'), 'utf8')).split('\n');
    const saved = (name: string) => readFile(path.join(record, name), 'utf8');
    return { transcribe, args, saved };
  };

  it('runs the default model when the list is empty', async () => {
    const fake = await fakeBinary();
    const result = await fake.transcribe([]);
    const args = await fake.args();
    expect(args).toEqual(expect.arrayContaining(['-lm', `${MODEL_DIR}/en-us.lm.bin`]));
    expect(args).toContain(`${MODEL_DIR}/cmudict-en-us.dict`);
    expect(args).not.toContain('-lmctl');
    expect(result.text).toBe('The prv');
  });

  it('runs the default model when every word is known already', async () => {
    const fake = await fakeBinary();
    await fake.transcribe(['compressor', 'water heater']);
    expect(await fake.args()).not.toContain('-lmctl');
  });

  it('adds the unknown words as classes, pronounces an acronym, and shows the company spelling', async () => {
    const fake = await fakeBinary();
    const result = await fake.transcribe(['compressor', 'run capacitor', 'PRV', 'recirc pump']);
    const args = await fake.args();
    expect(args).toContain('-lmctl');
    expect(args).not.toContain('-lm');
    expect(args[args.indexOf('-lmname') + 1]).toBe('default');
    // compressor, run and pump are in the model; recirc can't be pronounced.
    expect(await fake.saved('vocabulary.classdef')).toBe(
      'LMCLASS [v0]\ncapacitor\nEND [v0]\nLMCLASS [v1]\nprv\nEND [v1]\n',
    );
    expect(await fake.saved('vocabulary.lmctl')).toMatch(
      new RegExp(
        `^\\{ \\S+vocabulary\\.classdef \\}\\n${MODEL_DIR}/en-us\\.lm\\.bin default \\{ \\[v0\\] \\[v1\\] \\}\\n$`,
      ),
    );
    // The dictionary is the model's plus the made pronunciation ("capacitor" is in it already).
    const dict = await fake.saved('vocabulary.dict');
    expect(dict.startsWith(await readFile(`${MODEL_DIR}/cmudict-en-us.dict`, 'utf8'))).toBe(true);
    expect(dict.endsWith('\nprv P IY AA R V IY\n')).toBe(true);
    expect(result.text).toBe('The PRV');
  });

  it(
    'the real recogniser accepts the extended model and still transcribes',
    async () => {
      const engine = createPocketsphinxTranscription({
        binaryPath: 'pocketsphinx_continuous',
        modelDir: MODEL_DIR,
        ffmpegPath: 'ffmpeg',
      });
      const result = await engine.transcribe({
        file: CLIP,
        fileName: 'c.ogg',
        contentType: 'audio/ogg',
        vocabulary: ['root intrusion', 'PRV', 'tankless', 'run capacitor'],
      });
      // "The camera is in the main line. There is root intrusion at about forty feet."
      expect(result.text.toLowerCase()).toMatch(/forty feet/);
      expect(result.segments.length).toBeGreaterThan(0);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('the transcribe job passes the company vocabulary and keys its cache by it', () => {
  const env: Record<string, string> = {};
  beforeAll(() => {
    env.STT_BASE_URL = stt.baseUrl;
  });
  const t = useTestApp({ env });
  const ctx = {} as { tech: ApiClient; fx: Fixtures };
  beforeAll(async () => {
    ctx.tech = t.client();
    await ctx.tech.loginAs(DEMO.tech.email);
    await t.inspect(async (q) => {
      ctx.fx = await insertFixtures(q);
      await subscribeTestQueue(q);
    });
  }, HOOK_TIMEOUT_MS);

  const setVocabulary = (terms: string[]) =>
    t.inspect((q) => q(`UPDATE companies SET vocabulary = $1 WHERE id = $2`, [terms, ctx.fx.acme]));

  /** Records a 2-second tone and waits for its transcript; returns what the service was sent. */
  const record = async (frequency: number) => {
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
      consent: { customer_agreed: true },
    };
    const created = await ctx.tech.post('/api/company/recordings', body);
    expect(created.status, created.text).toBe(200);
    await waitFor('the recording to complete', async () => {
      const res = await ctx.tech.post('/api/company/recordings', body);
      return res.body.data.status === 'completed' ? true : undefined;
    });
    const number = created.body.data.interaction_id as string;
    return stt.requests.filter((r) => r.fileName === `${number}.mp3`);
  };

  it(
    'sends the company’s terms; equal audio reuses its transcript only under the same vocabulary',
    async () => {
      await setVocabulary(['PRV', 'recirc pump', 'Carrier Infinity']);
      const first = await record(811);
      expect(first.map((r) => r.prompt)).toEqual(['PRV, recirc pump, Carrier Infinity']);
      // The same audio and the same words: the cached transcript, no request.
      expect(await record(811)).toEqual([]);

      await setVocabulary(['PRV', 'condensate pump']);
      const changed = await record(811);
      expect(changed.map((r) => r.prompt)).toEqual(['PRV, condensate pump']);

      await setVocabulary([]);
      const none = await record(811);
      expect(none).toHaveLength(1);
      expect(none[0]!.prompt).toBeUndefined();
      // And back to the first list: its entry is still there.
      await setVocabulary(['PRV', 'recirc pump', 'Carrier Infinity']);
      expect(await record(811)).toEqual([]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
