export const ROLE = {
  FIELD_TEAM: 'field_team',
  COMPANY_ADMIN: 'company_admin',
  MANAGER: 'manager',
  PUBLISHER_ADMIN: 'publisher_admin',
  PUBLISHER_USER: 'publisher_user',
} as const;

export type RoleAlias = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_ALIASES: readonly RoleAlias[] = Object.values(ROLE);

export const ROLE_TITLES: Record<RoleAlias, string> = {
  field_team: 'Field Technician',
  company_admin: 'Company Admin',
  manager: 'Company Manager',
  publisher_admin: 'Publisher Admin',
  publisher_user: 'Publisher User',
};

export function isRoleAlias(value: unknown): value is RoleAlias {
  return typeof value === 'string' && (ROLE_ALIASES as readonly string[]).includes(value);
}

/** Spec §6: publisher-side roles are those whose alias contains 'publisher'. */
export function isPublisherRole(alias: string): boolean {
  return alias.includes('publisher');
}

export function isCompanyRole(alias: string): boolean {
  return isRoleAlias(alias) && !isPublisherRole(alias);
}

/** Spec §3: a view-only flag is derived when the role alias contains the word view. */
export function isViewOnlyRole(alias: string): boolean {
  return alias.includes('view');
}
