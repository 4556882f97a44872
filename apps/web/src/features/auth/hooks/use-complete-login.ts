import { STORAGE_KEYS, type User } from '@fieldbot/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setCurrentUser } from '@/lib/session';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { postLoginPlan } from '../lib/post-login';

interface Pending {
  user: User;
  timer: number;
}

/**
 * Finishes a login (or an accepted invitation): applies the spec §2 redirectTo rules, then makes
 * the user current and leaves the page. While the "about 1 second" delay runs the page stays
 * logged out, so the route guard does not send the visitor elsewhere first; the URL's redirectTo
 * is aligned with the target beforehand so that the guard and this hook agree on where to go.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useRef<Pending | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  useEffect(
    () => () => {
      // Leaving the page during the delay: the session exists, so the app must know the user.
      const left = pending.current;
      if (left) {
        window.clearTimeout(left.timer);
        pending.current = null;
        setCurrentUser(queryClient, left.user);
      }
    },
    [queryClient],
  );

  const complete = useCallback(
    (user: User) => {
      const params = new URLSearchParams(location.search);
      const plan = postLoginPlan(
        user,
        params.get('redirectTo') ?? readStorage(STORAGE_KEYS.redirectTo),
      );
      const finish = () => {
        pending.current = null;
        removeStorage(STORAGE_KEYS.redirectTo);
        setCurrentUser(queryClient, user);
        navigate(plan.to, { replace: true });
      };
      if (plan.vanityPopup) writeStorage(STORAGE_KEYS.vanityPopup, 'true');
      if (plan.delayMs === 0) {
        finish();
        return;
      }
      if (plan.to === '/') params.delete('redirectTo');
      else params.set('redirectTo', plan.to);
      const search = params.toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true });
      setRedirecting(true);
      pending.current = { user, timer: window.setTimeout(finish, plan.delayMs) };
    },
    [location.pathname, location.search, navigate, queryClient],
  );

  return { complete, redirecting };
}
