import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { ChunkUploadError, ChunkUploadQueue, defaultRetryDelay, isTransient } from './chunk-queue';

// jsdom's Blob cannot be read back; remember what each one holds.
const contents = new WeakMap<Blob, string>();
function blob(text: string): Blob {
  const chunk = new Blob([text], { type: 'audio/webm' });
  contents.set(chunk, text);
  return chunk;
}

/** An upload that is offline for its next `failures` calls and records what got through. */
function flakyUpload(failures = 0, error: unknown = new ApiError(0, 'offline')) {
  let remaining = failures;
  const stored: { position: number; text: string }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const upload = vi.fn(async (position: number, chunk: Blob) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const text = contents.get(chunk) ?? '';
      await Promise.resolve();
      if (remaining > 0) {
        remaining -= 1;
        throw error;
      }
      stored.push({ position, text });
      return `/files/${position}-${text}`;
    } finally {
      inFlight -= 1;
    }
  });
  return {
    upload,
    stored,
    maxInFlight: () => maxInFlight,
    fail: (n: number) => {
      remaining = n;
    },
  };
}

describe('ChunkUploadQueue', () => {
  it('uploads chunks one at a time, in order, and finishes with their file_urls', async () => {
    const { upload, stored, maxInFlight } = flakyUpload();
    const queue = new ChunkUploadQueue({ upload, retryDelay: () => 0 });
    ['a', 'b', 'c'].forEach((text) => queue.add(blob(text)));
    await expect(queue.finish()).resolves.toEqual(['/files/1-a', '/files/2-b', '/files/3-c']);
    expect(stored).toEqual([
      { position: 1, text: 'a' },
      { position: 2, text: 'b' },
      { position: 3, text: 'c' },
    ]);
    expect(maxInFlight()).toBe(1);
  });

  it('keeps retrying through a dropped connection and stores every chunk once, in order', async () => {
    const flaky = flakyUpload();
    const states: string[] = [];
    const queue = new ChunkUploadQueue({
      upload: flaky.upload,
      retryDelay: () => 1,
      onChange: (s) => states.push(`${s.uploaded}/${s.total}${s.retrying ? ' retrying' : ''}`),
    });
    queue.add(blob('a'));
    await vi.waitFor(() => expect(flaky.stored).toHaveLength(1));
    // The connection drops for 7 attempts while recording: the queue never gives up then.
    flaky.fail(7);
    queue.add(blob('b'));
    queue.add(blob('c'));
    await vi.waitFor(() => expect(flaky.stored).toHaveLength(3), { timeout: 2000 });
    queue.add(blob('d'));
    await expect(queue.finish()).resolves.toEqual([
      '/files/1-a',
      '/files/2-b',
      '/files/3-c',
      '/files/4-d',
    ]);
    expect(flaky.stored.map((s) => s.text)).toEqual(['a', 'b', 'c', 'd']);
    expect(flaky.upload).toHaveBeenCalledTimes(4 + 7);
    expect(states).toContain('1/3 retrying');
    expect(states.at(-1)).toBe('4/4');
  });

  it('gives up after the bounded time once stopped, and a second finish retries', async () => {
    const flaky = flakyUpload();
    const states: boolean[] = [];
    const queue = new ChunkUploadQueue({
      upload: flaky.upload,
      retryDelay: () => 2,
      giveUpAfterMs: 30,
      onChange: (s) => states.push(s.failed),
    });
    flaky.fail(1_000);
    queue.add(blob('a'));
    const startedAt = Date.now();
    const error = await queue.finish().catch((e: unknown) => e);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(30);
    expect(error).toBeInstanceOf(ChunkUploadError);
    expect((error as ChunkUploadError).cause).toBeInstanceOf(ApiError);
    expect(queue.state).toMatchObject({ failed: true, retrying: false, uploaded: 0 });
    expect(flaky.stored).toHaveLength(0);
    expect(states.at(-1)).toBe(true);

    flaky.fail(0);
    await expect(queue.finish()).resolves.toEqual(['/files/1-a']);
    expect(queue.state.failed).toBe(false);
  });

  it('says so while recording when uploads keep failing, and goes on retrying', async () => {
    const flaky = flakyUpload();
    const queue = new ChunkUploadQueue({
      upload: flaky.upload,
      retryDelay: () => 2,
      giveUpAfterMs: 20,
    });
    flaky.fail(1_000);
    queue.add(blob('a'));
    await vi.waitFor(() => expect(queue.state.failed).toBe(true));
    expect(queue.state.retrying).toBe(true);
    flaky.fail(0);
    queue.retryNow();
    await vi.waitFor(() => expect(flaky.stored).toHaveLength(1));
    expect(queue.state).toMatchObject({ failed: false, retrying: false, uploaded: 1 });
  });

  it('resumes a recovered recording: only the chunks the server has not acknowledged go up', async () => {
    const flaky = flakyUpload();
    const acknowledged: [number, string][] = [];
    const queue = new ChunkUploadQueue({
      upload: flaky.upload,
      retryDelay: () => 1,
      initial: [
        { blob: null, fileUrl: '/files/1-a' },
        { blob: blob('b'), fileUrl: null },
      ],
      onUploaded: (position, fileUrl) => acknowledged.push([position, fileUrl]),
    });
    expect(queue.state).toMatchObject({ total: 2, uploaded: 1 });
    queue.add(blob('c'));
    await expect(queue.finish()).resolves.toEqual(['/files/1-a', '/files/2-b', '/files/3-c']);
    expect(flaky.stored.map((s) => s.text)).toEqual(['b', 'c']);
    expect(acknowledged).toEqual([
      [2, '/files/2-b'],
      [3, '/files/3-c'],
    ]);
  });

  it('stops at once on a permanent error', async () => {
    const flaky = flakyUpload(1, new ApiError(422, 'File extension not supported'));
    const queue = new ChunkUploadQueue({ upload: flaky.upload, retryDelay: () => 1 });
    queue.add(blob('a'));
    await expect(queue.finish()).rejects.toBeInstanceOf(ChunkUploadError);
    expect(flaky.upload).toHaveBeenCalledTimes(1);
  });

  it('skips empty chunks and uploads nothing after cancel', async () => {
    const flaky = flakyUpload();
    const queue = new ChunkUploadQueue({ upload: flaky.upload, retryDelay: () => 1 });
    queue.add(new Blob([]));
    expect(queue.state.total).toBe(0);
    queue.cancel();
    queue.add(blob('a'));
    await expect(queue.finish()).rejects.toBeInstanceOf(ChunkUploadError);
    expect(flaky.upload).not.toHaveBeenCalled();
  });

  it('backs off 0.5 s, 1 s, 2 s … up to 10 s and retries only transient failures', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(defaultRetryDelay)).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(isTransient(new ApiError(0, 'offline'))).toBe(true);
    expect(isTransient(new ApiError(503, 'down'))).toBe(true);
    expect(isTransient(new ApiError(429, 'slow down'))).toBe(true);
    expect(isTransient(new ApiError(422, 'bad'))).toBe(false);
    expect(isTransient(new ApiError(401, 'expired'))).toBe(false);
    expect(isTransient(new DOMException('cancelled', 'AbortError'))).toBe(false);
  });
});
