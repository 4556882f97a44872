import { CSRF_COOKIE, MESSAGES } from '@fieldbot/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { ApiError } from './http';
import { uploadFile } from './upload';

afterEach(() => vi.unstubAllGlobals());

function presigned(uploadUrl: string, fileUrl: string) {
  return jsonResponse(200, { data: { upload_url: uploadUrl, file_url: fileUrl } });
}

describe('uploadFile', () => {
  it('PUTs the file with its content type to the relative upload_url as given', async () => {
    document.cookie = `${CSRF_COOKIE}=t; path=/`;
    const { calls } = mockFetch((call) =>
      call.url === '/api/data/pre-signed-url'
        ? presigned('/api/uploads/k?signature=s', '/api/files/k')
        : new Response(null, { status: 204 }),
    );
    const file = new File(['png'], 'me.png', { type: 'image/png' });

    await expect(uploadFile(file, 'profile')).resolves.toBe('/api/files/k');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { file_name: 'me.png', folder: 'profile' },
    });
    // Not prefixed with any host: the app works at whatever address it is opened.
    expect(calls[1]).toMatchObject({ method: 'PUT', url: '/api/uploads/k?signature=s' });
    expect(calls[1]?.headers['content-type']).toBe('image/png');
    expect(calls[1]?.headers['x-xsrf-token']).toBe('t');
    expect(calls[1]?.body).toBe(file);
  });

  it("sends a storage provider's URL a plain PUT without the app's anti-forgery token", async () => {
    document.cookie = `${CSRF_COOKIE}=t; path=/`;
    const { calls } = mockFetch((call) =>
      call.url === '/api/data/pre-signed-url'
        ? presigned('https://bucket.example/k?sig=1', 'https://bucket.example/k')
        : new Response(null, { status: 200 }),
    );
    const file = new File(['a'], 'a.webm', { type: 'audio/webm' });
    await expect(uploadFile(file, 'recordings', { contentType: 'audio/webm' })).resolves.toBe(
      'https://bucket.example/k',
    );
    expect(calls[1]?.url).toBe('https://bucket.example/k?sig=1');
    expect(calls[1]?.headers['x-xsrf-token']).toBeUndefined();
  });

  it('starts again with a fresh pre-signed URL after a transient failure, up to `retries`', async () => {
    document.cookie = `${CSRF_COOKIE}=t; path=/`;
    let puts = 0;
    let presigns = 0;
    mockFetch((call) => {
      if (call.url === '/api/data/pre-signed-url') {
        presigns += 1;
        return presigned(`/api/uploads/k${presigns}`, `/api/files/k${presigns}`);
      }
      puts += 1;
      return puts === 1
        ? jsonResponse(503, { message: 'busy' })
        : new Response(null, { status: 204 });
    });
    const file = new File(['a'], 'a.png', { type: 'image/png' });
    await expect(uploadFile(file, 'profile', { retries: 1, retryDelay: () => 0 })).resolves.toBe(
      '/api/files/k2',
    );
    expect(presigns).toBe(2);
  });

  it('does not retry a refusal, and rejects with the spec message on a failed PUT', async () => {
    document.cookie = `${CSRF_COOKIE}=t; path=/`;
    const { calls } = mockFetch((call) =>
      call.url === '/api/data/pre-signed-url'
        ? presigned('https://bucket.example/k', 'https://bucket.example/k')
        : new Response(null, { status: 403 }),
    );
    const file = new File(['a'], 'a.png', { type: 'image/png' });
    const error = await uploadFile(file, 'profile', { retries: 3, retryDelay: () => 0 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(MESSAGES.uploadFailed);
    expect(calls).toHaveLength(2);
  });

  it('stops when cancelled', async () => {
    document.cookie = `${CSRF_COOKIE}=t; path=/`;
    const controller = new AbortController();
    mockFetch(() => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const file = new File(['a'], 'a.png', { type: 'image/png' });
    await expect(
      uploadFile(file, 'profile', { signal: controller.signal, retries: 3 }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
