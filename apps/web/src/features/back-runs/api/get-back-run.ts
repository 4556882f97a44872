import { backRunPath, backRunResponseSchema, type BackRun } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** How often a running back-run's progress is read again. */
export const BACK_RUN_POLL_MS = 3_000;

/** GET /api/company/bot-back-run/{id} → the back-run with done / failed / total. */
export async function getBackRun(id: string, signal?: AbortSignal): Promise<BackRun> {
  const { data } = await http.get(backRunPath(id), backRunResponseSchema, { signal });
  return data;
}

export const backRunQueryKey = (id: string) => ['back-runs', id] as const;

export const backRunQueryOptions = (id: string) =>
  queryOptions({
    queryKey: backRunQueryKey(id),
    queryFn: ({ signal }) => getBackRun(id, signal),
    // The start and cancel answers seed it: fresh for one interval, no read again at once.
    staleTime: BACK_RUN_POLL_MS,
    // Polls while running; stops once completed or cancelled.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? BACK_RUN_POLL_MS : false),
    meta: { errorToast: false },
  });

/** The progress of a started back-run; the start answer seeds it, so it shows at once. */
export function useBackRun(id: string | null) {
  return useQuery({ ...backRunQueryOptions(id ?? ''), enabled: id !== null });
}
