import { AUTH_MESSAGES, isAccountSetUp, isCompanyRole, type User } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import { DomainError, forbidden, unauthenticated } from '../lib/errors.js';
import type { UserProfileRow } from '../db/queries/user-profile.js';
import type { RouteAuth, SessionRouteAuth } from './types.js';
import './types.js';

export interface AuthGuardOptions {
  /** Builds the user from the profile the session statement already read (no further query). */
  userFromProfile(profile: UserProfileRow): Promise<User>;
}

/** Throws unless a user with this role/permission/set-up state may call a route declaring `auth`. */
export function checkAccess(auth: SessionRouteAuth, user: User): void {
  if (auth.roles && !auth.roles.includes(user.role.alias as never)) throw forbidden();
  if (auth.permission && !user.permissions.some((p) => p.name === auth.permission)) {
    throw forbidden();
  }
  if ((auth.setup ?? 'required') === 'required' && !isAccountSetUp(user)) {
    if (isCompanyRole(user.role.alias) && user.company?.is_payment_due) {
      throw new DomainError(401, AUTH_MESSAGES.paymentDue, { is_payment_due: 1 });
    }
    throw forbidden();
  }
}

/**
 * Every route under /api must say who may call it; a route without a declaration fails at
 * registration, so forgetting the guard is impossible.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  { userFromProfile }: AuthGuardOptions,
): void {
  // A cached session hands back the same profile object until it is read again, so the user
  // built from it (permissions, intercom_hash) is built once per read, not once per request.
  const built = new WeakMap<UserProfileRow, Promise<User>>();
  const userOf = (profile: UserProfileRow): Promise<User> => {
    let user = built.get(profile);
    if (!user) {
      user = userFromProfile(profile);
      built.set(profile, user);
      user.catch(() => built.delete(profile));
    }
    return user;
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
    if (auth === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.auth ('public' or { roles?, permission?, setup? })`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.is404) return;
    const auth = request.routeOptions.config.auth;
    // API-key routes (/api/v1) authenticate in the public-api module, never by session.
    if (auth === undefined || auth === 'public' || 'apiKey' in auth) return;
    const profile = request.session?.userId ? request.session.profile : null;
    // No profile with a user id: the user was deleted since the session began.
    if (!profile) throw unauthenticated();
    const user = await userOf(profile);
    request.user = user;
    checkAccess(auth, user);
  });
}
