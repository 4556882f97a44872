import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  RangeNotSatisfiableError,
  resolveByteRange,
  UploadTooLargeError,
  type StorageProvider,
  type UploadReceiver,
} from './storage-provider.js';

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Uploads PUT to this server, which keeps the files on its disk. */
export interface LocalStorage extends StorageProvider {
  kind: 'local';
  uploads: UploadReceiver;
}

/** Path prefixes of the URLs local storage hands out; relative, so any host name works. */
export const FILES_PATH = '/api/files/';
export const UPLOADS_PATH = '/api/uploads/';

/** Keys are made of safe segments only: no '..', no absolute paths, no backslashes. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key
    .split('/')
    .every((segment) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment) && !segment.includes('..'));
}

export function createLocalStorage(options: {
  root: string;
  appUrl: string;
  secret: string;
  maxBytes: number;
}): LocalStorage {
  const { root, appUrl, secret, maxBytes } = options;
  const sign = (key: string, expires: string) =>
    createHmac('sha256', secret).update(`upload:${key}:${expires}`).digest('hex');
  const filePath = (key: string) => {
    if (!isSafeKey(key)) throw new Error('Unsafe storage key');
    return path.join(root, ...key.split('/'));
  };
  // Files uploaded before the URLs became relative were stored as absolute APP_URL addresses.
  const legacyFilesPrefix = `${appUrl}${FILES_PATH}`;

  const store = async (
    key: string,
    body: Readable | Buffer,
    contentType: string,
    limitBytes: number,
  ): Promise<number> => {
    const target = filePath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.part`;
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limitBytes) done(new UploadTooLargeError('File too large'));
        else done(null, chunk);
      },
    });
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, limit, createWriteStream(tmp));
      await writeFile(`${target}.meta.json`, JSON.stringify({ contentType, size }));
      await rename(tmp, target);
      return size;
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      throw error;
    }
  };

  return {
    kind: 'local',
    async presignUpload(key) {
      const expires = String(Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS);
      const query = new URLSearchParams({ expires, signature: sign(key, expires) });
      return {
        upload_url: `${UPLOADS_PATH}${key}?${query.toString()}`,
        file_url: `${FILES_PATH}${key}`,
      };
    },
    uploads: {
      verify(key, expires, signature, now = Date.now()) {
        if (!isSafeKey(key) || !/^\d+$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) {
          return false;
        }
        if (Number(expires) * 1000 < now) return false;
        return timingSafeEqual(
          Buffer.from(sign(key, expires), 'hex'),
          Buffer.from(signature, 'hex'),
        );
      },
      receive: (key, body, contentType, limitBytes) => store(key, body, contentType, limitBytes),
    },
    async put(key, body, contentType) {
      await store(key, body, contentType, maxBytes);
    },
    async get(key, range) {
      if (!isSafeKey(key) || key.endsWith('.meta.json')) return null;
      const target = filePath(key);
      let size: number;
      try {
        const info = await stat(target);
        if (!info.isFile()) return null;
        size = info.size;
      } catch {
        return null;
      }
      const bytes = range ? resolveByteRange(range, size) : undefined;
      if (bytes === null) throw new RangeNotSatisfiableError(size);
      let contentType = 'application/octet-stream';
      try {
        const meta = JSON.parse(await readFile(`${target}.meta.json`, 'utf8')) as {
          contentType?: string;
        };
        if (meta.contentType) contentType = meta.contentType;
      } catch {
        // No metadata: serve as a generic download.
      }
      // createReadStream's `end` is inclusive, like HTTP's.
      const body = createReadStream(target, bytes ? { start: bytes.start, end: bytes.end } : {});
      return bytes ? { body, contentType, size, range: bytes } : { body, contentType, size };
    },
    keyFromUrl(url) {
      const prefix = [FILES_PATH, legacyFilesPrefix].find((p) => url.startsWith(p));
      if (prefix === undefined) return null;
      const key = url.slice(prefix.length);
      return isSafeKey(key) ? key : null;
    },
  };
}
