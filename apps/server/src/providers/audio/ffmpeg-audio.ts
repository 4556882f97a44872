import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { niceChild } from '../../lib/child-priority.js';
import {
  AudioDecodeError,
  AudioToolMissingError,
  type AudioPiece,
  type AudioTools,
  type RunOptions,
} from './audio-tools.js';

/** The stored audio's encoding (merge and bleep alike): mono 64 kb/s MP3 without metadata. */
const MONO_MP3_OUTPUT = [
  '-map_metadata',
  '-1',
  '-ac',
  '1',
  '-c:a',
  'libmp3lame',
  '-b:a',
  '64k',
  '-f',
  'mp3',
];

export interface FfmpegPaths {
  ffmpegPath: string;
  ffprobePath: string;
}

/** Sample rate of the PCM decoded for peaks: plenty for a waveform, 1/6 of the work of 48 kHz. */
const PEAKS_SAMPLE_RATE = 8000;
const UNREADABLE = 'The recording could not be converted: its audio data is unreadable.';
/** Sample rate of the PCM that independent chunk files are decoded to before joining. */
const JOIN_SAMPLE_RATE = 48000;
/** The bleep: a 1 kHz tone (the broadcast censor's), at about −9 dBFS (sine's 1/8 amplitude × 3). */
const BLEEP_FREQUENCY = 1000;
const BLEEP_GAIN = 3;

/** An ffmpeg expression true inside any of the ranges (seconds, 3 decimals). */
function withinRanges(ranges: readonly { start: number; end: number }[]): string {
  return ranges.map((r) => `between(t,${r.start.toFixed(3)},${r.end.toFixed(3)})`).join('+');
}

/**
 * Input options for files users uploaded. ffmpeg detects formats by content, not by name, so a
 * "chunk" could be an HLS playlist or a concat script that makes ffmpeg fetch URLs (SSRF) or open
 * local files. Only local files, and only the demuxers of the audio types we accept.
 */
const UNTRUSTED_INPUT = [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  'matroska,webm,mov,mp4,m4a,3gp,mp3,ogg,wav,aac,flac',
];

type RunWithOutput = RunOptions & { onStdout?: (chunk: Buffer) => void };

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a tool to completion. `onStdout` receives raw output instead of collecting it (PCM streams).
 * A missing binary (ENOENT) becomes AudioToolMissingError.
 */
function run(command: string, args: string[], options: RunWithOutput = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
    });
    niceChild(child, options.niceness);
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.onStdout) options.onStdout(chunk);
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the tail matters for diagnosis; long inputs can print a lot.
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new AudioToolMissingError() : error);
    });
    child.on('close', (code) => {
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: err.trim() });
    });
  });
}

