import type { ApiKeyScope, RoleAlias, User } from '@fieldbot/shared';
import type { SessionRecord } from '../modules/session/index.js';

/**
 * What a route under /api must declare. 'public' is open to anyone; otherwise a logged-in user is
 * needed, optionally with one of `roles` and/or the `permission`. `setup` defaults to 'required':
 * users whose account is not set up (spec §4) reach only routes marked setup: 'any'.
 */
export type RouteAuth =
  | 'public'
  | SessionRouteAuth
  /** Public API (/api/v1): a Bearer API key with this scope, checked by the public-api module. */
  | { apiKey: ApiKeyScope };

export interface SessionRouteAuth {
  roles?: readonly RoleAlias[];
  permission?: string;
  setup?: 'required' | 'any';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** Set to false only where another proof replaces the CSRF header (signed upload URLs). */
    csrf?: boolean;
  }
  interface FastifyRequest {
    session: SessionRecord | null;
    /** The logged-in user, loaded by the auth guard for non-public routes. */
    user: User | null;
  }
}
