import {
  CSRF_COOKIE,
  CSRF_HEADER,
  MESSAGES,
  REQUEST_TIMEOUT_MS,
  STORAGE_KEYS,
  isCompanyRole,
  isPublisherRole,
} from '@fieldbot/shared';
import { loadPage } from './browser';
import { clearAuthCookies, readCookie } from './cookies';
import { setSessionFlags } from './session-flags';
import { clearStoredUser, getStoredUser, storeUser, writeStorage } from './storage';

export type FieldErrors = Record<string, string[]>;

/** Every failed call rejects with this: the HTTP status (0 for network/timeout), a user-facing message, field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** The first message of a field, for forms that map 422 errors onto inputs. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CSRF_COOKIE_PATH = '/api/csrf-cookie';

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(`${key}[]`, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return MESSAGES.somethingWentWrong;
}

function errorsOf(body: unknown): FieldErrors {
  if (body && typeof body === 'object' && 'errors' in body) {
    const errors = (body as { errors: unknown }).errors;
    if (errors && typeof errors === 'object') return errors as FieldErrors;
  }
  return {};
}

/** fetch with a timeout; a timeout and a network failure become ApiError with status 0. */
async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new ApiError(0, MESSAGES.requestTimeout);
    if (signal?.aborted) throw error;
    throw new ApiError(0, MESSAGES.somethingWentWrong);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

let csrfRequest: Promise<void> | null = null;

/** GET /api/csrf-cookie once, shared by concurrent mutations that find no XSRF-TOKEN cookie. */
export function ensureCsrfCookie(): Promise<void> {
  if (readCookie(CSRF_COOKIE)) return Promise.resolve();
  csrfRequest ??= fetchWithTimeout(
    CSRF_COOKIE_PATH,
    { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } },
    REQUEST_TIMEOUT_MS,
  )
    .then(async (response) => {
      if (!response.ok) {
        const body = await readBody(response);
        throw new ApiError(response.status, messageOf(body), errorsOf(body), body);
      }
    })
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

/** Spec §8: what each error status does to the app, besides rejecting the call. */
function handleErrorStatus(status: number, body: unknown): void {
  const user = getStoredUser();
  if (status === 401) {
    if (!user) return;
    const paymentDue =
      body !== null &&
      typeof body === 'object' &&
      (body as { is_payment_due?: unknown }).is_payment_due === 1;
    if (paymentDue && isCompanyRole(user.role.alias)) {
      if (user.company) storeUser({ ...user, company: { ...user.company, is_payment_due: true } });
      writeStorage(STORAGE_KEYS.paymentError, messageOf(body));
      setSessionFlags({ paymentDue: true });
    } else {
      setSessionFlags({ sessionExpired: true });
    }
    return;
  }
  if (status === 403) {
    setSessionFlags({ noPermission: true });
    return;
  }
  if (status === 404 && user && isPublisherRole(user.role.alias)) {
    // A full load of /404 (not a client-side navigation) so stale publisher state is dropped.
    loadPage('/404');
  }
}

async function send<T>(path: string, options: RequestOptions, isRetry: boolean): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
  }
  if (MUTATING.has(method)) {
    await ensureCsrfCookie();
    // Re-read before every request: the token rotates on login.
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }

  const response = await fetchWithTimeout(
    buildUrl(path, options.query),
    { method, headers, body, credentials: 'include' },
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    options.signal,
  );
  const data = await readBody(response);
  if (response.ok) return data as T;

  if (response.status === 419) {
    clearAuthCookies();
    clearStoredUser();
    if (!isRetry) return send<T>(path, options, true);
  } else {
    handleErrorStatus(response.status, data);
  }
  throw new ApiError(response.status, messageOf(data), errorsOf(data), data);
}

/** JSON request to the API with cookies, CSRF and the spec §8 error handling. */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, options, false);
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'DELETE', body }),
};

interface PreSignedUrlResponse {
  data: { upload_url: string; file_url: string };
}

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
  const { data } = await http.post<PreSignedUrlResponse>('/api/data/pre-signed-url', {
    file_name: file.name,
    folder,
  });
  const contentType = file.type || 'application/octet-stream';
  if (isSameOrigin(data.upload_url)) {
    await http.put(data.upload_url, file, { headers: { 'Content-Type': contentType } });
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
