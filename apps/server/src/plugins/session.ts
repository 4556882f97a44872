import { CSRF_COOKIE, SESSION_COOKIE } from '@fieldbot/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NewSession, SessionStore } from './session-store.js';
import './types.js';

export interface SessionPluginOptions {
  store: SessionStore;
}

/** Sets both cookies for a (new) session; the XSRF cookie is readable by the page. */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
) {
  const secure = request.protocol === 'https';
  const expires = session.record.expiresAt;
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires,
  });
  reply.setCookie(CSRF_COOKIE, session.record.csrfToken, {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    expires,
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const secure = request.protocol === 'https';
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  reply.clearCookie(CSRF_COOKIE, { sameSite: 'lax', secure, path: '/' });
}

/** Database-backed sessions: every server process sees the same ones. */
export function registerSessions(app: FastifyInstance, { store }: SessionPluginOptions): void {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.is404) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.session = await store.resolve(token);
  });
}
