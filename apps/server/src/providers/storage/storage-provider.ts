import { Transform, type Readable, type TransformCallback } from 'node:stream';

/**
 * A byte range to read, as HTTP Range states it: `start`…`end` inclusive (end omitted = to the
 * last byte, `bytes=500-`), or the last `suffix` bytes (`bytes=-500`).
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Size of the whole object, also when only a range is read. */
  size: number;
  /** The inclusive byte offsets `body` holds, when a range was asked for. */
  range?: { start: number; end: number };
}

/** The asked range lies wholly past the end of the object (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  constructor(readonly size: number) {
    super('Range not satisfiable');
  }
}

/**
 * Resolves a range against the object's size (RFC 9110 §14.1.2): an end past the last byte is
 * clamped, a suffix longer than the object means the whole object; null when nothing of the range
 * exists (a start at or past the end, a zero suffix, an empty object).
 */
export function resolveByteRange(
  range: ByteRange,
  size: number,
): { start: number; end: number } | null {
  if (size <= 0) return null;
  if ('suffix' in range) {
    if (range.suffix <= 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** An upload went past the byte limit it was received with. */
export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError';
}

/** Passes bytes through, counting them, and fails with UploadTooLargeError past `maxBytes`. */
export class ByteLimit extends Transform {
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new UploadTooLargeError('File too large'));
    else done(null, chunk);
  }
}

/** How much an upload may hold: `length` as its request declared, never more than `maxBytes`. */
export interface UploadLimits {
  length: number;
  maxBytes: number;
}

/**
 * Where files live. Browsers never write to it directly: uploads come through this server
 * (PUT /api/uploads/{key}), which checks them and hands the stream to `receive`.
 */
export interface StorageProvider {
  kind: 'local' | 's3';
  /** The address a stored file is read at: a path of this server, or the bucket's URL. */
  fileUrl(key: string): string;
  /** Stores an upload as it streams in; UploadTooLargeError past maxBytes. Resolves with its size. */
  receive(key: string, body: Readable, contentType: string, limits: UploadLimits): Promise<number>;
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /**
   * null when there is no such object. With `range`, `body` holds only those bytes and `range`
   * says which; throws RangeNotSatisfiableError when none of them exist.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The key behind a URL this storage issued, or null for foreign URLs. */
  keyFromUrl(url: string): string | null;
  /** Removes an object; a key with no object is not an error, so deletion jobs can run again. */
  delete(key: string): Promise<void>;
  /** The objects whose keys start with `prefix` (a folder, ending in '/'), with when each was written. */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}
