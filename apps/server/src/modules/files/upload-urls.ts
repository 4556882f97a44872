import { createHmac, timingSafeEqual } from 'node:crypto';

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Relative, so uploads work at any host name and under the app's CSP (connect-src 'self'). */
export const UPLOADS_PATH = '/api/uploads/';

export type UploadUrls = ReturnType<typeof createUploadUrls>;

/**
 * Upload URLs: `/api/uploads/{key}?expires=…&signature=…`, an HMAC of the key and expiry. The URL
 * alone authorises the PUT (it is handed only to the user who asked for it); the uploaded_files
 * row makes it single-use.
 */
export function createUploadUrls(secret: string, now: () => number = Date.now) {
  const sign = (key: string, expires: string) =>
    createHmac('sha256', secret).update(`upload:${key}:${expires}`).digest('hex');

  return {
    issue(key: string): string {
      const expires = String(Math.floor(now() / 1000) + UPLOAD_URL_TTL_SECONDS);
      const query = new URLSearchParams({ expires, signature: sign(key, expires) });
      return `${UPLOADS_PATH}${key}?${query.toString()}`;
    },

    /** The signature is the key's and the URL has not expired. */
    verify(key: string, expires: string, signature: string): boolean {
      if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
      if (Number(expires) * 1000 < now()) return false;
      return timingSafeEqual(Buffer.from(sign(key, expires), 'hex'), Buffer.from(signature, 'hex'));
    },
  };
}
