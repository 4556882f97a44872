import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioBleepStep } from '../src/jobs/audio-bleep';
import { peakCount } from '../src/jobs/audio-merge';
import type { AudioBleepRepo } from '../src/modules/privacy-settings';
import { createFfmpegAudio } from '../src/providers/audio/ffmpeg-audio';
import { createLocalStorage } from '../src/providers/storage/local-storage';
import type { StorageProvider } from '../src/providers/storage';

/**
 * The audio-bleep job with real ffmpeg and storage: where the transcript shows a mask the
 * recording becomes a 1 kHz tone, the rest stays the 440 Hz it was; a second run changes nothing.
 */
const exec = promisify(execFile);
const audio = createFfmpegAudio({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
const RATE = 8000;
const KEY = 'audio/company-1/interaction-1.mp3';
let dir: string;
let storage: StorageProvider;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fieldbot-bleep-test-'));
  storage = createLocalStorage({
    root: path.join(dir, 'uploads'),
    appUrl: 'http://localhost',
    maxBytes: 50_000_000,
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A 4 s 440 Hz recording, merged as the pipeline merges (MP3, mono, 64 kb/s), in storage. */
async function storeRecording(): Promise<void> {
  const wav = path.join(dir, 'visit.wav');
  await exec('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=4',
    '-ac',
    '1',
    wav,
  ]);
  const mp3 = path.join(dir, 'merged.mp3');
  await audio.mergeToMp3([wav], mp3, { workDir: dir });
  await storage.put(KEY, await readFile(mp3), 'audio/mpeg');
}

async function storedBytes(): Promise<Buffer> {
  const object = await storage.get(KEY);
  const parts: Buffer[] = [];
  for await (const part of object!.body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The stored file decoded to mono 8 kHz samples. */
async function samples(bytes: Buffer): Promise<Int16Array> {
  const file = path.join(dir, `decode-${Math.random().toString(36).slice(2)}.mp3`);
  await writeFile(file, bytes);
  const { stdout } = await exec(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 2));
}

/** Frequency (from zero crossings) and loudness (RMS) of [from, to) seconds. */
function measure(pcm: Int16Array, from: number, to: number) {
  const part = pcm.subarray(Math.round(from * RATE), Math.round(to * RATE));
  let crossings = 0;
  let energy = 0;
  for (let i = 0; i < part.length; i++) {
    energy += part[i]! * part[i]!;
    if (i > 0 && part[i - 1]! < 0 !== part[i]! < 0) crossings++;
  }
  return { hz: crossings / 2 / (to - from), rms: Math.sqrt(energy / part.length) };
}

function fakeRepo(state: { bleepAudio: boolean; text: string }) {
  const saved: { sizeBytes: number; durationSeconds: number; peaks: number[]; at: Date }[] = [];
  let bleepedAt: Date | null = null;
  const repo: AudioBleepRepo = {
    load: async (id) => ({
      id,
      companyId: 'company-1',
      bleepAudio: state.bleepAudio,
      bleepedAt,
      audioDeletedAt: null,
      storageKey: KEY,
      contentType: 'audio/mpeg',
      durationSeconds: 4,
    }),
    segments: async () => [{ start: 0, end: 4, text: state.text }],
    saveBleeped: async (_id, values, at) => {
      saved.push({ ...values, at });
      bleepedAt ??= at;
    },
  };
  return { repo, saved };
}

// 40 characters over 4 s: the mask (characters 10–20) is 1 s–2 s, bleeped 0.75 s–2.25 s.
const MASKED = `Number is ${'•'.repeat(10)} thanks`.padEnd(40, '.');

describe('audio-bleep', () => {
  it('replaces the masked stretch with a 1 kHz tone, keeps the rest, and runs once', async () => {
    expect(MASKED).toHaveLength(40);
    await storeRecording();
    const original = await samples(await storedBytes());
    const { repo, saved } = fakeRepo({ bleepAudio: true, text: MASKED });
    const at = new Date('2026-12-07T10:00:00Z');
    const step = createAudioBleepStep({ repo, storage, audio, now: () => at });

    expect(await step.run('interaction-1')).toBe('bleeped');
    const bytes = await storedBytes();
    const bleeped = await samples(bytes);
    expect(bleeped.length).toBeGreaterThan(original.length * 0.98);
    expect(bleeped.length).toBeLessThan(original.length * 1.02);

    const tone = measure(bleeped, 1.0, 2.0);
    expect(tone.hz).toBeGreaterThan(950);
    expect(tone.hz).toBeLessThan(1050);
    // No 440 Hz left under the tone: its loudness is the tone's, not the tone's plus the speech.
    expect(Math.abs(tone.rms - measure(bleeped, 1.2, 1.8).rms)).toBeLessThan(tone.rms * 0.1);
    for (const [from, to] of [
      [0.1, 0.6],
      [2.5, 3.8],
    ] as const) {
      const before = measure(original, from, to);
      const after = measure(bleeped, from, to);
      expect(after.hz).toBeCloseTo(440, -1);
      expect(Math.abs(after.rms - before.rms)).toBeLessThan(before.rms * 0.1);
    }

    expect(saved).toHaveLength(1);
    expect(saved[0]!.at).toEqual(at);
    expect(saved[0]!.durationSeconds).toBeCloseTo(4, 1);
    expect(saved[0]!.peaks).toHaveLength(peakCount(saved[0]!.durationSeconds));
    // The waveform shows the louder tone where the bleep is.
    expect(saved[0]!.peaks[30]!).toBeGreaterThan(saved[0]!.peaks[70]! + 0.1);

    // Already bleeped: nothing runs again, the file stays as it is.
    expect(await step.run('interaction-1')).toBe('already-bleeped');
    expect((await storedBytes()).equals(bytes)).toBe(true);
    expect(saved).toHaveLength(1);
  });

  it('leaves the audio alone when the setting is off or nothing was masked', async () => {
    await storeRecording();
    const bytes = await storedBytes();
    const off = fakeRepo({ bleepAudio: false, text: MASKED });
    expect(await createAudioBleepStep({ repo: off.repo, storage, audio }).run('i')).toBe(
      'setting-off',
    );
    const clean = fakeRepo({ bleepAudio: true, text: 'Job 4417203398 is the furnace swap.' });
    expect(await createAudioBleepStep({ repo: clean.repo, storage, audio }).run('i')).toBe(
      'nothing-masked',
    );
    expect((await storedBytes()).equals(bytes)).toBe(true);
    expect([...off.saved, ...clean.saved]).toEqual([]);
  });
});
