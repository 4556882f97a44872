import { canAccessRoute, type RoleAlias } from '@fieldbot/shared';

/**
 * The link when the viewer's role may open it, else undefined (the figure shows as plain text): a
 * manager has no marketplace or billing, a technician no team list.
 */
export function linkFor(role: RoleAlias | undefined, path: string): string | undefined {
  if (!role) return undefined;
  const pathname = path.split('?')[0] ?? path;
  return canAccessRoute(role, pathname) ? path : undefined;
}
