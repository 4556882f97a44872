import type { RoleAlias } from './roles';

export const MODULES = [
  'dashboard',
  'bots',
  'clients',
  'teams',
  'users',
  'interactions',
  'marketplace',
  'settings',
] as const;

export type Module = (typeof MODULES)[number];

export interface Permission {
  name: string;
  module: Module;
}

/** Every permission the product knows; the server seeds them and guards routes by name. */
export const PERMISSIONS = [
  { name: 'dashboard.view', module: 'dashboard' },
  { name: 'bots.manage', module: 'bots' },
  { name: 'clients.manage', module: 'clients' },
  { name: 'teams.manage', module: 'teams' },
  { name: 'users.manage', module: 'users' },
  { name: 'interactions.view', module: 'interactions' },
  { name: 'marketplace.view', module: 'marketplace' },
  { name: 'settings.manage', module: 'settings' },
] as const satisfies readonly Permission[];

export type PermissionName = (typeof PERMISSIONS)[number]['name'];

export const ROLE_PERMISSION_NAMES: Record<RoleAlias, readonly PermissionName[]> = {
  field_team: ['dashboard.view', 'interactions.view'],
  manager: ['dashboard.view', 'teams.manage', 'interactions.view'],
  company_admin: [
    'dashboard.view',
    'teams.manage',
    'interactions.view',
    'marketplace.view',
    'settings.manage',
  ],
  publisher_user: ['dashboard.view', 'bots.manage', 'clients.manage'],
  publisher_admin: [
    'dashboard.view',
    'bots.manage',
    'clients.manage',
    'users.manage',
    'settings.manage',
  ],
};

export function permissionsForRole(alias: RoleAlias): Permission[] {
  const names: readonly string[] = ROLE_PERMISSION_NAMES[alias];
  return PERMISSIONS.filter((p) => names.includes(p.name));
}
