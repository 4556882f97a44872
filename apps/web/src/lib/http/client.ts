import { CSRF_COOKIE, CSRF_HEADER, MESSAGES, REQUEST_TIMEOUT_MS } from '@fieldbot/shared';
// zod/mini's safeParse takes any zod 4 schema, classic or mini, and keeps classic zod out of the
// login page's bundle.
import { safeParse, type core } from 'zod/mini';
import { readCookie } from '../cookies';
import { ApiError, apiErrorFrom } from './api-error';
import { applyErrorStatus, forgetStaleSession } from './session-effects';

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

/** The zod schema an answer is parsed with: the contract of packages/shared, never a cast. */
export type ResponseSchema<T> = core.$ZodType<T>;

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CSRF_COOKIE_PATH = '/api/csrf-cookie';

/** `path` with the query string of `query` (empty values left out, arrays as `key[]`). */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
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

/** fetch with a timeout; a timeout and a network failure become ApiError with status 0. */
export async function fetchWithTimeout(
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
      if (!response.ok) throw apiErrorFrom(response.status, await readBody(response));
    })
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

async function send<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions,
  isRetry: boolean,
): Promise<T> {
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
  if (response.ok) {
    const parsed = safeParse(schema, data);
    if (parsed.success) return parsed.data;
    // An answer outside the contract is a server fault, shown like any other.
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, MESSAGES.somethingWentWrong, {}, data);
  }

  if (response.status === 419) {
    forgetStaleSession();
    if (!isRetry) return send(path, schema, options, true);
  } else {
    applyErrorStatus(response.status, data);
  }
  throw apiErrorFrom(response.status, data);
}

/** JSON request to the API with cookies, CSRF and the spec §8 error handling; the answer is parsed with `schema`. */
export function request<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  return send(path, schema, options, false);
}

type GetOptions = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, schema: ResponseSchema<T>, options?: GetOptions) =>
    request(path, schema, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: GetOptions) =>
    request(path, schema, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: GetOptions) =>
    request(path, schema, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: GetOptions) =>
    request(path, schema, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: GetOptions) =>
    request(path, schema, { ...options, method: 'DELETE', body }),
};
