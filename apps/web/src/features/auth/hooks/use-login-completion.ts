import { STORAGE_KEYS, type User } from '@fieldbot/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { postLoginPlan } from '../lib/post-login';

/** How a page leaves once logged in: by the router in the app, by a document load on /login. */
export interface LoginExit {
  /** The page's address now. */
  where(): { pathname: string; search: string };
  /** Changes the page's address without leaving it. */
  rewrite(url: string): void;
  /** Makes the user current and goes to `to`. */
  leave(user: User, to: string): void;
  /** The page was left during the delay: the session exists, so the app must know the user. */
  abandoned?(user: User): void;
}

interface Pending {
  user: User;
  timer: number;
}

/**
 * Finishes a login (or an accepted invitation): applies the spec §2 redirectTo rules, then leaves
 * the page. While the "about 1 second" delay runs the page stays logged out, so the route guard
 * does not send the visitor elsewhere first; the URL's redirectTo is aligned with the target
 * beforehand so that the guard and this hook agree on where to go.
 */
export function useLoginCompletion(exit: LoginExit) {
  const pending = useRef<Pending | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const { where, rewrite, leave, abandoned } = exit;

  useEffect(
    () => () => {
      const left = pending.current;
      if (left) {
        window.clearTimeout(left.timer);
        pending.current = null;
        abandoned?.(left.user);
      }
    },
    [abandoned],
  );

  const complete = useCallback(
    (user: User) => {
      const { pathname, search } = where();
      const params = new URLSearchParams(search);
      const plan = postLoginPlan(
        user,
        params.get('redirectTo') ?? readStorage(STORAGE_KEYS.redirectTo),
      );
      const finish = () => {
        pending.current = null;
        removeStorage(STORAGE_KEYS.redirectTo);
        leave(user, plan.to);
      };
      if (plan.vanityPopup) writeStorage(STORAGE_KEYS.vanityPopup, 'true');
      if (plan.delayMs === 0) {
        finish();
        return;
      }
      if (plan.to === '/') params.delete('redirectTo');
      else params.set('redirectTo', plan.to);
      const query = params.toString();
      rewrite(`${pathname}${query ? `?${query}` : ''}`);
      setRedirecting(true);
      pending.current = { user, timer: window.setTimeout(finish, plan.delayMs) };
    },
    [where, rewrite, leave],
  );

  return { complete, redirecting };
}
