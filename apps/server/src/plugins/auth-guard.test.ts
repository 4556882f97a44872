import type { RoleAlias, User } from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../lib/errors.js';
import type { UserProfileRow } from '../db/queries/user-profile.js';
import type { SessionRecord } from '../modules/session/session.service.js';
import { checkAccess, registerAuthGuard } from './auth-guard.js';
import { registerErrorHandling } from './errors.js';

/** Users whose only permission is dashboard.view, so permission checks have something to refuse. */
function user(alias: RoleAlias, overrides: Partial<User> = {}): User {
  return makeUser(alias, {
    permissions: [{ name: 'dashboard.view', module: 'dashboard' }],
    ...overrides,
  });
}

const statusOf = (fn: () => void) => {
  try {
    fn();
    return 200;
  } catch (error) {
    return (error as DomainError).status;
  }
};

describe('checkAccess', () => {
  it('refuses a wrong role or a missing permission with 403', () => {
    expect(statusOf(() => checkAccess({ roles: ['company_admin'] }, user('manager')))).toBe(403);
    expect(statusOf(() => checkAccess({ roles: ['manager'] }, user('manager')))).toBe(200);
    expect(statusOf(() => checkAccess({ permission: 'users.manage' }, user('manager')))).toBe(403);
    expect(statusOf(() => checkAccess({ permission: 'dashboard.view' }, user('manager')))).toBe(
      200,
    );
  });

  it('lets a not-set-up user reach only setup:any routes', () => {
    const newAdmin = user('company_admin', { company: null });
    expect(statusOf(() => checkAccess({}, newAdmin))).toBe(403);
    expect(statusOf(() => checkAccess({ setup: 'any' }, newAdmin))).toBe(200);
  });

  it('answers 401 with is_payment_due for company users whose company owes a payment', () => {
    const due = user('field_team', { company: makeCompany({ is_payment_due: true }) });
    let error: DomainError | undefined;
    try {
      checkAccess({}, due);
    } catch (e) {
      error = e as DomainError;
    }
    expect(error?.status).toBe(401);
    expect(error?.body).toEqual({ is_payment_due: 1 });
    expect(statusOf(() => checkAccess({ setup: 'any' }, due))).toBe(200);
  });
});

describe('registerAuthGuard', () => {
  it('refuses to register an /api route that does not declare its auth', async () => {
    const app = Fastify();
    registerAuthGuard(app, { userFromProfile: async () => user('manager') });
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/must declare config.auth/);
    app.get('/api/open', { config: { auth: 'public' } }, async () => 'ok');
    app.get('/not-api', async () => 'ok');
    await app.ready();
    await app.close();
  });

  it('builds the user once per profile read, not once per request', async () => {
    const app = Fastify();
    app.decorateRequest('session', null);
    app.decorateRequest('user', null);
    const profiles = [{}, {}] as unknown as UserProfileRow[];
    let current = profiles[0]!;
    app.addHook('onRequest', async (request) => {
      request.session = { userId: 'u1', profile: current } as SessionRecord;
    });
    let builds = 0;
    registerAuthGuard(app, {
      userFromProfile: async () => {
        builds += 1;
        return user('manager', { name: `build ${builds}` });
      },
    });
    app.get('/api/who', { config: { auth: {} } }, async (request) => request.user!.name);
    const who = async () => (await app.inject({ url: '/api/who' })).body;
    expect([await who(), await who(), await who()]).toEqual(['build 1', 'build 1', 'build 1']);
    current = profiles[1]!;
    expect(await who()).toBe('build 2');
    await app.close();
  });

  it('answers 401 when the session has a user id but the user is gone', async () => {
    const app = Fastify();
    app.decorateRequest('session', null);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.session = { userId: 'u1', profile: null } as SessionRecord;
    });
    registerErrorHandling(app);
    registerAuthGuard(app, { userFromProfile: async () => user('manager') });
    app.get('/api/who', { config: { auth: {} } }, async () => 'x');
    expect((await app.inject({ url: '/api/who' })).statusCode).toBe(401);
    await app.close();
  });
});
