import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, parseContentRange, s3RangeHeader } from './s3-storage.js';
import {
  RangeNotSatisfiableError,
  UploadTooLargeError,
  resolveByteRange,
  type ByteRange,
} from './storage-provider.js';

describe('S3 storage', () => {
  const storage = createS3Storage({
    endpoint: 'http://minio.local:9000',
    bucket: 'fieldbot',
    region: 'us-east-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
  });

  it('names the public file URL of a key in the bucket', () => {
    const file_url = storage.fileUrl('profile/u1/a.png');
    expect(file_url).toBe('http://minio.local:9000/fieldbot/profile/u1/a.png');
    expect(storage.keyFromUrl(file_url)).toBe('profile/u1/a.png');
    expect(storage.keyFromUrl('http://elsewhere/fieldbot/x.png')).toBeNull();
  });

  it('writes HTTP Range headers and reads Content-Range', () => {
    expect(s3RangeHeader({ start: 0, end: 99 })).toBe('bytes=0-99');
    expect(s3RangeHeader({ start: 500 })).toBe('bytes=500-');
    expect(s3RangeHeader({ suffix: 500 })).toBe('bytes=-500');
    expect(parseContentRange('bytes 0-99/1234')).toEqual({ start: 0, end: 99, size: 1234 });
    expect(parseContentRange('bytes */1234')).toBeNull();
    expect(parseContentRange(undefined)).toBeNull();
  });
});

const puts: { key: string; type?: string; length?: string }[] = [];

