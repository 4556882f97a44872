import { describe, expect, it } from 'vitest';
import type { Transcription } from '../providers/transcription/index.js';
import { transcribeInPieces } from './transcribe-pieces.js';

const pieces = [0, 600, 1200].map((startSeconds, i) => ({ file: `p${i}.mp3`, startSeconds }));
const said = (word: string): Transcription => ({
  text: word,
  segments: [{ startSeconds: 1, endSeconds: 2.5, speaker: 'Speaker 1', text: word }],
});

/** A transcriber whose pieces finish when the test says, recording how many ran at once. */
function heldTranscriber() {
  const waiting = new Map<number, { resolve: () => void; signal: AbortSignal }>();
  let running = 0;
  let most = 0;
  const transcribe = async (_: unknown, i: number, signal: AbortSignal) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => waiting.set(i, { resolve, signal }));
    running -= 1;
    return said(`piece${i}`);
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { transcribe, waiting, most: () => most, settle };
}

describe('transcribeInPieces', () => {
  it('runs at most `atOnce` pieces side by side and keeps their order in the transcript', async () => {
    const t = heldTranscriber();
    const done = transcribeInPieces(pieces, 2, new AbortController().signal, t.transcribe);
    await t.settle();
    expect([...t.waiting.keys()]).toEqual([0, 1]);
    // The second piece finishes first; the third starts in its place.
    t.waiting.get(1)!.resolve();
    await t.settle();
    expect([...t.waiting.keys()]).toEqual([0, 1, 2]);
    t.waiting.get(2)!.resolve();
    t.waiting.get(0)!.resolve();
    const transcript = await done;
    expect(t.most()).toBe(2);
    expect(transcript.text).toBe('piece0 piece1 piece2');
    expect(transcript.segments.map((s) => [s.text, s.startSeconds, s.endSeconds])).toEqual([
      ['piece0', 1, 2.5],
      ['piece1', 601, 602.5],
      ['piece2', 1201, 1202.5],
    ]);
  });

  it('aborts the pieces still running when one fails, and throws its error', async () => {
    const signals: AbortSignal[] = [];
    const done = transcribeInPieces(
      pieces,
      3,
      new AbortController().signal,
      async (_, i, signal) => {
        signals.push(signal);
        if (i === 1) throw new Error('piece 2 failed');
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        return said('never');
      },
    );
    await expect(done).rejects.toThrow('piece 2 failed');
    expect(signals).toHaveLength(3);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('passes the job’s own abort on to every piece', async () => {
    const job = new AbortController();
    const t = heldTranscriber();
    const done = transcribeInPieces(pieces.slice(0, 1), 2, job.signal, t.transcribe);
    await t.settle();
    job.abort();
    expect(t.waiting.get(0)!.signal.aborted).toBe(true);
    t.waiting.get(0)!.resolve();
    await expect(done).resolves.toMatchObject({ text: 'piece0' });
  });
});
