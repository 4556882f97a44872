import { MESSAGES, REQUEST_TIMEOUT_MS, preSignedUrlResponseSchema } from '@fieldbot/shared';
import { z } from 'zod';
import { ApiError } from './http/api-error';
import { fetchWithTimeout, http } from './http/client';

export { ApiError, isApiError, type FieldErrors } from './http/api-error';
export {
  CSRF_COOKIE_PATH,
  ensureCsrfCookie,
  http,
  request,
  type HttpMethod,
  type QueryValue,
  type RequestOptions,
  type ResponseSchema,
} from './http/client';

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Uploads a file (spec §7): POST /api/data/pre-signed-url, then PUT the file with its content type
 * to upload_url. Resolves with file_url. Same-origin uploads (local disk) go through the API client
 * for cookies and CSRF; a storage provider's URL gets a plain PUT.
 */
export async function uploadFile(file: File, folder: string): Promise<string> {
  const { data } = await http.post(
    '/api/data/pre-signed-url',
    { file_name: file.name, folder },
    preSignedUrlResponseSchema,
  );
  const contentType = file.type || 'application/octet-stream';
  if (isSameOrigin(data.upload_url)) {
    await http.put(data.upload_url, file, z.unknown(), {
      headers: { 'Content-Type': contentType },
    });
  } else {
    const response = await fetchWithTimeout(
      data.upload_url,
      { method: 'PUT', body: file, headers: { 'Content-Type': contentType } },
      REQUEST_TIMEOUT_MS,
    );
    if (!response.ok) throw new ApiError(response.status, MESSAGES.uploadFailed);
  }
  return data.file_url;
}
