import { isApiError } from '@/lib/http';

/** Uploads one chunk (1-based position) and resolves with its file_url. */
export type UploadChunk = (position: number, blob: Blob) => Promise<string>;

export interface ChunkQueueState {
  /** Chunks recorded so far. */
  total: number;
  /** Chunks safely stored on the server. */
  uploaded: number;
  /** The last attempt failed and the queue is waiting to try again. */
  retrying: boolean;
}

export interface ChunkQueueOptions {
  upload: UploadChunk;
  onChange?: (state: ChunkQueueState) => void;
  /** Wait before retry number `attempt` (1, 2, …). */
  retryDelay?: (attempt: number) => number;
  /** Failed attempts allowed once recording has stopped; while recording the queue never gives up. */
  attemptsAfterStop?: number;
}

/** 0.5 s, 1 s, 2 s … capped at 10 s: quick after a blip, gentle during a long outage. */
export const defaultRetryDelay = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 10_000);

/** A failure worth retrying: no connection, a timeout, throttling or a server error. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export class ChunkUploadError extends Error {
  constructor(cause: unknown) {
    super('A recording chunk could not be uploaded.', { cause });
    this.name = 'ChunkUploadError';
  }
}

interface Chunk {
  blob: Blob;
  fileUrl: string | null;
}

/**
 * The browser recorder's upload queue. Chunks go up one at a time, in order, while recording goes
 * on; a failed chunk is retried with backoff and the ones after it wait their turn, so a dropped
 * connection only delays the queue. `finish()` re-sends whatever is still missing and resolves
 * with every file_url in recording order.
 */
export class ChunkUploadQueue {
  private readonly chunks: Chunk[] = [];
  private readonly options: Required<Omit<ChunkQueueOptions, 'onChange'>> &
    Pick<ChunkQueueOptions, 'onChange'>;
  private pumping: Promise<void> | null = null;
  private stopped = false;
  private cancelled = false;
  private retrying = false;
  private failuresAfterStop = 0;
  private lastError: unknown = null;
  private wake: (() => void) | null = null;

  constructor(options: ChunkQueueOptions) {
    this.options = { retryDelay: defaultRetryDelay, attemptsAfterStop: 5, ...options };
  }

  get state(): ChunkQueueState {
    return {
      total: this.chunks.length,
      uploaded: this.chunks.filter((chunk) => chunk.fileUrl !== null).length,
      retrying: this.retrying,
    };
  }

  /** Queues the next chunk of the recording. Empty blobs carry nothing and are skipped. */
  add(blob: Blob): void {
    if (this.cancelled || blob.size === 0) return;
    this.chunks.push({ blob, fileUrl: null });
    this.emit();
    this.pump();
  }

  /**
   * Recording has stopped: sends what is missing and resolves with the file_urls in order. Rejects
   * with ChunkUploadError when a chunk still fails after `attemptsAfterStop` tries (or at once on a
   * permanent error); calling it again retries.
   */
  async finish(): Promise<string[]> {
    this.stopped = true;
    this.failuresAfterStop = 0;
    // Skip a pending backoff: the user is waiting now.
    this.wake?.();
    await this.pump();
    const missing = this.chunks.find((chunk) => chunk.fileUrl === null);
    if (missing || this.cancelled) throw new ChunkUploadError(this.lastError);
    return this.chunks.map((chunk) => chunk.fileUrl!);
  }

  cancel(): void {
    this.cancelled = true;
    this.wake?.();
  }

  private pump(): Promise<void> {
    this.pumping ??= this.drain().finally(() => {
      this.pumping = null;
    });
    return this.pumping;
  }

  private async drain(): Promise<void> {
    let attempt = 0;
    for (;;) {
      if (this.cancelled) return;
      const index = this.chunks.findIndex((chunk) => chunk.fileUrl === null);
      if (index < 0) return;
      const chunk = this.chunks[index]!;
      try {
        chunk.fileUrl = await this.options.upload(index + 1, chunk.blob);
        attempt = 0;
        this.retrying = false;
        this.emit();
      } catch (error) {
        this.lastError = error;
        attempt += 1;
        if (this.stopped) this.failuresAfterStop += 1;
        const giveUp =
          !isTransient(error) || this.failuresAfterStop >= this.options.attemptsAfterStop;
        this.retrying = !giveUp;
        this.emit();
        if (giveUp) return;
        await this.sleep(this.options.retryDelay(attempt));
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  private emit(): void {
    this.options.onChange?.(this.state);
  }
}
