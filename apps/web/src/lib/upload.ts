import {
  CSRF_COOKIE,
  CSRF_HEADER,
  MESSAGES,
  PHOTO_RULES,
  fileExtension,
  preSignedUrlResponseSchema,
  type PreSignedUrlBody,
} from '@fieldbot/shared';
import { z } from 'zod';
import { readCookie } from './cookies';
import { ApiError, ensureCsrfCookie, http, isApiError } from './http';

export type UploadFolder = PreSignedUrlBody['folder'];

/** Fraction 0..1 of the file sent so far. */
export type UploadProgress = (fraction: number) => void;

export interface UploadOptions {
  /** Reports the PUT's progress (an XMLHttpRequest: fetch cannot report upload progress). */
  onProgress?: UploadProgress;
  signal?: AbortSignal;
  /** Overrides the file's own type, e.g. for an extension browsers leave untyped. */
  contentType?: string;
  /** Further attempts after a transient failure (network, timeout, 429, 5xx), with backoff. */
  retries?: number;
  /** Wait before retry number `attempt` (1, 2, …). */
  retryDelay?: (attempt: number) => number;
}

/** 0.5 s, 1 s, 2 s … capped at 10 s: quick after a blip, gentle during a long outage. */
export const defaultRetryDelay = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 10_000);

/** A failure worth retrying: no connection, a timeout, throttling or a server error. */
export function isTransient(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');

/** The PUT through XMLHttpRequest, the one browser API that reports upload progress. */
async function putWithProgress(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<void> {
  const sameOrigin = isSameOrigin(url);
  if (sameOrigin) await ensureCsrfCookie();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    // As given: a relative upload_url stays on the host the app was opened at.
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    if (sameOrigin) {
      xhr.withCredentials = true;
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
    xhr.onabort = () => reject(aborted());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** The PUT through fetch: the API client (cookies, CSRF) on this host, a plain PUT to a storage provider. */
async function put(url: string, file: Blob, contentType: string, signal?: AbortSignal) {
  const headers = { 'Content-Type': contentType };
  if (isSameOrigin(url)) {
    await http.put(url, file, z.unknown(), { headers, signal });
    return;
  }
  let response: Response;
  try {
    response = await fetch(url, { method: 'PUT', body: file, headers, signal });
  } catch (error) {
    if (signal?.aborted) throw aborted();
    throw new ApiError(0, MESSAGES.uploadFailed, {}, error);
  }
  if (!response.ok) throw new ApiError(response.status, MESSAGES.uploadFailed);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(aborted());
      },
      { once: true },
    );
  });
}

async function uploadOnce(file: File, folder: UploadFolder, options: UploadOptions) {
  const { signal, onProgress } = options;
  const { data } = await http.post(
    '/api/data/pre-signed-url',
    { file_name: file.name, folder },
    preSignedUrlResponseSchema,
    { signal },
  );
  const contentType = options.contentType ?? (file.type || 'application/octet-stream');
  if (onProgress) await putWithProgress(data.upload_url, file, contentType, onProgress, signal);
  else await put(data.upload_url, file, contentType, signal);
  return data.file_url;
}

/**
 * Spec §7 upload: POST /api/data/pre-signed-url {file_name, folder}, then PUT of the file with its
 * content type to upload_url, used as the server gave it (relative on local storage). Resolves with
 * file_url. A transient failure starts again with a fresh pre-signed URL, as upload URLs are
 * single-use; `signal` cancels the request, the PUT and any wait.
 */
export async function uploadFile(
  file: File,
  folder: UploadFolder,
  options: UploadOptions = {},
): Promise<string> {
  const { retries = 0, retryDelay = defaultRetryDelay, signal } = options;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await uploadOnce(file, folder, options);
    } catch (error) {
      if (signal?.aborted || attempt >= retries || !isTransient(error)) throw error;
      await sleep(retryDelay(attempt + 1), signal);
    }
  }
}

/** Spec §5 logo / §8 photo rules: jpg, jpeg or png, at most 3 MB. The message to show, or null. */
export function imageFileError(file: Pick<File, 'name' | 'size'>): string | null {
  if (!(PHOTO_RULES.extensions as readonly string[]).includes(fileExtension(file.name))) {
    return MESSAGES.fileExtensionNotSupported;
  }
  if (file.size > PHOTO_RULES.maxBytes) return MESSAGES.fileSizeTooLarge(PHOTO_RULES.maxMb);
  return null;
}
