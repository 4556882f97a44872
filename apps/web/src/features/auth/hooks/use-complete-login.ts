import type { User } from '@fieldbot/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setCurrentUser } from '@/lib/session';
import { useLoginCompletion } from './use-login-completion';

/** useLoginCompletion inside the app: the router moves on once the query client knows the user. */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Stable across the delay's own URL change: a new one would end the delay early.
  const abandoned = useCallback((user: User) => setCurrentUser(queryClient, user), [queryClient]);
  const exit = useMemo(
    () => ({
      where: () => ({ pathname, search }),
      rewrite: (url: string) => void navigate(url, { replace: true }),
      leave: (user: User, to: string) => {
        setCurrentUser(queryClient, user);
        void navigate(to, { replace: true });
      },
      abandoned,
    }),
    [navigate, pathname, search, queryClient, abandoned],
  );
  return useLoginCompletion(exit);
}
