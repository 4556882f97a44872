import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, AudioToolMissingError, FFMPEG_MISSING_MESSAGE } from './audio-tools.js';
import { createFfmpegAudio } from './ffmpeg-audio.js';

const exec = promisify(execFile);
const audio = createFfmpegAudio({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fieldbot-audio-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Renders an ffmpeg lavfi source (e.g. 'sine=frequency=440:duration=2') to a file. */
async function render(source: string, name: string, codec: string[]): Promise<string> {
  const file = path.join(dir, name);
  await exec('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    '-ac',
    '1',
    ...codec,
    file,
  ]);
  return file;
}

describe('ffmpeg audio tools', () => {
  it('joins MediaRecorder-style continuation chunks (one stream cut in pieces) into one MP3', async () => {
    const whole = await render('sine=frequency=440:duration=6', 'whole.webm', ['-c:a', 'libopus']);
    const bytes = await readFile(whole);
    // Only the first piece carries the WebM header, as with MediaRecorder's timeslice chunks.
    const cuts = [
      0,
      Math.floor(bytes.length / 3),
      Math.floor((bytes.length * 2) / 3),
      bytes.length,
    ];
    const chunks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const chunk = path.join(dir, `timeslice-${i}.webm`);
      await writeFile(chunk, bytes.subarray(cuts[i], cuts[i + 1]));
      chunks.push(chunk);
    }
    const output = path.join(dir, 'timeslice.mp3');
    await audio.mergeToMp3(chunks, output, { workDir: dir });
    const seconds = await audio.durationSeconds(output);
    expect(seconds).toBeGreaterThan(5.5);
    expect(seconds).toBeLessThan(6.5);
    // 64 kb/s CBR: 8,000 bytes a second (give or take the header and padding).
    expect((await stat(output)).size).toBeGreaterThan(6 * 8000 * 0.9);
    expect((await stat(output)).size).toBeLessThan(6 * 8000 * 1.2);
    const { stdout } = await exec('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,channels',
      '-of',
      'csv=p=0',
      output,
    ]);
    expect(stdout.trim()).toBe('mp3,1');
  });

  it('joins chunks that are whole files of their own (any format), in order: silence then tone', async () => {
    const quiet = await render('anullsrc=r=44100:cl=mono', 'quiet.wav', ['-t', '2']);
    const tone = await render('sine=frequency=300:duration=2', 'tone.ogg', [
      '-af',
      'volume=4',
      '-c:a',
      'libvorbis',
    ]);
    const output = path.join(dir, 'files.mp3');
    await audio.mergeToMp3([quiet, tone], output, { workDir: dir });
    const seconds = await audio.durationSeconds(output);
    expect(seconds).toBeGreaterThan(3.5);
    expect(seconds).toBeLessThan(4.5);

    const peaks = await audio.peaks(output, 80, seconds);
    expect(peaks).toHaveLength(80);
    for (const value of peaks) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
      expect(Math.round(value * 100) / 100).toBe(value);
    }
    // The first half is silence, the second a sine at half of full scale (sine's 1/8 × 4).
    expect(Math.max(...peaks.slice(0, 35))).toBeLessThanOrEqual(0.02);
    for (const value of peaks.slice(45)) {
      expect(value).toBeGreaterThan(0.4);
      expect(value).toBeLessThan(0.6);
    }
  });

  it('cuts an MP3 into pieces of at most N seconds with their start times', async () => {
    const source = await render('sine=frequency=500:duration=10', 'long.mp3', [
      '-c:a',
      'libmp3lame',
    ]);
    const workDir = await mkdtemp(path.join(dir, 'split-'));
    const pieces = await audio.splitMp3(source, 4, { workDir });
    expect(pieces).toHaveLength(3);
    expect(pieces[0]!.startSeconds).toBe(0);
    expect(pieces[1]!.startSeconds).toBeCloseTo(4, 0);
    expect(pieces[2]!.startSeconds).toBeCloseTo(8, 0);
    const last = await audio.durationSeconds(pieces[2]!.file);
    expect(last).toBeGreaterThan(1.5);
    expect(last).toBeLessThan(2.5);
  });

  it('refuses data that is not audio with a sentence a user can read', async () => {
    const junk = path.join(dir, 'junk.webm');
    await writeFile(junk, 'this is not audio at all');
    const error = await audio
      .mergeToMp3([junk], path.join(dir, 'junk.mp3'), { workDir: dir })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as Error).message).toBe(
      'The recording could not be converted: its audio data is unreadable.',
    );
  });

  it('reads uploaded chunks as audio files only: a playlist in disguise fetches nothing', async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.end('#EXTM3U');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const playlist = path.join(dir, 'playlist.webm');
      await writeFile(
        playlist,
        `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:${port}/internal.ts\n#EXT-X-ENDLIST\n`,
      );
      const script = path.join(dir, 'script.webm');
      await writeFile(script, 'ffconcat version 1.0\nfile /etc/hostname\n');
      for (const chunks of [[playlist], [script]]) {
        const error = await audio
          .mergeToMp3(chunks, path.join(dir, 'evil.mp3'), { workDir: dir })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AudioDecodeError);
      }
      // Behind a real first chunk it is only trailing bytes: ignored, still nothing fetched.
      const ok = await render('sine=duration=1', 'ok.wav', []);
      await audio.mergeToMp3([ok, playlist], path.join(dir, 'evil.mp3'), { workDir: dir });
      expect(requests).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('names a missing ffmpeg or ffprobe instead of failing obscurely', async () => {
    const missing = createFfmpegAudio({
      ffmpegPath: path.join(dir, 'no-such-ffmpeg'),
      ffprobePath: path.join(dir, 'no-such-ffprobe'),
    });
    const tone = await render('sine=duration=1', 'one.wav', []);
    for (const attempt of [
      missing.mergeToMp3([tone], path.join(dir, 'x.mp3'), { workDir: dir }),
      missing.durationSeconds(tone),
    ]) {
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AudioToolMissingError);
      expect((error as Error).message).toBe(FFMPEG_MISSING_MESSAGE);
    }
  });
});
