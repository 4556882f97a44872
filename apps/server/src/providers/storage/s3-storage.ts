import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../config.js';
import {
  ByteLimit,
  RangeNotSatisfiableError,
  UploadTooLargeError,
  type ByteRange,
  type StorageProvider,
} from './storage-provider.js';

/** The Range header S3 is sent for a byte range. */
export function s3RangeHeader(range: ByteRange): string {
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

/** Reads S3's `Content-Range: bytes 0-99/1234`. */
export function parseContentRange(
  value: string | undefined,
): { start: number; end: number; size: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value ?? '');
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

const errorName = (error: unknown) => (error as { name?: string }).name;

export function createS3Storage(config: S3Config): StorageProvider {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Uploads stream through with their declared length. Checksums only where S3 requires them:
    // the default aws-chunked trailer is not understood by every S3-compatible store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const base = `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}/`;
  const sizeOf = async (key: string): Promise<number | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (errorName(error) === 'NotFound' || errorName(error) === 'NoSuchKey') return null;
      throw error;
    }
  };
  return {
    kind: 's3',
    fileUrl: (key) => `${base}${key}`,
    async receive(key, body, contentType, limits) {
      if (limits.length > limits.maxBytes) throw new UploadTooLargeError('File too large');
      // The request's Content-Length is the object's; the limit guards against more arriving,
      // and a failing body aborts the PUT instead of leaving S3 waiting for the rest.
      const limit = new ByteLimit(limits.maxBytes);
      const abort = new AbortController();
      let failure: unknown;
      const fail = (error: unknown) => {
        failure ??= error;
        abort.abort();
      };
      body.on('error', fail);
      limit.on('error', fail);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Body: body.pipe(limit),
            ContentLength: limits.length,
            ContentType: contentType,
          }),
          { abortSignal: abort.signal },
        );
      } catch (error) {
        throw failure ?? error;
      }
      return limits.length;
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key, range) {
      // A zero suffix asks for nothing; S3 would answer it with the whole object instead of 416.
      if (range && 'suffix' in range && range.suffix <= 0) {
        const size = await sizeOf(key);
        if (size === null) return null;
        throw new RangeNotSatisfiableError(size);
      }
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Range: range ? s3RangeHeader(range) : undefined,
          }),
        );
        if (!out.Body) return null;
        const contentType = out.ContentType ?? 'application/octet-stream';
        const body = out.Body as Readable;
        const served = range ? parseContentRange(out.ContentRange) : null;
        if (served) {
          const bytes = { start: served.start, end: served.end };
          return { body, contentType, size: served.size, range: bytes };
        }
        const size = out.ContentLength ?? 0;
        if (range) {
          // A ranged GET answered without Content-Range carries the whole object.
          if (size === 0) {
            body.destroy();
            throw new RangeNotSatisfiableError(0);
          }
          return { body, contentType, size, range: { start: 0, end: size - 1 } };
        }
        return { body, contentType, size };
      } catch (error) {
        if (errorName(error) === 'NoSuchKey') return null;
        if (errorName(error) === 'InvalidRange') {
          // S3's 416 does not say how big the object is; the caller's Content-Range needs it.
          const size = await sizeOf(key);
          if (size === null) return null;
          throw new RangeNotSatisfiableError(size);
        }
        throw error;
      }
    },
    keyFromUrl(url) {
      return url.startsWith(base) ? url.slice(base.length) : null;
    },
    async delete(key) {
      // S3 answers a missing key's DELETE with 204 too.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key, modifiedAt: item.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
