import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, isSafeKey, UploadTooLargeError } from './local-storage.js';

const root = mkdtempSync(path.join(tmpdir(), 'fieldbot-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const storage = createLocalStorage({
  root,
  appUrl: 'http://localhost:3000',
  secret: 's'.repeat(40),
  maxBytes: 10,
});

describe('local storage', () => {
  it('issues signed upload URLs that verify only unchanged and unexpired', async () => {
    const { upload_url, file_url } = await storage.presignUpload('profile/u1/a.png', 'image/png');
    expect(file_url).toBe('http://localhost:3000/api/files/profile/u1/a.png');
    const url = new URL(upload_url);
    expect(url.pathname).toBe('/api/uploads/profile/u1/a.png');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    expect(storage.verifyUpload('profile/u1/a.png', expires, signature)).toBe(true);
    expect(storage.verifyUpload('profile/u2/a.png', expires, signature)).toBe(false);
    expect(storage.verifyUpload('profile/u1/a.png', String(Number(expires) + 1), signature)).toBe(
      false,
    );
    expect(
      storage.verifyUpload('profile/u1/a.png', expires, signature, (Number(expires) + 1) * 1000),
    ).toBe(false);
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

  it('refuses keys that could escape the storage folder', () => {
    for (const key of ['../etc/passwd', 'a/../b', '/abs', 'a//b', 'a\\b', '.hidden/x', '']) {
      expect(isSafeKey(key)).toBe(false);
    }
    expect(isSafeKey('profile/3f2a/9c1e.png')).toBe(true);
    expect(storage.keyFromUrl('http://localhost:3000/api/files/profile/u/x.png')).toBe(
      'profile/u/x.png',
    );
    expect(storage.keyFromUrl('https://elsewhere/api/files/profile/u/x.png')).toBeNull();
  });
});
