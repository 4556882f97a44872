import { describe, expect, it } from 'vitest';
import { ROLE_ALIASES, type RoleAlias } from '../auth/roles';
import { canAccessRoute } from './access';
import { resolveRoute } from './resolve-route';
import { makeUser } from '../testing/users';

/** One concrete path per route of spec §2, and the roles that may open it. */
const F = 'field_team',
  M = 'manager',
  A = 'company_admin',
  PU = 'publisher_user',
  PA = 'publisher_admin';
const COMPANY: RoleAlias[] = [F, M, A];
const PUBLISHER: RoleAlias[] = [PU, PA];
const ALL: RoleAlias[] = [...COMPANY, ...PUBLISHER];

const TABLE: [string, RoleAlias[]][] = [
  ['/profile', ALL],
  ['/change-password', ALL],
  ['/no-access', ALL],
  ['/company/dashboard', COMPANY],
  ['/customers', COMPANY],
  ['/customers/42', COMPANY],
  ['/customers/42/interaction/7/csr-call', COMPANY],
  ['/interaction/7/field-recording', COMPANY],
  ['/users', [M, A]],
  ['/users/9/detail/general', [M, A]],
  ['/users/interaction/7/csr-call', [M, A]],
  ['/settings/company-info', [A]],
  ['/settings/billing/invoice-history', [A]],
  ['/settings/billing/transaction-history', [A]],
  ['/settings/integrations', [A]],
  ['/settings/privacy', [A]],
  ['/settings/audit-log', [A, PA]],
  ['/marketplace', [A]],
  ['/marketplace/bot/3', [A]],
  ['/marketplace/p1', [A]],
  ['/publisher/dashboard', PUBLISHER],
  ['/bot', PUBLISHER],
  ['/bot/list', PUBLISHER],
  ['/bot/create', PUBLISHER],
  ['/bot/create/5', PUBLISHER],
  ['/bot/detail/5', PUBLISHER],
  ['/bot/private-bot', PUBLISHER],
  ['/clients/list', PUBLISHER],
  ['/clients/detail/8/general', PUBLISHER],
  ['/settings/publisher-info', [PA]],
  ['/publisher/users', [PA]],
];

describe('route access per role (spec §2 route-set reading)', () => {
  for (const [path, allowed] of TABLE) {
    for (const role of ALL_ROLES()) {
      const expected = allowed.includes(role);
      it(`${role} ${expected ? 'may' : 'may not'} open ${path}`, () => {
        expect(canAccessRoute(role, path)).toBe(expected);
        const decision = resolveRoute({ pathname: path, user: makeUser(role) });
        expect(decision).toEqual(expected ? { kind: 'render' } : { kind: 'no-access' });
      });
    }
  }

  it('ignores query string, hash and trailing slashes', () => {
    expect(canAccessRoute(F, '/customers/?page=2#top')).toBe(true);
    expect(resolveRoute({ pathname: '/users/', user: makeUser(F) })).toEqual({ kind: 'no-access' });
  });
});

function ALL_ROLES(): readonly RoleAlias[] {
  return ROLE_ALIASES;
}
