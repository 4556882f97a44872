import type { AudioPiece } from '../providers/audio/index.js';
import type { TranscribedSegment, Transcription } from '../providers/transcription/index.js';

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * One transcript of a recording cut into pieces: up to `atOnce` pieces are transcribed side by
 * side (pocketsphinx uses one core per run, a whisper service answers requests in parallel), and
 * each piece's segments are shifted by its start, in the pieces' order. The first failure aborts
 * the pieces still running (through the signal handed to `transcribe`) and is thrown.
 */
export async function transcribeInPieces(
  pieces: readonly AudioPiece[],
  atOnce: number,
  signal: AbortSignal,
  transcribe: (piece: AudioPiece, index: number, signal: AbortSignal) => Promise<Transcription>,
): Promise<Transcription> {
  const failed = new AbortController();
  const pieceSignal = AbortSignal.any([signal, failed.signal]);
  const results: Transcription[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < pieces.length; i = next++) {
      results[i] = await transcribe(pieces[i]!, i, pieceSignal);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(atOnce, pieces.length)) }, () =>
      lane().catch((error: unknown) => {
        failed.abort();
        throw error;
      }),
    ),
  );
  const text: string[] = [];
  const segments: TranscribedSegment[] = [];
  for (const [i, result] of results.entries()) {
    const { startSeconds } = pieces[i]!;
    if (result.text !== '') text.push(result.text);
    for (const segment of result.segments) {
      segments.push({
        ...segment,
        startSeconds: round(segment.startSeconds + startSeconds),
        endSeconds: round(segment.endSeconds + startSeconds),
      });
    }
  }
  return { text: text.join(' '), segments };
}
