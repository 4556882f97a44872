import { CSRF_COOKIE, CSRF_HEADER, MESSAGES, preSignedUrlResponseSchema } from '@fieldbot/shared';
import { readCookie } from '@/lib/cookies';
import { ApiError, http } from '@/lib/http';
import { RECORDINGS_FOLDER, audioContentType } from '../lib/recording-file';

/** Fraction 0..1 of the file sent so far. */
export type UploadProgress = (fraction: number) => void;

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * PUT with XMLHttpRequest, the one browser API that reports upload progress. No timeout: a large
 * file on a slow line takes as long as it takes; `signal` cancels it.
 */
function putWithProgress(
  url: string,
  file: File,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', audioContentType(file));
    if (isSameOrigin(url)) {
      const token = readCookie(CSRF_COOKIE);
      if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new ApiError(xhr.status, MESSAGES.uploadFailed));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.uploadFailed));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** POST /api/data/pre-signed-url (folder recordings), then the PUT with progress; resolves with file_url. */
export async function uploadRecordingFile(
  file: File,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<string> {
  const { data } = await http.post(
    '/api/data/pre-signed-url',
    { file_name: file.name, folder: RECORDINGS_FOLDER },
    preSignedUrlResponseSchema,
    { signal },
  );
  await putWithProgress(data.upload_url, file, onProgress, signal);
  return data.file_url;
}
