import { randomInt } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'Demo@12345';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
export type JsonBody = any;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /**
   * 'auto' (default): fetch /api/csrf-cookie when the jar has no XSRF-TOKEN and send it on mutating
   * requests; 'omit': send no header; any other string is sent as the header verbatim.
   */
  csrf?: 'auto' | 'omit' | (string & {});
  headers?: Record<string, string>;
  /** Raw request body (sent as is, with `contentType`); overrides the JSON body. */
  raw?: string | Buffer;
  contentType?: string;
  query?: Record<string, string>;
}

export interface ApiResponse<T = JsonBody> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  body: T;
  text: string;
  setCookies: { name: string; value: string; [key: string]: unknown }[];
}

function randomIp(): string {
  return `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

function isExpired(cookie: { value: string; maxAge?: number; expires?: Date }): boolean {
  if (cookie.value === '') return true;
  if (cookie.maxAge !== undefined && cookie.maxAge <= 0) return true;
  return cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
}

/**
 * A browser-like client over app.inject(): keeps cookies, gets the CSRF cookie before the first
 * mutating call and sends X-XSRF-TOKEN re-read from the jar on every request (login rotates it).
 * Each client has its own remote address, so per-IP limits of one test don't leak into another.
 */
export class ApiClient {
  readonly jar = new Map<string, string>();
  readonly ip: string;

  /** `app` is a getter so that a client survives a server restart on the same database. */
  constructor(
    private readonly app: () => FastifyInstance,
    options: { ip?: string } = {},
  ) {
    this.ip = options.ip ?? randomIp();
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  get sessionCookie(): string | undefined {
    return this.jar.get(SESSION_COOKIE);
  }

  get csrfToken(): string | undefined {
    const raw = this.jar.get(CSRF_COOKIE);
    return raw === undefined ? undefined : decodeURIComponent(raw);
  }

  /** A second client holding a copy of this one's cookies (e.g. to replay a session later). */
  clone(options: { ip?: string } = {}): ApiClient {
    const copy = new ApiClient(this.app, { ip: options.ip ?? this.ip });
    for (const [k, v] of this.jar) copy.jar.set(k, v);
    return copy;
  }

  async request<T = JsonBody>(
    method: Method,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const mutating = method !== 'GET';
    const csrf = options.csrf ?? 'auto';
    if (mutating && csrf === 'auto') {
      if (this.csrfToken === undefined) await this.fetchCsrfCookie();
      const token = this.csrfToken;
      if (token !== undefined) headers[CSRF_HEADER] = token;
    } else if (mutating && csrf !== 'omit') {
      headers[CSRF_HEADER] = csrf;
    }
    let payload: string | Buffer | undefined;
    if (options.raw !== undefined) {
      payload = options.raw;
      if (options.contentType) headers['content-type'] = options.contentType;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const cookies = Object.fromEntries(this.jar);
    const res = await this.app().inject({
      method,
      url: path,
      query: options.query,
      headers,
      cookies,
      payload,
      remoteAddress: this.ip,
    });
    for (const c of res.cookies) {
      if (isExpired(c)) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    let parsed: unknown;
    try {
      parsed = res.body === '' ? undefined : JSON.parse(res.body);
    } catch {
      parsed = undefined;
    }
    return {
      status: res.statusCode,
      headers: res.headers,
      body: parsed as T,
      text: res.body,
      setCookies: res.cookies,
    };
  }

  get<T = JsonBody>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, undefined, options);
  }

  post<T = JsonBody>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>> {
    // Only a missing body defaults to {}; a JSON null is sent as such.
    return this.request<T>('POST', path, body === undefined ? {} : body, options);
  }

  put<T = JsonBody>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, body, options);
  }

  async fetchCsrfCookie(): Promise<ApiResponse> {
    const res = await this.get('/api/csrf-cookie');
    expect(res.status, 'GET /api/csrf-cookie').toBe(204);
    return res;
  }

  /** Logs in and asserts success; returns the `{data: User}` response. */
  async loginAs(email: string, password = DEMO_PASSWORD): Promise<ApiResponse> {
    const res = await this.post('/api/user/login', { email, password });
    expect(res.status, `login as ${email}: ${res.text}`).toBe(200);
    return res;
  }
}
