import { timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, CSRF_COOKIE, CSRF_HEADER } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../lib/errors.js';
import { type SessionService, setSessionCookies } from '../modules/session/index.js';
import './types.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Sanctum-style double submit: the X-XSRF-TOKEN header must equal the session's token. Runs in
 * onRequest, before the body is even read, so a refused request changes nothing.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/') || request.is404) return;
    if (request.routeOptions.config.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    const expected = request.session?.csrfToken;
    if (!sent || !expected || !sameToken(sent, expected)) {
      throw new DomainError(419, AUTH_MESSAGES.csrfMismatch);
    }
  });
}

/**
 * GET /api/csrf-cookie (Sanctum's name): gives a visitor the session and XSRF-TOKEN cookies before
 * their first mutating request; with a session already, re-sends its token (it rotates on login).
 */
export function registerCsrfCookieRoute(app: FastifyInstance, deps: { sessions: SessionService }) {
  app.get('/api/csrf-cookie', { config: { auth: 'public' } }, async (request, reply) => {
    if (request.session) {
      reply.setCookie(CSRF_COOKIE, request.session.csrfToken, {
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
        expires: request.session.expiresAt,
      });
    } else {
      const session = await deps.sessions.create({
        userId: null,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookies(request, reply, session);
    }
    return reply.code(204).send();
  });
}
