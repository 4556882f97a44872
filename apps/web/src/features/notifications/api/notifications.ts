import {
  NOTIFICATIONS_POLL_MS,
  notificationReadPath,
  notificationsPath,
  notificationsReadAllPath,
  notificationsResponseSchema,
  notificationsUnreadPath,
  unreadCountResponseSchema,
} from '@fieldbot/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const notificationsQueryKey = ['notifications'] as const;
export const unreadQueryKey = ['notifications', 'unread'] as const;
export const notificationListQueryKey = ['notifications', 'list'] as const;

/**
 * The unread count. The stream (use-notification-stream) writes it into this query as events
 * arrive; while the stream is down the query polls instead.
 */
export function useUnreadCount(options: { enabled: boolean; poll: boolean }) {
  return useQuery({
    queryKey: unreadQueryKey,
    queryFn: () => http.get(notificationsUnreadPath, unreadCountResponseSchema),
    select: (body) => body.data.unread,
    enabled: options.enabled,
    refetchInterval: options.poll ? NOTIFICATIONS_POLL_MS : false,
    meta: { errorToast: false },
  });
}

/** Pages of notifications, unread first: what the bell's list shows ("Show more" adds a page). */
export function useNotifications(options: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: notificationListQueryKey,
    queryFn: ({ pageParam }) =>
      http.get(notificationsPath, notificationsResponseSchema, {
        query: { page: pageParam, order: 'unread_first' },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.data.items.length, 0) < last.data.count
        ? pages.length + 1
        : undefined,
    select: (data) => ({
      items: data.pages.flatMap((p) => p.data.items),
      count: data.pages.at(-1)?.data.count ?? 0,
    }),
    enabled: options.enabled,
    meta: { errorToast: false },
  });
}

function useAfterRead() {
  const queryClient = useQueryClient();
  return (unread: number) => {
    queryClient.setQueryData(unreadQueryKey, { data: { unread } });
    void queryClient.invalidateQueries({ queryKey: notificationListQueryKey });
  };
}

export function useMarkRead() {
  const after = useAfterRead();
  return useMutation({
    mutationFn: (id: string) => http.post(notificationReadPath(id), {}, unreadCountResponseSchema),
    onSuccess: ({ data }) => after(data.unread),
  });
}

export function useMarkAllRead() {
  const after = useAfterRead();
  return useMutation({
    mutationFn: () => http.post(notificationsReadAllPath, {}, unreadCountResponseSchema),
    onSuccess: ({ data }) => after(data.unread),
  });
}