/** Just enough of S3's Get/Head/Put/DeleteObject and ListObjectsV2 (path style, Range, 416, 404) to exercise the adapter. */
function fakeS3(objects: Map<string, Buffer>): Server {
  const xmlError = (code: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3');
    const key = decodeURIComponent(url.pathname).replace(/^\/fieldbot\//, '');
    if (request.method === 'DELETE') {
      // S3 answers 204 whether or not the key existed.
      objects.delete(key);
      response.writeHead(204);
      response.end();
      return;
    }
    if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
      // ListObjectsV2, one key per page so the adapter has to follow the continuation token.
      const prefix = url.searchParams.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const after = url.searchParams.get('continuation-token');
      const rest = after ? keys.filter((k) => k > after) : keys;
      const page = rest.slice(0, 1);
      const more = rest.length > 1;
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>fieldbot</Name>` +
          `<Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount>` +
          `<IsTruncated>${more}</IsTruncated>` +
          (more ? `<NextContinuationToken>${page[0]}</NextContinuationToken>` : '') +
          page
            .map(
              (k) =>
                `<Contents><Key>${k}</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified>` +
                `<Size>${objects.get(k)!.length}</Size></Contents>`,
            )
            .join('') +
          `</ListBucketResult>`,
      );
      return;
    }
    if (request.method === 'PUT') {
      buffer(request).then(
        (body) => {
          objects.set(key, body);
          puts.push({
            key,
            type: request.headers['content-type'],
            length: request.headers['content-length'],
          });
          response.writeHead(200, { etag: '"1"' });
          response.end();
        },
        // The client aborted the PUT: nothing is stored.
        () => response.destroy(),
      );
      return;
    }
    const object = objects.get(key);
    if (!object) {
      response.writeHead(404, { 'content-type': 'application/xml' });
      response.end(request.method === 'HEAD' ? undefined : xmlError('NoSuchKey'));
      return;
    }
    const headers = { 'content-type': 'audio/mpeg', 'accept-ranges': 'bytes' };
    if (request.method === 'HEAD') {
      response.writeHead(200, { ...headers, 'content-length': String(object.length) });
      response.end();
      return;
    }
    const match = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (!match) {
      response.writeHead(200, { ...headers, 'content-length': String(object.length) });
      response.end(object);
      return;
    }
    const asked: ByteRange =
      match[1] === ''
        ? { suffix: Number(match[2]) }
        : { start: Number(match[1]), end: match[2] === '' ? undefined : Number(match[2]) };
    const bytes = resolveByteRange(asked, object.length);
    if (!bytes) {
      response.writeHead(416, { 'content-type': 'application/xml' });
      response.end(xmlError('InvalidRange'));
      return;
    }
    const part = object.subarray(bytes.start, bytes.end + 1);
    response.writeHead(206, {
      ...headers,
      'content-length': String(part.length),
      'content-range': `bytes ${bytes.start}-${bytes.end}/${object.length}`,
    });
    response.end(part);
  });
}

describe('S3 storage reads', () => {
  const objects = new Map([['audio/c1/a.mp3', Buffer.from('0123456789')]]);
  const server = fakeS3(objects);
  let storage: ReturnType<typeof createS3Storage>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    storage = createS3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'fieldbot',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the whole object without a range', async () => {
    const object = await storage.get('audio/c1/a.mp3');
    expect(object).toMatchObject({ contentType: 'audio/mpeg', size: 10 });
    expect(object?.range).toBeUndefined();
    expect((await buffer(object!.body)).toString()).toBe('0123456789');
  });

  it('asks S3 for a byte range and reports the whole size and the bytes served', async () => {
    const closed = await storage.get('audio/c1/a.mp3', { start: 2, end: 4 });
    expect(closed).toMatchObject({ size: 10, range: { start: 2, end: 4 } });
    expect((await buffer(closed!.body)).toString()).toBe('234');
    const open = await storage.get('audio/c1/a.mp3', { start: 7 });
    expect(open?.range).toEqual({ start: 7, end: 9 });
    expect((await buffer(open!.body)).toString()).toBe('789');
    const suffix = await storage.get('audio/c1/a.mp3', { suffix: 4 });
    expect(suffix).toMatchObject({ size: 10, range: { start: 6, end: 9 } });
    expect((await buffer(suffix!.body)).toString()).toBe('6789');
  });

  it('turns S3 InvalidRange into RangeNotSatisfiableError carrying the size', async () => {
    const error = await storage.get('audio/c1/a.mp3', { start: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeNotSatisfiableError);
    expect((error as RangeNotSatisfiableError).size).toBe(10);
    const empty = await storage.get('audio/c1/a.mp3', { suffix: 0 }).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(RangeNotSatisfiableError);
    expect((empty as RangeNotSatisfiableError).size).toBe(10);
  });

  it('streams an upload into the bucket with its length and type, within the limit', async () => {
    const size = await storage.receive(
      'profile/u1/b.png',
      Readable.from([Buffer.from('0123'), Buffer.from('4567')]),
      'image/png',
      { length: 8, maxBytes: 100 },
    );
    expect(size).toBe(8);
    expect(objects.get('profile/u1/b.png')?.toString()).toBe('01234567');
    expect(puts.at(-1)).toEqual({ key: 'profile/u1/b.png', type: 'image/png', length: '8' });
    // More bytes than declared and allowed: the PUT is aborted, nothing is stored.
    const refused = storage.receive(
      'profile/u1/c.png',
      Readable.from([Buffer.alloc(6), Buffer.alloc(6)]),
      'image/png',
      { length: 10, maxBytes: 10 },
    );
    await expect(refused).rejects.toBeInstanceOf(UploadTooLargeError);
    const declaredTooMuch = storage.receive('profile/u1/d.png', Readable.from([]), 'image/png', {
      length: 11,
      maxBytes: 10,
    });
    await expect(declaredTooMuch).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(objects.has('profile/u1/c.png')).toBe(false);
    expect(objects.has('profile/u1/d.png')).toBe(false);
  });

  it('lists a prefix across pages with write times, and deletes (a missing key too)', async () => {
    objects.set('transcript-cache/c1/x.json', Buffer.from('{}'));
    objects.set('transcript-cache/c1/y.json', Buffer.from('{}'));
    const listed = [];
    for await (const entry of storage.list('transcript-cache/c1/')) listed.push(entry);
    expect(listed).toEqual([
      { key: 'transcript-cache/c1/x.json', modifiedAt: new Date('2026-01-02T03:04:05.000Z') },
      { key: 'transcript-cache/c1/y.json', modifiedAt: new Date('2026-01-02T03:04:05.000Z') },
    ]);
    await storage.delete('transcript-cache/c1/x.json');
    await storage.delete('transcript-cache/c1/x.json');
    expect(objects.has('transcript-cache/c1/x.json')).toBe(false);
    expect(objects.has('transcript-cache/c1/y.json')).toBe(true);
  });

  it('has nothing for a missing key, with or without a range', async () => {
    expect(await storage.get('audio/c1/missing.mp3')).toBeNull();
    expect(await storage.get('audio/c1/missing.mp3', { start: 0 })).toBeNull();
    expect(await storage.get('audio/c1/missing.mp3', { suffix: 0 })).toBeNull();
  });
});
