import { SESSION_COOKIE } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionService } from '../modules/session/index.js';
import './types.js';

/** Resolves the session cookie of every /api request (database-backed: shared by all processes). */
export function registerSessions(
  app: FastifyInstance,
  { sessions }: { sessions: Pick<SessionService, 'resolve'> },
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    // The public API (/api/v1) takes Bearer API keys only: a session cookie there is ignored.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/v1/') || request.is404) {
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.session = await sessions.resolve(token);
  });
}
