import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, isSafeKey } from './local-storage.js';
import { RangeNotSatisfiableError, UploadTooLargeError } from './storage-provider.js';

const root = mkdtempSync(path.join(tmpdir(), 'fieldbot-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const storage = createLocalStorage({
  root,
  appUrl: 'http://localhost:3000',
  maxBytes: 10,
});

describe('local storage', () => {
  it('names files by a path of this server, whatever the host name', () => {
    expect(storage.fileUrl('profile/u1/a.png')).toBe('/api/files/profile/u1/a.png');
    expect(storage.keyFromUrl(storage.fileUrl('profile/u1/a.png'))).toBe('profile/u1/a.png');
  });

  it('stores and reads back a file with its content type, within the size limit', async () => {
    await storage.put('docs/u1/a.txt', Buffer.from('hello'), 'text/plain');
    const object = await storage.get('docs/u1/a.txt');
    expect(object?.contentType).toBe('text/plain');
    expect(await text(object!.body)).toBe('hello');
    await expect(
      storage.put('docs/u1/b.txt', Buffer.alloc(11), 'text/plain'),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(await storage.get('docs/u1/b.txt')).toBeNull();
  });

  it('receives an upload with its own limit and answers its size', async () => {
    const size = await storage.receive(
      'docs/u1/c.bin',
      Readable.from([Buffer.from('abc'), Buffer.from('def')]),
      'application/pdf',
      { length: 6, maxBytes: 100 },
    );
    expect(size).toBe(6);
    expect((await storage.get('docs/u1/c.bin'))?.contentType).toBe('application/pdf');
    await expect(
      storage.receive('docs/u1/d.bin', Readable.from([Buffer.alloc(5)]), 'text/plain', {
        length: 5,
        maxBytes: 4,
      }),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
  });

  it('refuses keys that could escape the storage folder', () => {
    for (const key of ['../etc/passwd', 'a/../b', '/abs', 'a//b', 'a\\b', '.hidden/x', '']) {
      expect(isSafeKey(key)).toBe(false);
    }
    expect(isSafeKey('profile/3f2a/9c1e.png')).toBe(true);
    expect(storage.keyFromUrl('/api/files/profile/u/x.png')).toBe('profile/u/x.png');
    // Stored before the URLs became relative: absolute addresses of our own APP_URL.
    expect(storage.keyFromUrl('http://localhost:3000/api/files/profile/u/x.png')).toBe(
      'profile/u/x.png',
    );
    expect(storage.keyFromUrl('/api/files/../secret')).toBeNull();
    expect(storage.keyFromUrl('https://elsewhere/api/files/profile/u/x.png')).toBeNull();
  });

  it('reads a byte range: closed, open-ended and suffix, with the whole size', async () => {
    const bytes = Buffer.from('0123456789');
    await storage.put('audio/c1/a.mp3', bytes, 'audio/mpeg');
    const closed = await storage.get('audio/c1/a.mp3', { start: 2, end: 4 });
    expect(closed).toMatchObject({
      contentType: 'audio/mpeg',
      size: 10,
      range: { start: 2, end: 4 },
    });
    expect((await buffer(closed!.body)).toString()).toBe('234');
    const open = await storage.get('audio/c1/a.mp3', { start: 7 });
    expect(open?.range).toEqual({ start: 7, end: 9 });
    expect((await buffer(open!.body)).toString()).toBe('789');
    const suffix = await storage.get('audio/c1/a.mp3', { suffix: 3 });
    expect(suffix?.range).toEqual({ start: 7, end: 9 });
    expect((await buffer(suffix!.body)).toString()).toBe('789');
    const clamped = await storage.get('audio/c1/a.mp3', { start: 8, end: 100 });
    expect((await buffer(clamped!.body)).toString()).toBe('89');
    const whole = await storage.get('audio/c1/a.mp3');
    expect(whole?.range).toBeUndefined();
    expect((await buffer(whole!.body)).toString()).toBe('0123456789');
  });

  it('refuses a range past the end with the size, and has nothing for a missing key', async () => {
    await storage.put('audio/c1/b.mp3', Buffer.from('01234'), 'audio/mpeg');
    const error = await storage.get('audio/c1/b.mp3', { start: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeNotSatisfiableError);
    expect((error as RangeNotSatisfiableError).size).toBe(5);
    await expect(storage.get('audio/c1/b.mp3', { suffix: 0 })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
    expect(await storage.get('audio/c1/missing.mp3', { start: 0 })).toBeNull();
  });

  it('lists a folder with write times and deletes, a missing key being no error', async () => {
    await storage.put('cache/c2/a.json', Buffer.from('{}'), 'application/json');
    await storage.put('cache/c2/deep/b.json', Buffer.from('{}'), 'application/json');
    const listed = [];
    for await (const entry of storage.list('cache/c2/')) listed.push(entry);
    expect(listed.map((e) => e.key).sort()).toEqual(['cache/c2/a.json', 'cache/c2/deep/b.json']);
    expect(listed.every((e) => e.modifiedAt instanceof Date)).toBe(true);

    await storage.delete('cache/c2/a.json');
    await storage.delete('cache/c2/a.json');
    expect(await storage.get('cache/c2/a.json')).toBeNull();
    const left = [];
    for await (const entry of storage.list('cache/c2/')) left.push(entry.key);
    expect(left).toEqual(['cache/c2/deep/b.json']);
    const none = [];
    for await (const entry of storage.list('cache/nothing-here/')) none.push(entry);
    expect(none).toEqual([]);
  });
});
