import type { Readable } from 'node:stream';

export interface PresignedUpload {
  upload_url: string;
  file_url: string;
}

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

/**
 * A provider whose upload URLs point at this server (PUT /api/uploads/{key}): the route checks the
 * URL with `verify`, the bytes' type and the quotas, then hands the stream to `receive`.
 */
export interface UploadReceiver {
  /** Checks the signature and expiry of an upload URL issued by presignUpload. */
  verify(key: string, expires: string, signature: string, now?: number): boolean;
  /** Stores the upload, refusing it with UploadTooLargeError past `maxBytes`; resolves with its size. */
  receive(key: string, body: Readable, contentType: string, maxBytes: number): Promise<number>;
}

export interface StorageProvider {
  kind: 'local' | 's3';
  /** A URL the browser can PUT the file to, and the URL the file will be readable at. */
  presignUpload(key: string, contentType: string): Promise<PresignedUpload>;
  /** Set when uploads come through this server; null when the browser PUTs to the storage itself. */
  uploads: UploadReceiver | null;
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /**
   * null when there is no such object. With `range`, `body` holds only those bytes and `range`
   * says which; throws RangeNotSatisfiableError when none of them exist.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The key behind a URL this storage issued, or null for foreign URLs. */
  keyFromUrl(url: string): string | null;
}
