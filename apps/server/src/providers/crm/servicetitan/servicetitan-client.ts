import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CrmError, type CrmStateStore } from '../crm-provider.js';

/**
 * ServiceTitan's transport: OAuth2 client credentials at {authUrl}/connect/token (tokens last
 * 900 s; ServiceTitan throttles token requests, so the token is cached in memory and in the
 * integration's state), every API call with `Authorization: Bearer` and `ST-App-Key`, 429/5xx and
 * network failures retried with exponential backoff honouring Retry-After.
 */
export interface ServiceTitanCredentials {
  clientId: string;
  clientSecret: string;
  appKey: string;
  tenantId: string;
}

export interface ServiceTitanTransportOptions {
  authUrl: string;
  apiUrl: string;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  maxRetries: number;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;
/** A Retry-After longer than this ends the attempt: the sync job retries later instead of blocking a worker. */
const RETRY_AFTER_CAP_MS = 120_000;
/** A token this close to its expiry is treated as expired (clock skew, request time). */
const EXPIRY_MARGIN_MS = 60_000;

export const CREDENTIALS_MESSAGE =
  'ServiceTitan rejected the credentials: check the Client ID and Client Secret, the App Key and the Tenant ID.';

const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

const storedToken = z.object({
  serviceTitanToken: z.object({
    key: z.string(),
    accessToken: z.string(),
    expiresAt: z.number(),
  }),
});

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

/** 'seconds' or an HTTP date to milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

export class ServiceTitanTransport {
  private token: CachedToken | null = null;
  /** A token request under way, shared by concurrent calls (ServiceTitan throttles token requests). */
  private pendingToken: Promise<CachedToken> | null = null;
  /** Which app a stored token belongs to, so "Modify" with another client drops it (no secret in it). */
  private readonly tokenKey: string;

  constructor(
    private readonly credentials: ServiceTitanCredentials,
    private readonly state: CrmStateStore,
    private readonly options: ServiceTitanTransportOptions,
  ) {
    this.tokenKey = createHash('sha256')
      .update([options.authUrl, credentials.clientId].join('\n'))
      .digest('hex')
      .slice(0, 32);
  }

  /**
   * A GET of the API with auth; the response is 2xx (its body unread) or a CrmError is thrown.
   * `onStatus` may name the error of a final status (e.g. 404 of a recording).
   */
  async get(
    path: string,
    query: Record<string, string>,
    request: {
      signal?: AbortSignal;
      accept?: string;
      onStatus?: (status: number) => CrmError | null;
    } = {},
  ): Promise<Response> {
    return this.send('GET', path, query, request);
  }

  /**
   * Any method of the API with auth, like `get`. A POST (`json` body) is not idempotent: it is sent
   * again only after 429 (refused before it ran), never after a 5xx or a lost answer, which may
   * have created the record; the caller's own retry decides what to do then.
   */
  async send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    query: Record<string, string>,
    request: {
      signal?: AbortSignal;
      accept?: string;
      json?: unknown;
      onStatus?: (status: number) => CrmError | null;
    } = {},
  ): Promise<Response> {
    const { signal, accept = 'application/json', onStatus = () => null } = request;
    const url = new URL(this.options.apiUrl + path);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const body = request.json === undefined ? undefined : JSON.stringify(request.json);
    let refreshed = false;
    for (;;) {
      const token = await this.accessToken(signal, refreshed);
      const response = await this.withRetries(
        signal,
        () =>
          this.options.fetch(url, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              'st-app-key': this.credentials.appKey,
              accept,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body,
            signal,
          }),
        method !== 'POST',
      );
      if (response.ok) return response;
      await response.body?.cancel();
      if (response.status === 401 && !refreshed) {
        // Expired or revoked before its time: one fresh token, then give up.
        refreshed = true;
        continue;
      }
      throw onStatus(response.status) ?? this.errorFor(response.status);
    }
  }

  private errorFor(status: number): CrmError {
    if (status === 401 || status === 403) return new CrmError(CREDENTIALS_MESSAGE, false, true);
    // ServiceTitan answers 404 for a tenant the app isn't connected to.
    if (status === 404) return new CrmError(CREDENTIALS_MESSAGE, false, true);
    return new CrmError(`ServiceTitan refused the request (HTTP ${status}).`, false);
  }

  private async accessToken(signal: AbortSignal | undefined, forceNew: boolean): Promise<string> {
    const now = this.options.now();
    if (!forceNew) {
      const cached = this.token ?? (await this.storedToken());
      if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now) {
        this.token = cached;
        return cached.accessToken;
      }
    }
    this.pendingToken ??= this.renewToken(signal).finally(() => {
      this.pendingToken = null;
    });
    return (await this.pendingToken).accessToken;
  }

  private async renewToken(signal: AbortSignal | undefined): Promise<CachedToken> {
    const token = await this.requestToken(signal);
    this.token = token;
    const state = await this.state.get();
    const others = typeof state === 'object' && state !== null ? state : {};
    await this.state.set({ ...others, serviceTitanToken: { key: this.tokenKey, ...token } });
    return token;
  }

  private async storedToken(): Promise<CachedToken | null> {
    const parsed = storedToken.safeParse(await this.state.get());
    if (!parsed.success || parsed.data.serviceTitanToken.key !== this.tokenKey) return null;
    const { accessToken, expiresAt } = parsed.data.serviceTitanToken;
    return { accessToken, expiresAt };
  }

  private async requestToken(signal: AbortSignal | undefined): Promise<CachedToken> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
    });
    const startedAt = this.options.now();
    const response = await this.withRetries(signal, () =>
      this.options.fetch(`${this.options.authUrl}/connect/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal,
      }),
    );
    if (!response.ok) {
      await response.body?.cancel();
      if ([400, 401, 403].includes(response.status)) {
        throw new CrmError(CREDENTIALS_MESSAGE, false, true);
      }
      throw new CrmError(
        `ServiceTitan refused the token request (HTTP ${response.status}).`,
        false,
      );
    }
    const parsed = tokenResponse.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new CrmError('ServiceTitan sent an unreadable token response.', true);
    return {
      accessToken: parsed.data.access_token,
      expiresAt: startedAt + parsed.data.expires_in * 1000,
    };
  }

  /** Runs one request, again after 429/5xx/network failures, until it answers otherwise or retries run out. */
  private async withRetries(
    signal: AbortSignal | undefined,
    send: () => Promise<Response>,
    idempotent = true,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let response: Response | null = null;
      try {
        response = await send();
      } catch (error) {
        if (signal?.aborted) throw error;
        if (!idempotent) {
          throw new CrmError('ServiceTitan did not answer; the write will be tried again.', true);
        }
      }
      if (response && !isRetryableStatus(response.status)) return response;
      if (response && !idempotent && response.status !== 429) {
        await response.body?.cancel();
        throw new CrmError(
          `ServiceTitan is not answering right now (HTTP ${response.status}); the write will be tried again.`,
          true,
        );
      }
      const status = response?.status;
      const retryAfter = response
        ? retryAfterMs(response.headers.get('retry-after'), this.options.now())
        : null;
      await response?.body?.cancel();
      if (attempt >= this.options.maxRetries || (retryAfter ?? 0) > RETRY_AFTER_CAP_MS) {
        const detail = status === undefined ? '' : ` (HTTP ${status})`;
        throw new CrmError(
          `ServiceTitan is not answering right now${detail}; Fieldbot will try again later.`,
          true,
        );
      }
      await this.options.sleep(
        retryAfter ?? Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_CAP_MS),
      );
      signal?.throwIfAborted();
    }
  }
}
