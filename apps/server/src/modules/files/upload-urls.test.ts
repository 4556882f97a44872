import { describe, expect, it } from 'vitest';
import { createUploadUrls, UPLOAD_URL_TTL_SECONDS } from './upload-urls.js';

describe('upload URLs', () => {
  let clock = 1_700_000_000_000;
  const urls = createUploadUrls('s'.repeat(40), () => clock);

  it('are relative paths that verify only unchanged and unexpired', () => {
    const url = urls.issue('profile/u1/a.png');
    expect(url.startsWith('/api/uploads/profile/u1/a.png?expires=')).toBe(true);
    const query = new URL(url, 'http://any.host').searchParams;
    const expires = query.get('expires')!;
    const signature = query.get('signature')!;
    expect(Number(expires)).toBe(clock / 1000 + UPLOAD_URL_TTL_SECONDS);
    expect(urls.verify('profile/u1/a.png', expires, signature)).toBe(true);
    expect(urls.verify('profile/u2/a.png', expires, signature)).toBe(false);
    expect(urls.verify('profile/u1/a.png', String(Number(expires) + 1), signature)).toBe(false);
    expect(urls.verify('profile/u1/a.png', expires, 'f'.repeat(64))).toBe(false);
    expect(urls.verify('profile/u1/a.png', 'soon', signature)).toBe(false);
    clock += (UPLOAD_URL_TTL_SECONDS + 1) * 1000;
    expect(urls.verify('profile/u1/a.png', expires, signature)).toBe(false);
  });

  it('are signed with the secret: another secret does not verify them', () => {
    const url = new URL(urls.issue('recordings/u/c.webm'), 'http://any.host');
    const other = createUploadUrls('t'.repeat(40), () => clock);
    const [expires, signature] = ['expires', 'signature'].map((k) => url.searchParams.get(k)!);
    expect(other.verify('recordings/u/c.webm', expires!, signature!)).toBe(false);
  });
});
