import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ByteLimit,
  RangeNotSatisfiableError,
  resolveByteRange,
  type StorageProvider,
} from './storage-provider.js';

/** Files on local disk are read at paths of this server, so any host name works. */
export const FILES_PATH = '/api/files/';

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
  maxBytes: number;
}): StorageProvider {
  const { root, appUrl, maxBytes } = options;
  const filePath = (key: string) => {
    if (!isSafeKey(key)) throw new Error('Unsafe storage key');
    return path.join(root, ...key.split('/'));
  };
  // Files uploaded before the URLs became relative were stored as absolute APP_URL addresses.
  const legacyFilesPrefix = `${appUrl}${FILES_PATH}`;

  /** Written beside the file and renamed into place, so a reader never sees half a file. */
  const store = async (
    key: string,
    body: Readable | Buffer,
    contentType: string,
    limitBytes: number,
  ): Promise<number> => {
    const target = filePath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.part`;
    const limit = new ByteLimit(limitBytes);
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, limit, createWriteStream(tmp));
      await writeFile(`${target}.meta.json`, JSON.stringify({ contentType, size: limit.bytes }));
      await rename(tmp, target);
      return limit.bytes;
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      throw error;
    }
  };

  return {
    kind: 'local',
    fileUrl: (key) => `${FILES_PATH}${key}`,
    receive: (key, body, contentType, limits) => store(key, body, contentType, limits.maxBytes),
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
    async delete(key) {
      const target = filePath(key);
      await rm(target, { force: true });
      await rm(`${target}.meta.json`, { force: true });
    },
    async *list(prefix) {
      const base = prefix.replace(/\/+$/, '');
      if (!isSafeKey(base)) return;
      const walk = async function* (
        key: string,
      ): AsyncGenerator<{ key: string; modifiedAt: Date }> {
        let entries;
        try {
          entries = await readdir(filePath(key), { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          const child = `${key}/${entry.name}`;
          if (entry.isDirectory()) yield* walk(child);
          else if (entry.isFile() && isSafeKey(child) && !/\.(meta\.json|part)$/.test(entry.name)) {
            yield { key: child, modifiedAt: (await stat(filePath(child))).mtime };
          }
        }
      };
      yield* walk(base);
    },
  };
}
