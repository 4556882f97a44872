import { useQuery } from '@tanstack/react-query';
import { listPendingRecordings } from './pending-recordings';

export const pendingRecordingsQueryKey = (userId: string, customerId: string) =>
  ['recordings', 'pending', userId, customerId] as const;

/** Recordings of this customer left unsaved on this device (a failed upload, a reload). */
export function usePendingRecordings(userId: string, customerId: string) {
  return useQuery({
    queryKey: pendingRecordingsQueryKey(userId, customerId),
    queryFn: () => listPendingRecordings(userId, customerId),
    // Device storage changes only through this tab's own actions, which invalidate it.
    staleTime: Infinity,
    meta: { errorToast: false },
  });
}
