import type { RoleAlias } from '../auth/roles';
import { matchesPrefix } from './paths';

export const ANY_USER_PREFIXES = ['/profile', '/change-password', '/no-access'] as const;

const FIELD_TEAM = ['/company/dashboard', '/customers', '/interaction', '/search'];
const MANAGER = [...FIELD_TEAM, '/users', '/settings/alerts'];
const COMPANY_ADMIN = [
  ...MANAGER,
  '/settings/company-info',
  '/settings/billing',
  '/settings/integrations',
  '/settings/api-keys',
  '/settings/webhooks',
  '/settings/privacy',
  '/settings/audit-log',
  '/marketplace',
];
const PUBLISHER_USER = [
  '/bot',
  '/bot/list',
  '/bot/create',
  '/bot/detail',
  '/client',
  '/publisher/dashboard',
  '/bot/private-bot',
];
const PUBLISHER_ADMIN = [
  ...PUBLISHER_USER,
  '/settings/publisher-info',
  '/settings/audit-log',
  '/publisher/users',
];

/** Spec §2 "Routes per role (route-set reading)". */
export const ROLE_ROUTE_PREFIXES: Record<RoleAlias, readonly string[]> = {
  field_team: FIELD_TEAM,
  manager: MANAGER,
  company_admin: COMPANY_ADMIN,
  publisher_user: PUBLISHER_USER,
  publisher_admin: PUBLISHER_ADMIN,
};

export function canAccessRoute(role: RoleAlias, path: string): boolean {
  return matchesPrefix(path, ANY_USER_PREFIXES) || matchesPrefix(path, ROLE_ROUTE_PREFIXES[role]);
}
