import { API_KEY_MESSAGES } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/errors.js';
import { userAgentOf } from '../audit-log/index.js';
import type { RouteAuth } from '../../plugins/types.js';
import type { ApiKeyPrincipal, ApiKeysService } from './api-keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a /api/v1 request, set by the API-key guard. */
    apiKey: ApiKeyPrincipal | null;
  }
}

/** The public API's prefix: Bearer keys only, no session, no CSRF (no ambient credentials). */
export const PUBLIC_API_PREFIX = '/api/v1/';

const apiKeyAuth = (auth: RouteAuth | undefined) =>
  typeof auth === 'object' && 'apiKey' in auth ? auth : null;

/**
 * Authenticates routes declaring `auth: { apiKey: scope }` by their Bearer key, then checks the
 * scope (403) after the key (401) and its rate limit (429). Every /api/v1 route must declare a
 * scope and no other route may: a session route can never be reached with a key, nor a key route
 * with a session.
 */
export function registerApiKeyGuard(
  app: FastifyInstance,
  { apiKeys }: { apiKeys: Pick<ApiKeysService, 'authenticate'> },
): void {
  app.decorateRequest('apiKey', null);

  app.addHook('onRoute', (route) => {
    const isPublicApi = route.url.startsWith(PUBLIC_API_PREFIX);
    const auth = apiKeyAuth((route.config as { auth?: RouteAuth } | undefined)?.auth);
    if (isPublicApi !== Boolean(auth)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url}: routes under ${PUBLIC_API_PREFIX} (and only they) declare config.auth { apiKey: scope }`,
      );
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const auth = apiKeyAuth(request.routeOptions.config.auth);
    if (!auth || request.is404) return;
    const { principal, headers } = await apiKeys.authenticate(request.headers.authorization, {
      ip: request.ip,
      userAgent: userAgentOf(request.headers),
      route: `${request.method} ${request.routeOptions.url ?? ''}`,
    });
    reply.headers(headers);
    if (!principal.scopes.includes(auth.apiKey)) {
      throw new DomainError(403, API_KEY_MESSAGES.missingScope(auth.apiKey));
    }
    request.apiKey = principal;
  });
}
