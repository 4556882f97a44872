import type { User } from '@fieldbot/shared';

/** Markup changes are the publisher admin's ('settings.manage'); a publisher user reads. */
export function canEditMarkup(user: User | null): boolean {
  return user?.permissions.some((permission) => permission.name === 'settings.manage') ?? false;
}
