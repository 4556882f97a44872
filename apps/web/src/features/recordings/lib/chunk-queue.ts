import { defaultRetryDelay, isTransient } from '@/lib/upload';

export { defaultRetryDelay, isTransient };

/** Uploads one chunk (1-based position) and resolves with its file_url. */
export type UploadChunk = (position: number, blob: Blob) => Promise<string>;

export interface ChunkQueueState {
  /** Chunks recorded so far. */
  total: number;
  /** Chunks safely stored on the server. */
  uploaded: number;
  /** The last attempt failed and the queue is waiting to try again. */
  retrying: boolean;
  /** Uploads have been failing for longer than `giveUpAfterMs` (or failed for good): tell the user. */
  failed: boolean;
}

/** A chunk as recorded (blob) or as already acknowledged by the server (fileUrl). */
export interface QueuedChunk {
  blob: Blob | null;
  fileUrl: string | null;
}

export interface ChunkQueueOptions {
  upload: UploadChunk;
  onChange?: (state: ChunkQueueState) => void;
  /** The server has stored chunk `position`: its audio no longer needs keeping on the device. */
  onUploaded?: (position: number, fileUrl: string) => void;
  /** Chunks of an earlier session, e.g. a recording recovered from the device after a reload. */
  initial?: readonly QueuedChunk[];
  /** Wait before retry number `attempt` (1, 2, …). */
  retryDelay?: (attempt: number) => number;
  /**
   * How long uploads may keep failing before the user is told. Once recording has stopped the queue
   * then gives up (finish rejects); while recording it goes on retrying in the background.
   */
  giveUpAfterMs?: number;
}

/** Failing this long is no passing blip: say so (spec §8 'Upload failed. Please try again.'). */
export const UPLOAD_GIVE_UP_MS = 20_000;

export class ChunkUploadError extends Error {
  constructor(cause: unknown) {
    super('A recording chunk could not be uploaded.', { cause });
    this.name = 'ChunkUploadError';
  }
}

/**
 * The browser recorder's upload queue. Chunks go up one at a time, in order, while recording goes
 * on; a failed chunk is retried with backoff and the ones after it wait their turn, so a dropped
 * connection only delays the queue. `finish()` re-sends whatever is still missing and resolves
 * with every file_url in recording order.
 */
export class ChunkUploadQueue {
  private readonly chunks: QueuedChunk[];
  private readonly options: Required<
    Pick<ChunkQueueOptions, 'upload' | 'retryDelay' | 'giveUpAfterMs'>
  > &
    ChunkQueueOptions;
  private pumping: Promise<void> | null = null;
  private stopped = false;
  private cancelled = false;
  private retrying = false;
  private failed = false;
  /** When the current run of failures began; null while uploads succeed. */
  private failingSince: number | null = null;
  private lastError: unknown = null;
  private wake: (() => void) | null = null;

  constructor(options: ChunkQueueOptions) {
    this.options = { retryDelay: defaultRetryDelay, giveUpAfterMs: UPLOAD_GIVE_UP_MS, ...options };
    this.chunks = (options.initial ?? []).map((chunk) => ({ ...chunk }));
  }

  get state(): ChunkQueueState {
    return {
      total: this.chunks.length,
      uploaded: this.chunks.filter((chunk) => chunk.fileUrl !== null).length,
      retrying: this.retrying,
      failed: this.failed,
    };
  }

  /** Queues the next chunk of the recording. Empty blobs carry nothing and are skipped. */
  add(blob: Blob): void {
    if (this.cancelled || blob.size === 0) return;
    this.chunks.push({ blob, fileUrl: null });
    this.emit();
    void this.pump();
  }

  /** Skips a pending backoff wait (the user pressed Retry). */
  retryNow(): void {
    this.wake?.();
  }

  /**
   * Recording has stopped: sends what is missing and resolves with the file_urls in order. Rejects
   * with ChunkUploadError when uploads still fail after `giveUpAfterMs` (or at once on a permanent
   * error); calling it again retries, with a new allowance.
   */
  async finish(): Promise<string[]> {
    this.stopped = true;
    if (this.failed) {
      this.failed = false;
      this.failingSince = null;
      this.emit();
    }
    this.retryNow();
    await this.pump();
    const missing = this.chunks.find((chunk) => chunk.fileUrl === null);
    if (missing || this.cancelled) throw new ChunkUploadError(this.lastError);
    return this.chunks.map((chunk) => chunk.fileUrl!);
  }

  cancel(): void {
    this.cancelled = true;
    this.retryNow();
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
        const fileUrl = await this.options.upload(index + 1, chunk.blob ?? new Blob());
        chunk.fileUrl = fileUrl;
        chunk.blob = null;
        attempt = 0;
        this.failingSince = null;
        this.retrying = false;
        this.failed = false;
        this.options.onUploaded?.(index + 1, fileUrl);
        this.emit();
      } catch (error) {
        this.lastError = error;
        attempt += 1;
        this.failingSince ??= Date.now();
        const permanent = !isTransient(error);
        this.failed = permanent || Date.now() - this.failingSince >= this.options.giveUpAfterMs;
        const giveUp = permanent || (this.stopped && this.failed);
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
