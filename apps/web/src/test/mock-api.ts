import { CSRF_COOKIE } from '@fieldbot/shared';
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
}

type Handler = (call: ApiCall) => MockReply | Promise<MockReply>;

/**
 * Stubs fetch with handlers keyed by 'METHOD /path' (query string ignored) and records every
 * call. An anti-forgery cookie is set so mutations go straight to their endpoint.
 */
export function mockApi(handlers: Record<string, Handler | MockReply>) {
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : (raw ?? null);
    const call = { method, path: url.pathname, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json(404, { message: 'Not found.' });
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    return json(reply.status ?? 200, reply.body ?? null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
