import { spawn } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PocketsphinxConfig } from '../../config.js';
import { niceChild } from '../../lib/child-priority.js';
import { parseTimedWords, segmentsFromWords } from './pocketsphinx-output.js';
import { vocabularyArguments } from './pocketsphinx-vocabulary.js';
import { TranscriptionError, type SpeechToText, type TranscribeInput } from './speech-to-text.js';
import { cleanVocabulary } from './vocabulary.js';

const NOT_INSTALLED =
  'Offline transcription is unavailable: pocketsphinx is not installed (Debian packages pocketsphinx and pocketsphinx-en-us).';
const NO_MODEL =
  'Offline transcription is unavailable: the pocketsphinx-en-us model is not installed.';
const NO_FFMPEG = 'Offline transcription is unavailable: ffmpeg is not installed.';

class ToolMissing extends Error {}

/** Runs a tool to completion; its stdout is returned, a missing binary is ToolMissing. */
function run(
  command: string,
  args: string[],
  { signal, niceness }: Pick<TranscribeInput, 'signal' | 'niceness'>,
) {
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    // Its log (several KB on stderr) says nothing a user could act on; only the exit code is read.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], signal });
    niceChild(child, niceness);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new ToolMissing() : error);
    });
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8') }));
  });
}

/**
 * Offline speech-to-text with CMU pocketsphinx, the default when no whisper service is configured:
 * no outside service and no key, at the price of a rough draft (the UI labels it so). It costs about
 * 0.4 s of one core per second of audio; the transcribe job's pieces (STT_CHUNK_SECONDS) bound one run.
 */
export function createPocketsphinxTranscription(config: PocketsphinxConfig): SpeechToText {
  const model = {
    hmm: path.join(config.modelDir, 'en-us'),
    lm: path.join(config.modelDir, 'en-us.lm.bin'),
    dict: path.join(config.modelDir, 'cmudict-en-us.dict'),
  };

  return {
    kind: 'pocketsphinx',
    settings: `pocketsphinx ${config.modelDir}`,
    async transcribe(input) {
      try {
        await Promise.all(Object.values(model).map((file) => access(file)));
      } catch {
        throw new TranscriptionError(NO_MODEL, false);
      }
      const work = await mkdtemp(path.join(tmpdir(), 'fieldbot-sphinx-'));
      try {
        const wav = path.join(work, 'audio.wav');
        // The acoustic model is trained on 16 kHz mono 16-bit audio, and that is all -infile reads.
        const converted = await run(
          config.ffmpegPath,
          [
            ...['-hide_banner', '-nostdin', '-v', 'error', '-i', input.file],
            ...['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', wav],
          ],
          input,
        ).catch((error: unknown) => {
          throw error instanceof ToolMissing ? new TranscriptionError(NO_FFMPEG, false) : error;
        });
        if (converted.code !== 0) {
          throw new TranscriptionError(
            'The offline transcription could not read the audio.',
            false,
          );
        }
        // With a vocabulary, the words the model lacks are added for this run (see
        // pocketsphinx-vocabulary.ts); without one, or when none needs adding, the default run.
        // A vocabulary that can't be prepared costs its words, never the transcript.
        const vocabulary = cleanVocabulary(input.vocabulary);
        const extended =
          vocabulary.length > 0
            ? await vocabularyArguments(vocabulary, model, work).catch(() => null)
            : null;
        const recognised = await run(
          config.binaryPath,
          [
            ...['-infile', wav, '-time', 'yes', '-hmm', model.hmm],
            ...(extended?.args ?? ['-lm', model.lm, '-dict', model.dict]),
          ],
          input,
        ).catch((error: unknown) => {
          throw error instanceof ToolMissing ? new TranscriptionError(NOT_INSTALLED, false) : error;
        });
        if (recognised.code !== 0) {
          throw new TranscriptionError('The offline transcription failed.', true);
        }
        const spellings = extended?.spellings;
        const words = parseTimedWords(recognised.stdout).map((w) =>
          w && spellings?.has(w.word) ? { ...w, word: spellings.get(w.word)! } : w,
        );
        const segments = segmentsFromWords(words);
        return { text: segments.map((s) => s.text).join(' '), segments };
      } catch (error) {
        if (input.signal?.aborted) {
          throw new TranscriptionError('The transcription was interrupted.', true);
        }
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}