export function createFfmpegAudio(paths: FfmpegPaths): AudioTools {
  const { ffmpegPath, ffprobePath } = paths;
  const ffmpeg = async (args: string[], options: RunWithOutput = {}) => {
    const result = await run(
      ffmpegPath,
      ['-hide_banner', '-nostdin', '-v', 'error', ...args],
      options,
    );
    if (result.code !== 0) throw new AudioDecodeError(UNREADABLE, result.stderr);
    return result;
  };

  /** True when the file decodes on its own (has its container header and an audio stream). */
  const isWholeFile = async (file: string, options: RunOptions) => {
    const result = await run(
      ffprobePath,
      [
        '-v',
        'error',
        ...UNTRUSTED_INPUT,
        '-select_streams',
        'a:0',
        '-show_entries',
        'stream=codec_name',
        '-of',
        'csv=p=0',
        file,
      ],
      options,
    );
    return result.code === 0 && result.stdout.trim() !== '';
  };

  const concatenateBytes = async (chunks: readonly string[], target: string) => {
    const out = createWriteStream(target);
    for (const chunk of chunks) await pipeline(createReadStream(chunk), out, { end: false });
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  };

  return {
    async mergeToMp3(chunks, output, options) {
      if (chunks.length === 0) throw new AudioDecodeError(UNREADABLE, 'no chunks');
      const workDir = options.workDir ?? (await mkdtemp(path.join(path.dirname(output), 'merge-')));
      let input: string[];
      if (chunks.length === 1) {
        input = [...UNTRUSTED_INPUT, '-i', chunks[0]!];
      } else if (await isWholeFile(chunks[1]!, options)) {
        // Files of their own, possibly of different formats and rates: each is decoded to the same
        // raw PCM, and raw PCM joins by concatenation (no concat demuxer reading a list of paths).
        const pieces: string[] = [];
        for (const [i, chunk] of chunks.entries()) {
          const piece = path.join(workDir, `piece-${i}.pcm`);
          await ffmpeg(
            [
              '-y',
              ...UNTRUSTED_INPUT,
              '-i',
              chunk,
              '-vn',
              '-ac',
              '1',
              '-ar',
              String(JOIN_SAMPLE_RATE),
              '-f',
              's16le',
              piece,
            ],
            options,
          );
          pieces.push(piece);
        }
        const joined = path.join(workDir, 'joined.pcm');
        await concatenateBytes(pieces, joined);
        input = ['-f', 's16le', '-ar', String(JOIN_SAMPLE_RATE), '-ac', '1', '-i', joined];
      } else {
        const joined = path.join(workDir, `joined${path.extname(chunks[0]!)}`);
        await concatenateBytes(chunks, joined);
        input = [...UNTRUSTED_INPUT, '-i', joined];
      }
      await ffmpeg(['-y', ...input, '-vn', ...MONO_MP3_OUTPUT, output], options);
    },

    async durationSeconds(file, options = {}) {
      const result = await run(
        ffprobePath,
        ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file],
        options,
      );
      const seconds = Number(result.stdout.trim());
      if (result.code !== 0 || !Number.isFinite(seconds) || seconds <= 0) {
        throw new AudioDecodeError(UNREADABLE, result.stderr || `duration ${result.stdout.trim()}`);
      }
      return seconds;
    },

    async peaks(file, count, durationSeconds, options = {}) {
      const buckets = new Array<number>(count).fill(0);
      const expectedSamples = Math.max(1, Math.round(durationSeconds * PEAKS_SAMPLE_RATE));
      let index = 0;
      let carry: Buffer | null = null;
      await ffmpeg(
        [
          '-i',
          file,
          '-vn',
          '-ac',
          '1',
          '-ar',
          String(PEAKS_SAMPLE_RATE),
          '-f',
          's16le',
          '-acodec',
          'pcm_s16le',
          'pipe:1',
        ],
        {
          ...options,
          onStdout(chunk) {
            let data = carry ? Buffer.concat([carry, chunk]) : chunk;
            const usable = data.length - (data.length % 2);
            carry = usable < data.length ? data.subarray(usable) : null;
            data = data.subarray(0, usable);
            for (let offset = 0; offset < data.length; offset += 2, index++) {
              const bucket = Math.min(count - 1, Math.floor((index * count) / expectedSamples));
              const value = Math.abs(data.readInt16LE(offset));
              if (value > buckets[bucket]!) buckets[bucket] = value;
            }
          },
        },
      );
      return buckets.map((max) => Math.min(1, Math.round((max / 32768) * 100) / 100));
    },

    async bleep(input, output, ranges, options = {}) {
      const inside = withinRanges(ranges);
      // The recording is silenced inside the ranges, a tone is silenced outside them, and the
      // two are added: the tone runs only where speech was removed. Timeline `enable` works per
      // audio frame (about 26 ms), well inside the padding around each range.
      const graph = ranges.length
        ? [
            `[0:a]aformat=channel_layouts=mono,volume=0:enable='${inside}'[speech]`,
            `sine=frequency=${BLEEP_FREQUENCY},aformat=channel_layouts=mono,volume=${BLEEP_GAIN},volume=0:enable='not(${inside})'[tone]`,
            '[speech][tone]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[out]',
          ].join(';')
        : '[0:a]anull[out]';
      await ffmpeg(
        ['-y', '-i', input, '-filter_complex', graph, '-map', '[out]', ...MONO_MP3_OUTPUT, output],
        options,
      );
    },

    async splitMp3(file, seconds, options) {
      const workDir = options.workDir ?? path.dirname(file);
      const list = path.join(workDir, 'pieces.csv');
      await ffmpeg(
        [
          '-i',
          file,
          '-f',
          'segment',
          '-segment_time',
          String(seconds),
          '-segment_list',
          list,
          '-segment_list_type',
          'csv',
          '-reset_timestamps',
          '1',
          '-c',
          'copy',
          path.join(workDir, 'piece-%05d.mp3'),
        ],
        options,
      );
      // One line per piece: file name, start time, end time.
      const pieces: AudioPiece[] = [];
      for (const line of (await readFile(list, 'utf8')).split('\n')) {
        const [name, start] = line.trim().split(',');
        if (!name || start === undefined) continue;
        pieces.push({ file: path.join(workDir, name), startSeconds: Number(start) });
      }
      return pieces;
    },
  };
}
