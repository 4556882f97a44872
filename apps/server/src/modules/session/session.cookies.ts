import { CSRF_COOKIE, SESSION_COOKIE } from '@fieldbot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NewSession } from './session.service.js';

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
