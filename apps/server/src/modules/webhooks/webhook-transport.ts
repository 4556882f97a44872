import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIPv6 } from 'node:net';
import { WEBHOOK_TIMEOUT_MS } from '@fieldbot/shared';
import type { WebhookAddressGuard } from './webhook-address.js';

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The receiver's answer, or why there was none. */
export type WebhookPostResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string | null };

export type WebhookTransport = (request: WebhookPost) => Promise<WebhookPostResult>;

/**
 * POSTs with the address guard checked at delivery time and the connection pinned to the addresses
 * it checked (a lookup that answers from them), so a DNS answer changed between check and connect
 * cannot reach an internal address. Redirects are not followed: a 3xx is a failed attempt.
 */
export function createWebhookTransport(options: {
  guard: WebhookAddressGuard;
  userAgent: string;
  timeoutMs?: number;
}): WebhookTransport {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return async ({ url, headers, body }) => {
    let checked: { url: URL; addresses: string[] };
    try {
      checked = await options.guard.check(url);
    } catch (error) {
      return { ok: false, status: null, error: (error as Error).message };
    }
    const addresses = checked.addresses.map((address) => ({
      address,
      family: isIPv6(address) ? 6 : 4,
    }));
    const pinned: LookupFunction = (_host, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    };
    const client = checked.url.protocol === 'https:' ? https : http;
    return new Promise<WebhookPostResult>((resolve) => {
      const request = client.request(
        checked.url,
        {
          method: 'POST',
          lookup: pinned,
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': options.userAgent,
          },
        },
        (response) => {
          // The body is not kept: only the status decides, and the log shows the code.
          response.resume();
          const status = response.statusCode ?? 0;
          resolve(
            status >= 200 && status < 300
              ? { ok: true, status }
              : { ok: false, status, error: null },
          );
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
        resolve({
          ok: false,
          status: null,
          error: timedOut
            ? `No answer within ${timeoutMs / 1000} s`
            : (error.code ?? error.message).slice(0, 200),
        });
      });
      request.end(body);
    });
  };
}
