import { QUERY_RETRY } from '@fieldbot/shared';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './http';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** errorToast: false turns off the automatic error toast (the caller shows the error itself). */
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean };
  }
}

/** Spec §9: most queries retry twice; a 4xx answer will not change on retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRY;
}

/** A 401 is handled by the Session Expired modal or the payment-due flow, not by a toast. */
function wantsToast(error: unknown, meta: { errorToast?: boolean } | undefined): boolean {
  if (meta?.errorToast === false) return false;
  return !(isApiError(error) && error.status === 401);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (wantsToast(error, query.meta)) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (wantsToast(error, mutation.meta)) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
