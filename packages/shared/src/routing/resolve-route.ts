import { isRoleAlias, ROLE } from '../auth/roles';
import type { User } from '../auth/user.schema';
import { canAccessRoute } from './access';
import { isAuthPath, isKnownRoute, isPublicPath, normalizePath } from './paths';
import { homePath, isAccountSetUp, settingsHomePath, settingsTabs } from './setup';

export type RouteDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  | { kind: 'no-access' }
  | { kind: 'not-found' }
  | { kind: 'logout' };

export interface RouteInput {
  pathname: string;
  search?: string;
  user: Pick<User, 'role' | 'company' | 'publisher'> | null;
}

function param(search: string | undefined, name: string): string | null {
  return new URLSearchParams(search ?? '').get(name);
}

/** A same-site path only: an absolute or protocol-relative redirect would be an open redirect. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

/** Spec §2 "Routing rules" and §4 set-up gating, as one decision per navigation. */
export function resolveRoute({ pathname, search, user }: RouteInput): RouteDecision {
  const path = normalizePath(pathname);

  if (isPublicPath(path)) {
    if (user && isAuthPath(path)) {
      return { kind: 'redirect', to: safeRedirectPath(param(search, 'redirectTo')) ?? '/' };
    }
    return { kind: 'render' };
  }

  if (!user) {
    const back = `${path}${search ?? ''}`;
    return {
      kind: 'redirect',
      to: path === '/' ? '/login' : `/login?redirectTo=${encodeURIComponent(back)}`,
    };
  }

  const alias = user.role.alias;
  if (!isRoleAlias(alias)) return { kind: 'logout' };

  if (!isAccountSetUp(user)) {
    if (alias !== ROLE.COMPANY_ADMIN && alias !== ROLE.PUBLISHER_ADMIN) return { kind: 'logout' };
    const tabs = settingsTabs(user);
    const tab = tabs.find((t) => path.startsWith(t.path));
    if (!tab || tab.disabled) {
      const reachable = [...tabs].reverse().find((t) => !t.disabled);
      const to = tab ? (reachable?.path ?? settingsHomePath(user)) : settingsHomePath(user);
      return to === path ? { kind: 'render' } : { kind: 'redirect', to };
    }
  }

  if (!isKnownRoute(path)) return { kind: 'not-found' };
  if (path === '/') return { kind: 'redirect', to: homePath(user) };
  if (path === '/settings') return { kind: 'redirect', to: settingsHomePath(user) };
  if (path === '/settings/billing' && canAccessRoute(alias, path)) {
    return { kind: 'redirect', to: '/settings/billing/invoice-history' };
  }
  return canAccessRoute(alias, path) ? { kind: 'render' } : { kind: 'no-access' };
}
