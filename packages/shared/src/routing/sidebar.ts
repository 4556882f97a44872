import type { Module } from '../auth/permissions';
import { isPublisherRole } from '../auth/roles';
import type { User } from '../auth/user.schema';
import { isAccountSetUp } from './setup';

export interface SidebarItem {
  module: Module;
  label: string;
  to: string;
  disabled: boolean;
}

/** [module, label, client route, publisher route] in sidebar order (spec §2 Layout elements). */
const ITEMS: readonly [Module, string, string, string][] = [
  ['dashboard', 'Dashboard', '/company/dashboard', '/publisher/dashboard'],
  ['bots', 'Bots', '/', '/bot/list'],
  ['clients', 'Clients', '/', '/clients/list'],
  ['teams', 'Teams', '/users', '/users'],
  ['users', 'Users', '/users', '/publisher/users'],
  ['interactions', 'Customers', '/customers', '/customers'],
  ['interactions', 'Search', '/search', '/search'],
  ['marketplace', 'Marketplace', '/marketplace', '/'],
  ['settings', 'Settings', '/settings/company-info', '/settings/publisher-info'],
];

export function sidebarItems(
  user: Pick<User, 'role' | 'company' | 'publisher' | 'permissions'>,
): SidebarItem[] {
  const publisher = isPublisherRole(user.role.alias);
  const modules = new Set(user.permissions.map((p) => p.module));
  const setUp = isAccountSetUp(user);
  return ITEMS.filter(([module]) => modules.has(module)).map(([module, label, client, pub]) => ({
    module,
    label,
    to: publisher ? pub : client,
    // Until onboarding is complete only Settings leads anywhere.
    disabled: !setUp && module !== 'settings',
  }));
}
